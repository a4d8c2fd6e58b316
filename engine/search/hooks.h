// SearchHooks<G>: the game-specific knowledge the generic search uses. Every game specialises
// SearchHooks<G> in its own folder (engine/games/<g>/search_hooks.h) and defines every hook
// below; the primary template has no definition and Searcher<G> checks the specialisation
// against SearchHooksFor, so a missing or mistyped hook is a compile error, never a silent
// default.
//
//   move_key(g, pos, m)     -> int in [0, kMoveKeys): index for the history heuristic,
//                               or -1 for a move without history
//   is_tactical(g, pos, m)  -> bool: searched in quiescence (captures, goal threats)
//   kStaticLeaf             -> true if the game judges leaves without generating moves;
//                               then static_leaf(g, pos, ply, learned) -> int is the leaf
//                               score (wins-now included), where `learned` points to the
//                               learned evaluation of pos when the search uses one (nullptr:
//                               the game's own evaluation). Otherwise leaves list their moves
//                               (no-move ends, quiescence over tactical moves).
//   kNetKinds               -> the kinds of men a learned evaluation tells apart (0: the game
//                               has none; its layout's letters are in learn/layouts.h, and
//                               adapters/common/engine_for.h checks both agree). Then
//                               net_board(g, pos, codes) fills codes[p] for every point
//                               p < nnue::kMaxNetPoints (the game's own point or square
//                               index): 0 empty, 1 + kind for a man of Player 1,
//                               -(1 + kind) for one of Player 2 (engine/nnue/model.h).
//   prepare(g)              -> heavy one-time set-up (tables), run when a Searcher is made,
//                               i.e. at `isready` before the first search, not on the clock
//   moves_left(g, pos)      -> own moves still expected in the game (time management)
//   kCanRepeat              -> false if no position can ever recur (skip repetition scans)
//   ThreadTables            -> the solvers' per-thread tables: every search worker owns one,
//                               made with ThreadTables(budget_bytes, main_thread) from its
//                               share of the Hash option and kept between searches; bytes()
//                               is what it really took, clear() forgets it (ucinewgame).
//                               A game without per-thread tables uses NoThreadTables.
//   ExactKnowledge          -> the game's exact knowledge (engine/search/exact.h: one probe
//                               for a position's proven value, distance and best move, made
//                               from the game and an ExactSource), or NoExactKnowledge
//                               (kAvailable = false). The search makes one per search from
//                               its source (Searcher::set_exact) and hands it, const and
//                               shared by every search thread, to the hooks below (`known`).
//   solve(g, pos, ply, out, tables, known) -> bool: exact game-theoretic value of a small
//                               endgame inside the tree; fills `out` (score, best move index)
//   solve_root(g, pos, budget_ms, stop, tables, known) -> optional RootSolution: the whole
//                               game solved from the root (perfect line), or nothing (too big
//                               for the time budget, -1 = no time limit; or stopped)
//   GameSolver              -> the exact whole-game solver behind `go solve`, or NoGameSolver
//                               (kAvailable = false). One with kAvailable = true must have
//                               (checked by GameSolverFor):
//       kMaxMargin                      final margins lie within +-kMaxMargin
//       can_solve(g, known, pos)        static: Result<void>, why pos cannot be solved
//       configure(hash_bytes, threads)  table memory and threads for the next solves
//       solve(g, known, pos, exact, on_progress, stop) -> optional<SolveOutcome<Move>>,
//                                       nothing when stopped (the last progress report holds
//                                       what was proved)
//       nodes(), hashfull()             progress while solve() runs (from its stop check)
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/game_line.h"
#include "engine/core/result.h"
#include "engine/core/solve_types.h"
#include "engine/nnue/model.h"
#include "engine/search/exact.h"
#include "engine/search/search_types.h"

