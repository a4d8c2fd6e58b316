// Íves dáma static evaluation (side-to-move perspective, ~100 per stone of advantage).
// Terms and weights live here; the game core only forwards to it.
#pragma once

#include <vector>

#include "engine/core/types.h"
#include "engine/games/ivesdama/game.h"

namespace triad::games::ivesdama {

// Sum of eval_terms().
int evaluate(const Game& game, const Position& pos);
// Named terms: material, advance (pieces closer to the opponent's base), race (the nearest
// piece of each side to its goal), threats (own pieces the opponent could capture next turn),
// mobility (own step moves minus the opponent's), control (stones on arc ends and next to the
// opponent's base point).
std::vector<engine::EvalTerm> eval_terms(const Game& game, const Position& pos);

}  // namespace triad::games::ivesdama
