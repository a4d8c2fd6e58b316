// Search knowledge for Yin Yang (the SearchHooks contract of engine/search/hooks.h): no
// position can recur (every move adds a stone), history keyed by from/to squares, the game
// length for time management, and the endgame solver (solver.h) at the root (exact, or a
// win/loss test that plays a proved win) and near the leaves. Each search worker owns its solvers
// (ThreadTables), so their tables last from one search to the next and their memory is part of the
// Hash option.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "engine/games/yinyang/exact_knowledge.h"
#include "engine/games/yinyang/game.h"
#include "engine/games/yinyang/game_solver.h"
#include "engine/games/yinyang/solver.h"
#include "engine/search/hooks.h"

namespace triad::engine {

template <>
struct SearchHooks<games::yinyang::Game> {
  using G = games::yinyang::Game;
  using Position = G::Position;
  using Move = G::Move;
  static constexpr bool kCanRepeat = false;
  static constexpr bool kStaticLeaf = false;
  static constexpr int kNetKinds = 0;             // solved: no learned evaluation
  using GameSolver = games::yinyang::GameSolver;  // `go solve`: win/loss or exact margin
  // The review's: who wins at most 20 empties (the search solves with its ThreadTables).
  using ExactKnowledge = games::yinyang::ExactKnowledge;
  // The root is solved exactly at or below these many empty squares, by the time budget
  // (solver CPU time over random positions: 12 empties ~1 ms, 16 empties 10 ms average /
  // 150 ms worst, 18 empties 50 ms average / 550 ms worst; see docs/performance.md).
  static constexpr int kRootSolveEmptiesShort = 12;  // budget under 300 ms
  static constexpr int kRootSolveEmpties = 16;       // budget under 2 s, or no time limit
  static constexpr int kRootSolveEmptiesLong = 18;   // budget of 2 s or more
  // Beyond those, a root with at most this many empties gets a win/loss test, and a proved
  // win is played at once (17-20 empties take milliseconds; see solve_root).
  static constexpr int kRootWinLossEmpties = 20;
  // ... and at most these many empties it gets this many nodes whatever the clock.
  static constexpr int kRootWinLossFloorEmpties = 17;
  static constexpr std::uint64_t kRootWinLossFloorNodes = 100000;
  // Nodes inside the tree are solved (win / loss only) at or below this many empties.
  static constexpr int kTreeSolveEmpties = 7;

  static int move_key(const G&, const Position&, const Move& m) {
    return m.from * games::yinyang::kSquares + m.to;
  }
  static bool is_tactical(const G&, const Position&, const Move&) { return false; }
  static void prepare(const G&) {}  // the solvers' tables are made per search worker

  // A worker's solvers: one for the win/loss tests inside the tree and, on the main worker
  // only (it alone solves roots), one for exact root solves. Solved values depend on the
  // position only, so entries stay valid from one search to the next.
  struct ThreadTables {
    ThreadTables(std::size_t budget_bytes, bool main_thread);
    std::size_t bytes() const;
    void clear();

    games::yinyang::Solver tree;
    std::optional<games::yinyang::Solver> root;
  };

  // Each move fills one square, so at most empties / 2 own moves remain.
  static int moves_left(const G&, const Position& pos) {
    return std::popcount(pos.empty()) / 2 + 1;
  }
  static bool solve(const G& g, const Position& pos, int ply, SolveResult& out,
                    ThreadTables& tables, const ExactKnowledge&);
  static std::optional<RootSolution<Move>> solve_root(const G& g, const Position& pos,
                                                      std::int64_t budget_ms, const StopCheck& stop,
                                                      ThreadTables& tables, const ExactKnowledge&);
};

}  // namespace triad::engine
