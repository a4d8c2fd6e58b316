// Search knowledge for Íves dáma: captures are the tactical moves (compulsory, so a position
// with a capture is never quiet and quiescence searches all of them), history keyed by the
// from/to points.
#pragma once

#include "engine/games/ivesdama/game.h"
#include "engine/search/hooks.h"

namespace triad::engine {

template <>
struct SearchHooks<games::ivesdama::Game> : DefaultHooks<games::ivesdama::Game> {
  using G = games::ivesdama::Game;
  static int move_key(const G&, const G::Position&, const G::Move& m) {
    return (m.is_capture() ? 1024 : 0) + m.from * 32 + m.to;
  }
  static bool is_tactical(const G&, const G::Position&, const G::Move& m) { return m.is_capture(); }
};

}  // namespace triad::engine
