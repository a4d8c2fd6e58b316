// The schedule.
#include "tournament/schedule.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "adapters/common/text.h"

namespace triad::tournament {

namespace {

// splitmix64's finaliser: spreads (seed, unit) over the generator's seed space.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

Result<Schedule> Schedule::create(const TournamentConfig& c, GameFactory factory) {
  Schedule s;
  s.factory_ = std::move(factory);
  if (!c.tables_dir.empty()) {
    auto tables = TableAdjudicator::open(c.tables_dir, s.factory_);
    if (!tables) return tables.error();
    s.tables_ = std::move(*tables);
  }
  if (c.openings) {
    s.plies_ = c.openings->plies;
    s.order_ = c.openings->order;
    s.start_ = c.openings->start - 1;
    if (!c.openings->file.empty()) {
      auto loaded = load_openings(c.openings->file, s.factory_);
      if (!loaded) return loaded.error();
      s.book_ = std::move(*loaded);
    }
  }
  if (s.book_.empty()) {
    s.book_.push_back({s.factory_()->start_position_line(), {}});
  }
  for (const Opening& o : s.book_) {
    s.openings_digest_ = adapters::hash_text(o.fen, s.openings_digest_);
    for (const auto& move : o.moves)
      s.openings_digest_ = adapters::hash_text(move, s.openings_digest_);
    s.openings_digest_ = adapters::hash_text("\n", s.openings_digest_);
  }
  const int n = static_cast<int>(c.engines.size());
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j)
      if (c.type == TournamentType::kRoundRobin || i == 0) s.encounters_.emplace_back(i, j);

  s.games_ = c.games;
  s.repeat_ = c.repeat;
  s.units_per_block_ = (s.games_ + s.repeat_ - 1) / s.repeat_;
  s.paired_ = c.repeat == 2 && c.games % 2 == 0;
  s.seed_ = c.seed;
  // rounds * encounters * games, refused before it can overflow.
  const std::int64_t per_round = static_cast<std::int64_t>(s.encounters_.size()) * s.games_;
  if (per_round > kMaxScheduledGames / c.rounds)
    return make_error("the schedule (" + std::to_string(c.rounds) + " rounds of " +
                      std::to_string(per_round) + " games) is larger than the limit of " +
                      std::to_string(kMaxScheduledGames) + " games");
  s.size_ = per_round * c.rounds;
  return s;
}

ScheduledGame Schedule::game(std::int64_t number) const {
  // number - 1 = (round - 1, encounter, g) in mixed radix (rounds, encounters, games).
  const std::int64_t index = number - 1;
  const std::int64_t block = index / games_;  // (round - 1) * encounters + encounter
  const std::int64_t g = index % games_;
  const std::int64_t encounters = static_cast<std::int64_t>(encounters_.size());
  ScheduledGame game;
  game.number = number;
  game.round = block / encounters + 1;
  const auto [a, b] = encounters_[static_cast<std::size_t>(block % encounters)];
  // Colours alternate game by game, also across rounds when games is odd.
  const bool swap = (g + (game.round - 1) * games_) % 2 == 1;
  game.engine[0] = swap ? b : a;
  game.engine[1] = swap ? a : b;
  game.unit = block * units_per_block_ + g / repeat_;
  if (paired_) game.pair = game.unit;
  return game;
}

std::pair<std::int64_t, std::int64_t> Schedule::unit_games(std::int64_t unit) const {
  const std::int64_t block = unit / units_per_block_;
  const std::int64_t first = block * games_ + (unit % units_per_block_) * repeat_ + 1;
  return {first, std::min(first + repeat_ - 1, (block + 1) * games_)};
}

Result<Opening> Schedule::opening(const ScheduledGame& game) const {
  std::mt19937_64 rng(mix(seed_ ^ mix(static_cast<std::uint64_t>(game.unit))));
  const std::size_t index =
      order_ == OpeningOrder::kRandom
          ? std::uniform_int_distribution<std::size_t>(0, book_.size() - 1)(rng)
          : static_cast<std::size_t>((start_ + game.unit) %
                                     static_cast<std::int64_t>(book_.size()));
  if (plies_ == 0) return book_[index];
  return add_random_plies(book_[index], plies_, factory_, rng);
}

}  // namespace triad::tournament
