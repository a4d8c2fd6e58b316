// The annotated records of a game review (-annotate FILE, docs/analysis.md "Game review"):
// each game's record (its tags, result and closing comment) with every move annotated from
// the review's JSON lines: a comment with the evaluation (Player 1's point of view: +1.25,
// or #+7 / #-4 for a mate in moves), NAG $6 (?!), $2 (?) or $4 (??) for an inaccuracy, a
// mistake or a blunder, and for those the engine's best line as a variation; the accuracies
// in the closing comment. Built from the lines, so a resumed review writes the same file.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "analysis/input.h"
#include "engine/core/result.h"

namespace triad::analysis {

// The records of `input`'s games from `lines` (the review's output, one line per position
// in input order), written to `file` at once (a temporary file renamed).
Result<void> write_annotated(const std::filesystem::path& file, const Input& input,
                             const std::vector<std::string>& lines);

}  // namespace triad::analysis
