// Published Razzle Dazzle move lists and PGN-like records -> legal Moves (see record.h).
#include "adapters/razzle/record.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "adapters/common/text.h"
#include "adapters/razzle/notation.h"

namespace triad::adapters::razzle {

namespace rz = games::razzle;

namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

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

// The move list of a record; the result token, if any, goes to `result`.
Result<std::vector<rz::Move>> read_moves(const rz::Game& game, const rz::Position& start,
                                         std::string_view text, engine::History history,
                                         std::string& result) {
  std::vector<std::uint64_t> keys(history.begin(), history.end());
  std::vector<rz::Move> moves;
  rz::Position pos = start;
  for (std::string_view token : split_fields(text)) {
    if (!result.empty())
      return make_error("record: " + quote(token) +
                        " follows the result token; the result must come last");
    if (is_result_token(token)) {
      result = token;
      continue;
    }
    token.remove_prefix(move_number_length(token));
    if (token.empty()) continue;  // a move number on its own
    const std::string where =
        "record move " + std::to_string(moves.size() + 1) + " (" + quote(token) + "): ";
    auto m = Notation<rz::Game>::parse_move(game, pos, engine::History(keys), token);
    if (!m) return make_error(where + m.error().message);
    keys.push_back(game.history_key(pos));
    pos = game.make(pos, *m);
    moves.push_back(*m);
  }
  return moves;
}

// `[Name "value"]` -> (Name, value).
Result<std::pair<std::string, std::string>> parse_tag(std::string_view line, int line_number) {
  const std::string where = "record line " + std::to_string(line_number) + ": ";
  const std::size_t space = line.find(' ');
  const std::size_t open = line.find('"');
  const std::size_t close = line.rfind('"');
  if (line.back() != ']' || space == std::string_view::npos || open == std::string_view::npos ||
      close <= open || close + 2 != line.size() || space < 2 || space > open)
    return make_error(where + "expected a tag pair such as [FEN \"...\"], got " + quote(line));
  return std::pair<std::string, std::string>(std::string(line.substr(1, space - 1)),
                                             std::string(line.substr(open + 1, close - open - 1)));
}

}  // namespace

Result<std::vector<rz::Move>> import_moves(const rz::Game& game, const rz::Position& start,
                                           std::string_view text, engine::History history) {
  std::string result;
  return read_moves(game, start, text, history, result);
}

Result<ImportedRecord> import_record(const rz::Game& game, std::string_view text) {
  ImportedRecord record{game.start_position(), {}, {}, {}};
  std::size_t pos = 0;
  int line_number = 0;
  // Tag pairs: lines that start with '[' before the move list.
  while (pos < text.size()) {
    const std::size_t end = std::min(text.find('\n', pos), text.size());
    std::string_view line = text.substr(pos, end - pos);
    while (!line.empty() && is_blank(line.front())) line.remove_prefix(1);
    while (!line.empty() && is_blank(line.back())) line.remove_suffix(1);
    if (!line.empty() && line.front() != '[') break;
    ++line_number;
    pos = end + 1;
    if (line.empty()) continue;
    auto tag = parse_tag(line, line_number);
    if (!tag) return tag.error();
    if (tag->first == "FEN") {
      auto start = Notation<rz::Game>::parse_position(game, tag->second);
      if (!start)
        return make_error("record line " + std::to_string(line_number) +
                          ": FEN tag: " + start.error().message);
      record.start = *start;
    }
    record.tags.push_back(std::move(*tag));
  }
  auto moves =
      read_moves(game, record.start, text.substr(std::min(pos, text.size())), {}, record.result);
  if (!moves) return moves.error();
  record.moves = std::move(*moves);
  return record;
}

}  // namespace triad::adapters::razzle
