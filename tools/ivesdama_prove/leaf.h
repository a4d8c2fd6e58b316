// Where a proof of an Íves dáma position ends: a game end (the previous mover stands on its
// goal, or the side to move has no move) or a position inside the endgame tables. The one
// rule the prover and the checker share (the rules and the tables, not the search).
#pragma once

#include <optional>

#include "adapters/tables/table_set.h"
#include "tools/ivesdama_prove/proof_file.h"

namespace triad::tools::ivesdama {

namespace iv = games::ivesdama;

// Whether `claimant` reaches `goal` at `pos` when it is a leaf; nothing for a position the
// game goes on from that the tables do not cover.
std::optional<bool> leaf_success(const iv::Game& game, const tables::TableSet& tables,
                                 const iv::Position& pos, engine::Player claimant, Goal goal);

}  // namespace triad::tools::ivesdama
