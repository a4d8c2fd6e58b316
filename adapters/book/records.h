// Game records as books are built from them: PGN-like text (docs/notation.md "Game records",
// as triad-match writes them, and CuteGames' PGN) split into games — their tags, the move
// tokens and the result. Comments, variations, NAGs and move numbers are skipped; the moves
// are checked against the rules by whoever plays them (build_book).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/result.h"

namespace triad::adapters::book {

struct RecordText {
  int line = 0;  // 1-based line of the record's first tag or move
  std::vector<std::pair<std::string, std::string>> tags;
  std::vector<std::string> moves;
  std::string result;  // "1-0", "0-1", "1/2-1/2" or "*" ("*" also when missing)

  const std::string* tag(std::string_view name) const;
};

// Every record of `text`; an unterminated comment, variation or tag, or a malformed tag line,
// is an error naming `file_name` and the line.
Result<std::vector<RecordText>> split_records(std::string_view text, std::string_view file_name);

}  // namespace triad::adapters::book
