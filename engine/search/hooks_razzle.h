// Search knowledge for Razzle Dazzle: the game core offers move_key and is_tactical (a pass
// onto the goal rank) as members, found by the defaults; here only the game length.
#pragma once

#include "engine/games/razzle/game.h"
#include "engine/search/hooks.h"

namespace triad::engine {

template <>
struct SearchHooks<games::razzle::Game> : DefaultHooks<games::razzle::Game> {};

}  // namespace triad::engine
