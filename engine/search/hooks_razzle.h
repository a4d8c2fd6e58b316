// Search knowledge for Razzle Dazzle: the game core offers move_key and is_tactical (a pass
// onto the goal rank) as members, found by the defaults. Leaves are judged without listing
// moves: a side that can pass onto the goal rank now wins next ply, otherwise the static
// evaluation (a position without any legal turn is too rare to pay for detecting it there;
// interior nodes always detect it).
#pragma once

#include <algorithm>
#include <optional>

#include "engine/games/razzle/game.h"
#include "engine/search/hooks.h"

namespace triad::engine {

template <>
struct SearchHooks<games::razzle::Game> : DefaultHooks<games::razzle::Game> {
  using G = games::razzle::Game;
  static int static_leaf(const G& g, const G::Position& pos, int ply) {
    const std::optional<int> score = g.evaluate_unless_goal(pos);
    if (!score) return kMateScore - (ply + 1);
    return std::clamp(*score, -kMateBound + 1, kMateBound - 1);
  }
};

}  // namespace triad::engine
