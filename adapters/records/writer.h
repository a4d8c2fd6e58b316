// Writing one game record in the format of docs/notation.md "Game records" (what triad-match
// writes with -pgnout): the tag pairs, an empty line, the numbered moves with their NAGs
// ("$2"; suffixes are read, never written), comments and variations wrapped at 80 columns,
// the closing comment, the result token and an empty line.
#pragma once

#include <string>

#include "adapters/records/record.h"

namespace triad::adapters::records {

// The record's text, ending with an empty line (records are appended one after another).
// `number` and `line` are not written. Moves are numbered from the side to move of the FEN
// tag (the second field of its position line; Player 1 without one); tag values are escaped
// ('"' and '\\'); braces inside comments become '|' and control bytes in tags and comments
// become spaces, so the text always reads back as the same record.
std::string write_record(const Record& record);

}  // namespace triad::adapters::records
