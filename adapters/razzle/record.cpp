// Published Razzle Dazzle move lists -> legal Moves (see record.h).
#include "adapters/razzle/record.h"

#include <cstdint>
#include <string>

#include "adapters/razzle/notation.h"

namespace triad::adapters::razzle {

namespace rz = games::razzle;

namespace {

bool is_result_token(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

// "12." or "12..." alone, or the number prefix of "12.c8-b6": the length of that prefix.
std::size_t move_number_length(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
  if (i == 0 || i == t.size() || t[i] != '.') return 0;
  while (i < t.size() && t[i] == '.') ++i;
  return i;
}

}  // namespace

Result<std::vector<rz::Move>> import_moves(const rz::Game& game, const rz::Position& start,
                                           std::string_view text, engine::History history) {
  std::vector<std::uint64_t> keys(history.begin(), history.end());
  std::vector<rz::Move> moves;
  rz::Position pos = start;
  std::size_t i = 0;
  bool finished = false;
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (i < text.size()) {
    if (blank(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && !blank(text[j])) ++j;
    std::string_view token = text.substr(i, j - i);
    i = j;
    if (finished)
      return make_error("record: '" + std::string(token) +
                        "' follows the result token; the result must come last");
    if (is_result_token(token)) {
      finished = true;
      continue;
    }
    token.remove_prefix(move_number_length(token));
    if (token.empty()) continue;  // a move number on its own
    const std::string where =
        "record move " + std::to_string(moves.size() + 1) + " ('" + std::string(token) + "'): ";
    auto m = Notation<rz::Game>::parse_move(game, pos, engine::History(keys), token);
    if (!m) return make_error(where + m.error().message);
    keys.push_back(game.history_key(pos));
    pos = game.make(pos, *m);
    moves.push_back(*m);
  }
  return moves;
}

}  // namespace triad::adapters::razzle
