// Yin Yang's built-in perfect-play book: the proof of the start position
// (books/yinyang-start.proof, compiled in) as an opening book. Every proved position enters
// with its 7 mirror images (engine/games/yinyang/symmetry.h: the prover tries one move of
// each symmetry class, the book answers all of them), its proved value, a game length bound
// and one move: for a win, the proof's winning move; for a loss, the move the proof tried
// first, the one leaving the winner the fewest replies (the fewest chances to find a win;
// the proof does not know which loss is the longest).
#pragma once

#include <string_view>
#include <vector>

#include "adapters/book/book.h"
#include "engine/games/yinyang/prover.h"

namespace triad::adapters::yinyang {

// The book made from these proofs (all 8 images of each), for the variant `variant`.
book::Book book_from_proofs(const std::vector<games::yinyang::ProvedPosition>& proofs,
                            book::BookVariant variant);

// The compiled-in proof text, and the book made from it on first use (thread-safe; null only
// if the compiled-in text does not parse, which the tests rule out). Its variant is the base
// game (`yinyang`, fingerprint 0): Yin Yang has no rule settings, so it fits every variant
// of the game.
std::string_view perfect_play_proof_text();
const book::Book* perfect_play_book();

}  // namespace triad::adapters::yinyang
