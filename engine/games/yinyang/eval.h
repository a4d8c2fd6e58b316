// Yin Yang static evaluation: from the side to move, 100 per point of score advantage.
// (Owned and tuned by the search work after its first version.)
#pragma once

#include <vector>

#include "engine/core/types.h"
#include "engine/games/yinyang/position.h"

namespace triad::games::yinyang {

// The evaluation from the side to move; equals the sum of eval_terms(pos).
int evaluate(const Position& pos);

// The named terms of evaluate(), for the protocol's `eval` command.
std::vector<engine::EvalTerm> eval_terms(const Position& pos);

}  // namespace triad::games::yinyang
