// Independent check of a proof file (`triad-yinyang-prove --verify`): proved positions are
// solved again from scratch by the ReferenceSolver — another algorithm and move order, a new
// empty table for every position — and each stored value and winning move is checked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tools/yinyang_prove/proof_file.h"

namespace triad::tools {

struct VerifyReport {
  std::size_t checked = 0;            // proofs re-solved
  std::size_t too_large = 0;          // proofs left out: more empty squares than allowed
  std::vector<std::string> failures;  // one line per disagreement
  bool stopped = false;
};

// Re-solves `sample` proofs of `file` drawn at random (seeded; 0 = every proof) among those
// with at most `max_empties` empty squares. A stored win must be a win, and its move must
// be legal and leave the opponent lost; a stored loss must be a loss (and its move legal).
VerifyReport verify_proofs(const ProofFile& file, std::size_t sample, std::uint64_t seed,
                           int max_empties, const std::function<bool()>& stop);

}  // namespace triad::tools
