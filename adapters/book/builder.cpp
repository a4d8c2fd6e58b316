// Building books from game records (see builder.h).
#include "adapters/book/builder.h"

#include <algorithm>

#include "adapters/common/text.h"

namespace triad::adapters::book {

namespace {

// The result from the side of `mover`: +1 win, 0 draw, -1 loss; nothing if unfinished.
std::optional<int> result_for(std::string_view result, engine::Player mover) {
  const int sign = mover == engine::Player::kOne ? 1 : -1;
  if (result == "1-0") return sign;
  if (result == "0-1") return -sign;
  if (result == "1/2-1/2") return 0;
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

}  // namespace

Result<void> add_records(Book& book, const std::vector<RecordText>& records,
                         const GameFactory& factory, const BuildSettings& settings,
                         std::string_view file_name) {
  for (const auto& record : records) {
    const std::string where =
        "records file " + quote(file_name) + ":" + std::to_string(record.line) + ": ";
    if (const auto* v = record.tag("Variant"); v && *v != book.variant().variant)
      return make_error(where + "the game is of variant " + quote(*v) + ", the book of " +
                        quote(book.variant().variant));
    auto game = factory();
    // CuteGames writes [FEN "startpos"] for games from the start position.
    if (const auto* fen = record.tag("FEN"); fen && *fen != "startpos")
      if (auto r = game->reset(*fen); !r) return make_error(where + "FEN: " + r.error().message);
    for (std::size_t k = 0; k < record.moves.size(); ++k) {
      const std::string& token = record.moves[k];
      const bool in_book = static_cast<int>(k) < settings.max_plies;
      const auto before = in_book ? game->clone() : nullptr;
      if (auto r = game->play(token); !r)
        return make_error(where + "ply " + std::to_string(k + 1) + ": move " + quote(token) + ": " +
                          r.error().message);
      const auto score =
          result_for(record.result, before ? before->side_to_move() : engine::Player::kOne);
      if (!in_book || !score) continue;
      BookMove& m = book.at(before->position_line()).add(canonical_token(*before, token, *game));
      (*score > 0 ? m.stats.wins : *score < 0 ? m.stats.losses : m.stats.draws) += 1;
    }
  }
  return {};
}

void finish_weights(Book& book, std::uint32_t min_games) {
  std::vector<PositionKey> empty;
  for (auto& [key, entry] : book.entries()) {
    auto& moves = entry.moves;
    moves.erase(std::remove_if(moves.begin(), moves.end(),
                               [&](const BookMove& m) { return m.stats.games() < min_games; }),
                moves.end());
    for (auto& m : moves) m.weight = std::max<std::uint32_t>(1, 2 * m.stats.wins + m.stats.draws);
    if (moves.empty() && entry.eval == kNoEval && entry.proved == Proved::kNone)
      empty.push_back(key);
  }
  for (const auto& key : empty) book.erase(key);
}

}  // namespace triad::adapters::book
