// Independent check of a proof file (`triad-yinyang-prove --verify`), in two parts:
// - every inner proof (one the prover made from its children, 0 solver nodes) is checked
//   against the proofs of its children in the file: a win's move must lead to a proved loss
//   (or a lost end of the game), every move of a loss to a proved win (a child may be stored
//   as a mirror image, symmetry.h); this covers the whole tree above the solved positions;
// - a random sample of proofs is solved again from scratch, with a new empty table per
//   position: by the ReferenceSolver (another algorithm and move order) when the position
//   has at most `max_empties` empty squares, else by the fast Solver on a random mirror image
//   of the position (so in another move order) when the original solve took at most
//   `max_nodes` nodes. Each stored value is checked, and a stored win's move must be legal and
//   leave the opponent lost.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tools/yinyang_prove/proof_file.h"

namespace triad::tools {

struct VerifySettings {
  std::size_t sample = 0;       // proofs re-solved, drawn at random (0 = every eligible one)
  std::uint64_t seed = 1;       // which proofs are drawn, and which mirror images
  int max_empties = 20;         // the reference solver's limit
  std::uint64_t max_nodes = 0;  // the fast solver's limit, in the original solve's nodes
  std::size_t hash_mb = 64;     // the fast solver's table
};

struct VerifyReport {
  std::size_t inner = 0;              // inner proofs checked against their children
  std::size_t by_reference = 0;       // proofs re-solved by the reference solver
  std::size_t by_fast = 0;            // ... by the fast solver on a mirror image
  std::size_t left_out = 0;           // proofs too large for either (not drawn)
  std::vector<std::string> failures;  // one line per disagreement
  bool stopped = false;
};

VerifyReport verify_proofs(const ProofFile& file, const VerifySettings& settings,
                           const std::function<bool()>& stop);

}  // namespace triad::tools
