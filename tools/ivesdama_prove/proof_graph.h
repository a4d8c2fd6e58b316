// The proof graph of a claim, built from the positions a search found proved (its
// candidates), independently of how the search reached them: a "wins" claim is the least
// fixed point over the candidates (every line ends, so the graph has no cycle), a "does not
// lose" claim the greatest (a candidate stays while the claimant keeps a move, and the
// opponent every move, inside the candidates or to a leaf where the claim holds; the cycles
// that remain are repetition draws). Candidates the search proved only on a line that later
// failed drop out here.
#pragma once

#include <functional>
#include <optional>

#include "adapters/tables/table_set.h"
#include "tools/ivesdama_prove/proof_file.h"

namespace triad::tools::ivesdama {

// The part proving `goal` for `claimant` from `root`, whose nodes are `root` and positions
// reached from it for which `candidate` holds; nothing when the candidates do not prove it.
std::optional<ProofPart> build_proof(
    const games::ivesdama::Game& game, const tables::TableSet& tables,
    const games::ivesdama::Position& root, engine::Player claimant, Goal goal,
    const std::function<bool(const games::ivesdama::Position&)>& candidate);

}  // namespace triad::tools::ivesdama
