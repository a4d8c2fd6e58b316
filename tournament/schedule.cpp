// Openings and the schedule.
#include "tournament/schedule.h"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "adapters/common/text.h"

namespace triad::tournament {

namespace {

// Plays `opening` on a fresh game; the error says which move failed.
Result<std::unique_ptr<adapters::AnyGame>> replay(const Opening& opening,
                                                  const GameFactory& factory) {
  auto game = factory();
  if (!game) return game.error();
  if (auto r = (*game)->reset(opening.fen); !r) return r.error();
  for (std::size_t i = 0; i < opening.moves.size(); ++i)
    if (auto r = (*game)->play(opening.moves[i]); !r)
      return make_error(adapters::refused_at_ply(i, r.error().message));
  if ((*game)->outcome().over()) return make_error("the game is already over in this opening");
  return game;
}

}  // namespace

Result<std::vector<Opening>> load_openings(const std::filesystem::path& file,
                                           const GameFactory& factory) {
  const std::string where = "openings file '" + file.string() + "'";
  std::error_code ec;
  const auto status = std::filesystem::status(file, ec);
  if (!std::filesystem::exists(status)) return make_error(where + " does not exist");
  if (!std::filesystem::is_regular_file(status))
    return make_error(where + " is not a regular file");
  if (std::filesystem::file_size(file, ec) > kMaxOpeningsFileBytes)
    return make_error(where + " is larger than " + std::to_string(kMaxOpeningsFileBytes >> 20) +
                      " MiB");
  std::ifstream in(file);
  if (!in) return make_error(where + " cannot be read");
  std::vector<Opening> out;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.size() > kMaxOpeningLineBytes)
      return make_error(where + " line " + std::to_string(number) + " is longer than " +
                        std::to_string(kMaxOpeningLineBytes) + " bytes");
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    Opening o;
    const auto moves_at = line.find(" moves ");
    o.fen =
        line.substr(first, moves_at == std::string::npos ? std::string::npos : moves_at - first);
    while (!o.fen.empty() && (o.fen.back() == ' ' || o.fen.back() == '\t')) o.fen.pop_back();
    if (moves_at != std::string::npos) {
      std::istringstream words(line.substr(moves_at + 7));
      for (std::string m; words >> m;) o.moves.push_back(m);
    }
    if (auto g = replay(o, factory); !g)
      return make_error(where + " line " + std::to_string(number) + ": " + g.error().message);
    out.push_back(std::move(o));
  }
  if (out.empty()) return make_error(where + " has no position");
  return out;
}

Result<Opening> add_random_plies(const Opening& base, int plies, const GameFactory& factory,
                                 std::mt19937_64& rng) {
  constexpr int kTries = 100;
  for (int attempt = 0; attempt < kTries; ++attempt) {
    auto game = replay(base, factory);
    if (!game) return game.error();
    Opening o = base;
    bool ok = true;
    for (int i = 0; i < plies && ok; ++i) {
      const auto moves = (*game)->legal_moves();
      if (moves.empty()) {
        ok = false;
        break;
      }
      const auto& m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
      ok = (*game)->play(m).ok() && !(*game)->outcome().over();
      o.moves.push_back(m);
    }
    if (ok) return o;
  }
  return make_error("no sequence of " + std::to_string(plies) +
                    " random plies that keeps the game going was found from '" + base.fen + "'");
}

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
    auto game = s.factory_();
    if (!game) return game.error();
    s.book_.push_back({(*game)->start_position_line(), {}});
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
