// The Íves dáma proof file (docs/tables.md "Proofs"): text written by triad-ivesdama-prove and
// read by triad-ivesdama-check. One or two parts, each a graph of nodes for one claim ("this
// player wins" or "this player does not lose"): at a node of the claiming side one move, at
// the other side's every legal move; each move leads to another node or to a leaf ("="), a
// game end or a position inside the endgame tables. A move back to a node on its own line
// closes a cycle: a draw by the repetition rule the file names ("does not lose" only).
#pragma once

#include <istream>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/result.h"
#include "engine/core/types.h"

namespace triad::tools::ivesdama {

enum class Goal { kWin, kNotLose };

struct ProofNode {
  std::vector<std::pair<std::string, int>> moves;  // move text, child node (kLeaf: a leaf)
  int line = 0;                                    // in the file, for messages
};
inline constexpr int kLeaf = -1;

struct ProofPart {
  engine::Player claimant = engine::Player::kOne;
  Goal goal = Goal::kWin;
  std::vector<ProofNode> nodes;  // node 0 is the root position
};

struct ProofDocument {
  std::string variant;
  std::string root;  // position line
  // The draw rule the cycles rely on: this occurrence of a position draws (0 = none); the
  // engine's default.
  int repetitions = engine::DrawRules{}.repetitions;
  std::vector<ProofPart> parts;
};

std::string format_proof(const ProofDocument& doc);
// Reads version 2 and version 1 (written before the draw rule line: the default rule, the
// third occurrence). Errors: "<name>:<line>: <what>" for the first line that does not fit.
Result<ProofDocument> parse_proof(std::istream& in, const std::string& name);

}  // namespace triad::tools::ivesdama
