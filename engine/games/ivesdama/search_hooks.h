// Search knowledge for Íves dáma (the SearchHooks contract of engine/search/hooks.h):
// captures are the tactical moves (compulsory, so a position with a capture is never quiet
// and quiescence searches all of them), history keyed by the from/to points, and the endgame
// tables (the exact knowledge, exact_knowledge.h: the table files of the search's source, the
// in-memory table) for positions with few stones, inside the tree, at the root and for
// `go solve` (game_solver.h: inside the table files). The tables are shared by all threads,
// so there are no per-thread tables. A learned evaluation knows one kind of man, the stone.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

#include "engine/games/ivesdama/exact_knowledge.h"
#include "engine/games/ivesdama/game.h"
#include "engine/games/ivesdama/game_solver.h"
#include "engine/search/hooks.h"

namespace triad::engine {

template <>
struct SearchHooks<games::ivesdama::Game> {
  using G = games::ivesdama::Game;
  static constexpr bool kCanRepeat = true;
  static constexpr bool kStaticLeaf = false;
  static constexpr int kNetKinds = 1;
  static_assert(games::ivesdama::kMaxPoints <= nnue::kMaxNetPoints);
  using GameSolver = games::ivesdama::GameSolver;          // `go solve`: inside the table files
  using ExactKnowledge = games::ivesdama::ExactKnowledge;  // the endgame tables
  using ThreadTables = NoThreadTables;

  static int move_key(const G&, const G::Position&, const G::Move& m) {
    return (m.is_capture() ? 1024 : 0) + m.from * 32 + m.to;
  }
  static bool is_tactical(const G&, const G::Position&, const G::Move& m) { return m.is_capture(); }
  static int moves_left(const G&, const G::Position&) { return 30; }
  // Codes by point index: 1 for Player 1's stones, -1 for Player 2's.
  static void net_board(const G&, const G::Position& pos, std::int8_t* codes) {
    std::memset(codes, 0, nnue::kMaxNetPoints);
    for (auto b = pos.pieces[0]; b; b &= b - 1) codes[std::countr_zero(b)] = 1;
    for (auto b = pos.pieces[1]; b; b &= b - 1) codes[std::countr_zero(b)] = -1;
  }
  // Builds the endgame table (about 0.1 s on the default board) before the first search.
  static void prepare(const G& g);
  // Exact value of a position the endgame tables cover (a draw scores 0), with the best move
  // when the in-memory table answered (a position from the files ends the line: a probe per
  // child would cost more than it saves).
  static bool solve(const G& g, const G::Position& pos, int ply, SolveResult& out, ThreadTables&,
                    const ExactKnowledge& known);
  // A won or lost root the tables cover: the best line to the end of the game. Drawn roots
  // are left to the search (any move that keeps the draw will do, and it finds one).
  static std::optional<RootSolution<G::Move>> solve_root(const G& g, const G::Position& pos,
                                                         std::int64_t budget_ms,
                                                         const StopCheck& stop, ThreadTables&,
                                                         const ExactKnowledge& known);
};

}  // namespace triad::engine
