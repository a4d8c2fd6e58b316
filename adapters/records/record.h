// Triad's game records (docs/notation.md "Game records"): PGN-like text of tag pairs, numbered
// move tokens with their NAGs, {comments} and ( variations ), and a result token. This header holds
// the record as data and owns the result tokens; reader.h reads records lazily from a file or a
// text, writer.h writes one, replay.h plays one on a game. No game is named here: moves are tokens,
// checked against the rules by whoever plays them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/types.h"

namespace triad::adapters::records {

// The result tokens: "1-0" Player 1 won, "0-1" Player 2 won, "1/2-1/2" draw, "*" unfinished
// (GameResult::kNone).
std::string_view result_token(engine::GameResult result);
// The result a token stands for; nothing if `token` is not a result token.
std::optional<engine::GameResult> parse_result_token(std::string_view token);

struct Tag {
  std::string name;
  std::string value;  // unescaped
  bool operator==(const Tag&) const = default;
};

// Numeric annotation glyphs: $1 to $255 ("$2" a poor move); the reader takes the move
// suffixes as the NAGs they stand for.
inline constexpr int kMaxNag = 255;
// "!" $1, "?" $2, "!!" $3, "??" $4, "!?" $5, "?!" $6: the NAG a move suffix stands for, or
// nothing if `suffix` is not one.
std::optional<int> suffix_nag(std::string_view suffix);

struct RecordMove;

// A variation `( ... )`: other moves instead of the move it follows. (Declared before
// RecordMove, which holds Variations by value. The two == are written out in record.cpp:
// clang 14 crashes on mutually recursive defaulted comparisons.)
struct Variation {
  std::string comment;  // the {comments} before its first move; "" = none
  std::vector<RecordMove> moves;
  bool operator==(const Variation&) const;
};

// A move of a line, with its annotations: its NAGs, its comment, and the variations that
// replace it (each a line from the position before it).
struct RecordMove {
  std::string token;
  std::string comment;         // its {comments}, after it and its NAGs, joined by spaces; "" = none
  std::vector<int> nags = {};  // 1..kMaxNag, in the order read
  std::vector<Variation> variations = {};
  bool operator==(const RecordMove&) const;
};

struct Record {
  std::int64_t number = 0;        // set by the reader: 1-based index of the record in its source
  std::int64_t line = 0;          // set by the reader: line of its first tag or move
  std::vector<Tag> tags;          // in their order
  std::vector<RecordMove> moves;  // the main line
  std::string comment;            // the closing comment (why the game ended); "" = none
  engine::GameResult result = engine::GameResult::kNone;  // also when the token is missing

  bool operator==(const Record&) const = default;
  // The value of the first tag called `name`, or null.
  const std::string* tag(std::string_view name) const;
  // The main line's move tokens alone.
  std::vector<std::string> tokens() const;
};

// "records file 'f.pgn', record 3 (line 12)": where a record is, for messages. `source` is
// how the reader names its input (RecordReader::source()).
std::string place(std::string_view source, const Record& record);

}  // namespace triad::adapters::records