namespace triad::engine {

constexpr int kMoveKeys = 1 << 12;

// Exact result of an endgame solver, in search score units (see search_types.h).
struct SolveResult {
  int score = 0;             // from the side to move; mate-style for decided games
  int move_index = -1;       // best move in generate() order, -1 when the position is final
  std::uint64_t nodes = 0;   // positions the solver visited (added to the search's count)
  std::uint64_t tbhits = 0;  // probes answered by endgame table files (info tbhits)
};

// A root position solved to the end of the game.
template <class Move>
struct RootSolution {
  int score = 0;         // mate-style score from the side to move (see search_types.h)
  std::vector<Move> pv;  // a perfect line; pv[0] is the move to play
  std::uint64_t nodes = 0;
  std::uint64_t tbhits = 0;  // probes answered by endgame table files
};

using StopCheck = std::function<bool()>;

// A solver's forced result (`score`, found `node_ply` plies below the root, at a node whose
// game ply is `game_ply`) that ends after the game's ply limit (0 = none) is really a draw:
// such results must not be used.
constexpr bool ends_before_ply_limit(int score, int node_ply, int game_ply, int max_plies) {
  if (max_plies <= 0 || !is_mate_score(score)) return true;
  const int plies_to_end = (score > 0 ? mate_plies(score) : -mate_plies(score)) - node_ply;
  return game_ply + plies_to_end <= max_plies;
}

// The ThreadTables of a game whose solvers keep no per-thread memory.
struct NoThreadTables {
  NoThreadTables(std::size_t /*budget_bytes*/, bool /*main_thread*/) {}
  std::size_t bytes() const { return 0; }
  void clear() {}
};

// The GameSolver of a game that cannot be solved to the end (`go solve` says so).
struct NoGameSolver {
  static constexpr bool kAvailable = false;
};

// The whole-game solver contract (see the top of this file): nothing for an unavailable one.
// `K` is the game's ExactKnowledge.
template <class S, class G, class K>
concept GameSolverFor = requires {
  std::bool_constant<S::kAvailable>{};
}
&&(!S::kAvailable ||
   requires(S & s, const S& cs, const G& g, const K& known, const typename G::Position& pos,
            bool exact,
            const std::function<void(const SolveProgress<typename G::Move>&)>& on_progress,
            const StopCheck& stop, std::size_t bytes, int threads) {
     requires std::default_initializable<S>;
     std::integral_constant<int, S::kMaxMargin>{};
     { S::can_solve(g, known, pos) } -> std::same_as<Result<void>>;
     { s.configure(bytes, threads) } -> std::same_as<void>;
     {
       s.solve(g, known, pos, exact, on_progress, stop)
       } -> std::same_as<std::optional<SolveOutcome<typename G::Move>>>;
     { cs.nodes() } -> std::same_as<std::uint64_t>;
     { cs.hashfull() } -> std::same_as<int>;
   });

// Specialised by each game (engine/games/<g>/search_hooks.h); deliberately not defined here.
template <Game G>
struct SearchHooks;

// The hooks contract (see the top of this file).
template <class H, class G>
concept SearchHooksFor = requires(const G& g, const typename G::Position& pos,
                                  const typename G::Move& m, int ply, SolveResult& out,
                                  std::int64_t budget_ms, const StopCheck& stop,
                                  typename H::ThreadTables& tables, std::size_t bytes,
                                  const typename H::ExactKnowledge& known) {
  requires std::constructible_from<typename H::ThreadTables, std::size_t, bool>;
  requires ExactKnowledgeFor<typename H::ExactKnowledge, G>;
  requires GameSolverFor<typename H::GameSolver, G, typename H::ExactKnowledge>;
  { std::as_const(tables).bytes() } -> std::same_as<std::size_t>;
  { tables.clear() } -> std::same_as<void>;
  { H::move_key(g, pos, m) } -> std::same_as<int>;
  { H::is_tactical(g, pos, m) } -> std::same_as<bool>;
  { H::prepare(g) } -> std::same_as<void>;
  { H::moves_left(g, pos) } -> std::same_as<int>;
  { H::solve(g, pos, ply, out, tables, known) } -> std::same_as<bool>;
  {
    H::solve_root(g, pos, budget_ms, stop, tables, known)
    } -> std::same_as<std::optional<RootSolution<typename G::Move>>>;
  {std::bool_constant<H::kCanRepeat>{}};
  {std::bool_constant<H::kStaticLeaf>{}};
  {std::integral_constant<int, H::kNetKinds>{}};
}
&&(!H::kStaticLeaf ||
   requires(const G& g, const typename G::Position& pos, int ply, const int* learned) {
     { H::static_leaf(g, pos, ply, learned) } -> std::same_as<int>;
   }) &&
    (H::kNetKinds == 0 ||
     requires(const G& g, const typename G::Position& pos, std::int8_t* codes) {
       { H::net_board(g, pos, codes) } -> std::same_as<void>;
     });

// The solvers assume that no draw by repetition cuts a decided game short. A won line never
// returns to a position of its own (each move brings the end one ply closer), but the loser
// could steer into a position the game saw before the root often enough for the house rule.
// True when such a position exists in `line` (only those since its last irreversible move
// can recur): then decided solver results must not be used in this search above its first
// irreversible move (drawn ones still may).
template <Game G>
bool repetition_may_interfere(const GameLine<G>& line, const DrawRules& draw) {
  if (!SearchHooks<G>::kCanRepeat || draw.repetitions <= 0) return false;
  std::vector<std::uint64_t> hashes = line.hashes();
  hashes.pop_back();  // the root itself never recurs on a won line
  hashes.erase(hashes.begin(), hashes.begin() + line.reversible_from());
  std::sort(hashes.begin(), hashes.end());
  int run = 0;
  for (std::size_t i = 0; i < hashes.size(); ++i) {
    run = i > 0 && hashes[i] == hashes[i - 1] ? run + 1 : 1;
    if (run >= draw.repetitions - 1) return true;  // one more occurrence would end the game
  }
  return false;
}

// How many of `moves` (the legal moves of `pos`) are tactical. When all are (Íves dáma's
// compulsory captures), the quiescence search plays them all and never takes the static
// evaluation of `pos`.
template <Game G, class MoveList>
int tactical_count(const G& g, const typename G::Position& pos, const MoveList& moves) {
  int n = 0;
  for (const auto& m : moves) n += SearchHooks<G>::is_tactical(g, pos, m) ? 1 : 0;
  return n;
}

// Whether the search ever judges `pos` (with `moves` its legal moves) by the evaluation: at
// a static leaf always, otherwise unless the game is over there or every move is tactical.
template <Game G, class MoveList>
bool evaluated_statically(const G& g, const typename G::Position& pos, const MoveList& moves) {
  if constexpr (SearchHooks<G>::kStaticLeaf) return true;
  return !moves.empty() && tactical_count(g, pos, moves) < static_cast<int>(moves.size());
}

}  // namespace triad::engine
