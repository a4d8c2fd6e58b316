// The text of Yin Yang proofs (docs/games/yin-yang.md, "Solving positions"): one proved
// position per line, as written by triad-yinyang-prove and read back by it, by its
// --verify check and by the engine's built-in perfect-play book. Format (version 1):
//   # triad yinyang proof v1
//   <position line> win|loss <move>|- <solver nodes> <seconds>
// win/loss is for the side to move; the move is a winning move for a win (for a loss, the
// move tried first: the one leaving the opponent the fewest replies). Lines starting with
// '#' and empty lines are comments.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.h"
#include "engine/games/yinyang/prover.h"

namespace triad::adapters::yinyang {

inline constexpr std::string_view kProofHeader = "# triad yinyang proof v1";

// The text of one line (no newline) and its parse (the error says which field is wrong).
std::string format_proof_line(const games::yinyang::ProvedPosition& p);
Result<games::yinyang::ProvedPosition> parse_proof_line(std::string_view line);

// Whether `line` carries no proof (a comment or an empty line).
inline bool is_proof_comment(std::string_view line) {
  return line.empty() || line.front() == '#';
}

// Every proof of a whole proof text (the header line first); an error names the line.
Result<std::vector<games::yinyang::ProvedPosition>> parse_proof_text(std::string_view text);

}  // namespace triad::adapters::yinyang
