// Yin Yang's built-in perfect-play book: the proof of the start position
// (books/yinyang-start.proof, compiled in), extended along the winner's strategy
// (triad-yinyang-prove --deepen). A position is found as itself or as any of its mirror
// images (engine/games/yinyang/symmetry.h: the prover tries one move of each symmetry class,
// the book answers all of them), with its proved value and one move: for a win, the proof's
// winning move; for a loss, the move the proof tried first, the one leaving the winner the
// fewest replies (the fewest chances to find a win; the proof does not know which loss is
// the longest).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "adapters/common/game_descriptor.h"
#include "engine/games/yinyang/prover.h"

namespace triad::adapters::yinyang {

// Proofs kept sorted by stones and side to move, for lookups (about 64 bytes a proof).
class ProofTable final : public games::yinyang::ProofStore {
 public:
  explicit ProofTable(std::vector<games::yinyang::ProvedPosition> proofs);
  std::optional<games::yinyang::ProvedPosition> find(
      const games::yinyang::Position& pos) const override;
  void add(const games::yinyang::ProvedPosition& proved) override;
  std::size_t size() const { return proofs_.size(); }

 private:
  std::vector<games::yinyang::ProvedPosition> proofs_;
};

// The compiled-in proof text, and the table made from it on first use (thread-safe; null
// only if the compiled-in text does not parse, which the tests rule out).
std::string_view perfect_play_proof_text();
const ProofTable* perfect_play_table();

// The book's move for a Yin Yang game's current position (any variant: the game has no rule
// settings), or nothing when the position, or a mirror image of it, is not proved or the
// game is over or of another kind. GameDescriptor::builtin_book.
std::optional<BuiltinBookMove> perfect_play_move(const AnyGame& game);

}  // namespace triad::adapters::yinyang
