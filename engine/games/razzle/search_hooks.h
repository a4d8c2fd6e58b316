// Search knowledge for Razzle Dazzle (the SearchHooks contract of engine/search/hooks.h):
// history and tactical moves (a pass onto the goal rank) from the game core. Leaves are
// judged without listing moves: a side that can pass onto the goal rank now wins next ply,
// otherwise the static evaluation (a position without any legal turn is too rare to pay for
// detecting it there; interior nodes always detect it). No endgame solver, no exact
// knowledge. A learned evaluation tells three kinds of men apart: a piece, the ball holder
// and an ineligible piece (the position line's P, B and X).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>

#include "engine/games/razzle/game.h"
#include "engine/search/hooks.h"

namespace triad::engine {

template <>
struct SearchHooks<games::razzle::Game> {
  using G = games::razzle::Game;
  static constexpr bool kCanRepeat = true;
  static constexpr bool kStaticLeaf = true;
  static constexpr int kNetKinds = 3;
  using GameSolver = NoGameSolver;          // not solved to the end
  using ExactKnowledge = NoExactKnowledge;  // no position's value is known ahead of the search
  using ThreadTables = NoThreadTables;

  static int move_key(const G& g, const G::Position& pos, const G::Move& m) {
    return g.move_key(pos, m);
  }
  static bool is_tactical(const G& g, const G::Position& pos, const G::Move& m) {
    return g.is_tactical(pos, m);
  }
  static int static_leaf(const G& g, const G::Position& pos, int ply, const int* learned) {
    const std::optional<int> score =
        learned ? (g.goal_in_reach(pos) ? std::nullopt : std::optional<int>(*learned))
                : g.evaluate_unless_goal(pos);
    if (!score) return kMateScore - (ply + 1);
    return std::clamp(*score, -kMateBound + 1, kMateBound - 1);
  }
  // Codes by square index: 1 + kind for Player 1's men (0 piece, 1 ball holder, 2 ineligible).
  static void net_board(const G&, const G::Position& pos, std::int8_t* codes) {
    std::memset(codes, 0, nnue::kMaxNetPoints);
    for (int side = 0; side < 2; ++side) {
      const auto p = side == 0 ? Player::kOne : Player::kTwo;
      const auto sign = static_cast<std::int8_t>(side == 0 ? 1 : -1);
      for (auto b = pos.pieces(p); b; b &= b - 1) {
        const int sq = games::razzle::lowest_square(b);
        const int kind = sq == pos.ball(p) ? 1 : (pos.ineligible() >> sq) & 1 ? 2 : 0;
        codes[sq] = static_cast<std::int8_t>(sign * (1 + kind));
      }
    }
  }
  static void prepare(const G&) {}
  static int moves_left(const G&, const G::Position&) { return 30; }
  static bool solve(const G&, const G::Position&, int /*ply*/, SolveResult&, ThreadTables&,
                    const ExactKnowledge&) {
    return false;
  }
  static std::optional<RootSolution<G::Move>> solve_root(const G&, const G::Position&,
                                                         std::int64_t /*budget_ms*/,
                                                         const StopCheck&, ThreadTables&,
                                                         const ExactKnowledge&) {
    return std::nullopt;
  }
};

}  // namespace triad::engine
