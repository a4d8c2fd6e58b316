// The proof checker (triad-ivesdama-check, and triad-ivesdama-prove before it reports): walks
// each part of a proof file from its root with the game core's legal moves and the endgame
// tables, independently of the search that wrote it.
#pragma once

#include <cstdint>
#include <string>

#include "adapters/tables/table_set.h"
#include "tools/ivesdama_prove/proof_file.h"

namespace triad::tools::ivesdama {

struct CheckResult {
  std::string verdict;       // "Player 1 wins", "draw", "Player 2 does not lose"
  std::uint64_t nodes = 0;   // proof nodes walked, all parts
  std::uint64_t leaves = 0;  // leaves checked against the rules or the tables
  std::uint64_t cycles = 0;  // moves closing a cycle, each replayed to its repetition draw
};

// Every part true, or the first thing wrong ("node 7 (line 12): ..."). A part holds when: its
// root is the document's root position; at each of the claimant's nodes one legal move, at
// each of the opponent's every legal move exactly once; each leaf a game end or a table
// position where the claim holds; nodes reached again by other lines are the same position;
// a win has no cycle; a cycle (a move back to a node on its own line) serves a "does not
// lose" claim as a draw, once the game core's line, played round it until the file's
// repetition rule ends it, says "draw by repetition"; every node is reached. The verdict
// combines the parts.
Result<CheckResult> check_proof(const ProofDocument& doc, const games::ivesdama::Game& game,
                                const tables::TableSet& tables);

}  // namespace triad::tools::ivesdama
