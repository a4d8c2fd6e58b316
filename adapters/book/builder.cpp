// Building books from game records (see builder.h).
#include "adapters/book/builder.h"

#include <algorithm>

#include "adapters/common/text.h"
#include "adapters/records/replay.h"

namespace triad::adapters::book {

namespace {

// The result from the side of `mover`: +1 win, 0 draw, -1 loss; nothing if unfinished.
std::optional<int> result_for(engine::GameResult result, engine::Player mover) {
  const int sign = mover == engine::Player::kOne ? 1 : -1;
  switch (result) {
    case engine::GameResult::kP1Win:
      return sign;
    case engine::GameResult::kP2Win:
      return -sign;
    case engine::GameResult::kDraw:
      return 0;
    case engine::GameResult::kNone:
      break;
  }
  return std::nullopt;
}

// The variant's own spelling of `token`, played in `before` and leading to `after` (records
// may write an equivalent form, e.g. another order of a chain's steps).
std::string canonical_token(const AnyGame& before, const std::string& token, const AnyGame& after) {
  const auto legal = before.legal_moves();
  if (std::find(legal.begin(), legal.end(), token) != legal.end()) return token;
  for (const auto& candidate : legal) {
    auto trial = before.clone();
    if (trial->play(candidate) && trial->position_line() == after.position_line()) return candidate;
  }
  return token;
}

// One record into `book`; errors without the record's place.
Result<void> add_record(Book& book, const records::Record& record, const GameFactory& factory,
                        const BuildSettings& settings) {
  if (const auto* v = record.tag("Variant"); v && *v != book.variant().variant)
    return make_error("the game is of variant " + quote(*v) + ", the book of " +
                      quote(book.variant().variant));
  auto game = factory();
  if (auto r = records::set_up(*game, record); !r) return r;
  // The moves of the book's plies are entered with the position before them.
  auto enter = [&](std::size_t ply, const AnyGame& before, const AnyGame& after) {
    const auto score = result_for(record.result, before.side_to_move());
    if (!score) return;
    const std::string& token = record.moves[ply].token;
    BookMove& m = book.at(before.position_line()).add(canonical_token(before, token, after));
    std::uint32_t& count = *score > 0 ? m.stats.wins : *score < 0 ? m.stats.losses : m.stats.draws;
    count = add_counts(count, 1);
  };
  std::unique_ptr<AnyGame> before;  // before the last move played, if it is in the plies
  auto r = records::play_moves(*game, record, [&](std::size_t ply, const AnyGame& now) {
    if (before) enter(ply - 1, *before, now);
    before = static_cast<int>(ply) < settings.max_plies ? now.clone() : nullptr;
  });
  if (!r) return r;
  if (before) enter(record.moves.size() - 1, *before, *game);
  return {};
}

}  // namespace

Result<std::size_t> add_records(Book& book, records::RecordReader& reader,
                                const GameFactory& factory, const BuildSettings& settings) {
  std::size_t games = 0;
  while (true) {
    auto record = reader.next();
    if (!record) return record.error();
    if (!*record) return games;
    if (auto r = add_record(book, **record, factory, settings); !r)
      return make_error(records::place(reader.source(), **record) + ": " + r.error().message);
    ++games;
  }
}

void finish_weights(Book& book, std::uint32_t min_games) {
  std::vector<PositionKey> empty;
  for (auto& [key, entry] : book.entries()) {
    auto& moves = entry.moves;
    moves.erase(std::remove_if(moves.begin(), moves.end(),
                               [&](const BookMove& m) { return m.stats.games() < min_games; }),
                moves.end());
    for (auto& m : moves)
      m.weight = std::max<std::uint32_t>(
          1, add_counts(m.stats.wins, std::uint64_t{m.stats.wins} + m.stats.draws));
    if (moves.empty() && entry.eval == kNoEval && entry.proved == Proved::kNone)
      empty.push_back(key);
  }
  for (const auto& key : empty) book.erase(key);
}

}  // namespace triad::adapters::book
