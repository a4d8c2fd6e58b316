// Search knowledge for Razzle Dazzle (the SearchHooks contract of engine/search/hooks.h):
// history and tactical moves (a pass onto the goal rank) from the game core. Leaves are
// judged without listing moves: a side that can pass onto the goal rank now wins next ply,
// otherwise the static evaluation (a position without any legal turn is too rare to pay for
// detecting it there; interior nodes always detect it). No endgame solver.
#pragma once

#include <algorithm>
#include <optional>

#include "engine/games/razzle/game.h"
#include "engine/search/hooks.h"

namespace triad::engine {

template <>
struct SearchHooks<games::razzle::Game> {
  using G = games::razzle::Game;
  static constexpr bool kCanRepeat = true;
  static constexpr bool kStaticLeaf = true;
  using GameSolver = NoGameSolver;  // not solved to the end
  using ThreadTables = NoThreadTables;

  static int move_key(const G& g, const G::Position& pos, const G::Move& m) {
    return g.move_key(pos, m);
  }
  static bool is_tactical(const G& g, const G::Position& pos, const G::Move& m) {
    return g.is_tactical(pos, m);
  }
  static int static_leaf(const G& g, const G::Position& pos, int ply) {
    const std::optional<int> score = g.evaluate_unless_goal(pos);
    if (!score) return kMateScore - (ply + 1);
    return std::clamp(*score, -kMateBound + 1, kMateBound - 1);
  }
  static void prepare(const G&) {}
  static int moves_left(const G&, const G::Position&) { return 30; }
  static bool solve(const G&, const G::Position&, int /*ply*/, SolveResult&, ThreadTables&) {
    return false;
  }
  static std::optional<RootSolution<G::Move>> solve_root(const G&, const G::Position&,
                                                         std::int64_t /*budget_ms*/,
                                                         const StopCheck&, ThreadTables&) {
    return std::nullopt;
  }
};

}  // namespace triad::engine
