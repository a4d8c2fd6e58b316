// Search knowledge for Yin Yang: no position can recur (every move adds a stone), history
// keyed by from/to squares, and the game length for time management.
#pragma once

#include <bit>

#include "engine/games/yinyang/game.h"
#include "engine/search/hooks.h"

namespace triad::engine {

template <>
struct SearchHooks<games::yinyang::Game> {
  using G = games::yinyang::Game;
  static constexpr bool kCanRepeat = false;

  static int move_key(const G&, const G::Position&, const G::Move& m) {
    return m.from * games::yinyang::kSquares + m.to;
  }
  static bool is_tactical(const G&, const G::Position&, const G::Move&) { return false; }
  // Each move fills one square, so at most empties / 2 own moves remain.
  static int moves_left(const G&, const G::Position& pos) {
    return std::popcount(pos.empty()) / 2 + 1;
  }
  static bool solve(const G&, const G::Position&, int, SolveResult&) { return false; }
};

}  // namespace triad::engine
