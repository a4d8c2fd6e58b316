// Yin Yang's built-in perfect-play book: the proof of the start position
// (books/yinyang-start.proof, compiled in as a packed table), extended along the winner's strategy
// (triad-yinyang-prove --deepen). A position is found as itself or as any of its mirror
// images (engine/games/yinyang/symmetry.h: the prover tries one move of each symmetry class,
// the book answers all of them), with its proved value and one move: for a win, the proof's
// winning move; for a loss, the move the proof tried first, the one leaving the winner the
// fewest replies (the fewest chances to find a win; the proof does not know which loss is
// the longest).
#pragma once

#include <optional>

#include "adapters/common/game_descriptor.h"
#include "adapters/yinyang/proof_table.h"

namespace triad::adapters::yinyang {

// The table of the start position's proof, packed at build time (triad_yinyang_pack_proof
// from books/yinyang-start.proof) and read in place: nothing is parsed when the engine
// starts. Null only if the packed bytes are not a table, which the tests rule out.
const ProofTable* perfect_play_table();

// The book's move for a Yin Yang game's current position (any variant: the game has no rule
// settings), or nothing when the position, or a mirror image of it, is not proved or the
// game is over or of another kind. GameDescriptor::builtin_book.
std::optional<BuiltinBookMove> perfect_play_move(const AnyGame& game);

}  // namespace triad::adapters::yinyang
