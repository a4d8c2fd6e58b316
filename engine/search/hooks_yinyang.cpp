// Yin Yang search hooks: the endgame solver wired into the search's score conventions.
#include "engine/search/hooks_yinyang.h"

#include "engine/games/yinyang/solver.h"

namespace triad::engine {

namespace {
using games::yinyang::Solver;

// One solver (and its table) per search thread, kept between searches: solved values
// depend on the position only, so old entries stay valid.
Solver& root_solver() {
  thread_local Solver solver(20);
  return solver;
}
Solver& tree_solver() {
  thread_local Solver solver(16);
  return solver;
}
}  // namespace

bool SearchHooks<games::yinyang::Game>::solve(const G&, const Position& pos, int ply,
                                              SolveResult& out) {
  const int empties = std::popcount(pos.empty());
  if (empties > kTreeSolveEmpties) return false;
  // Null window around the winning threshold: Player 1 needs a margin >= 1, Player 2 >= 0.
  const int need = pos.side_to_move == Player::kOne ? 1 : 0;
  int best = -1;
  Solver& solver = tree_solver();
  const std::uint64_t before = solver.nodes();
  const auto v = solver.value(pos, need - 1, need, &best);
  out.nodes = solver.nodes() - before;
  if (!v) return false;
  // The game ends within `empties` plies: report the win/loss as a forced result at that
  // distance (an upper bound; only the root solver computes exact lines).
  const int distance = ply + empties;
  out.score = *v >= need ? kMateScore - distance : -kMateScore + distance;
  out.move_index = best;
  return true;
}

std::optional<RootSolution<games::yinyang::Move>> SearchHooks<games::yinyang::Game>::solve_root(
    const G&, const Position& pos, std::int64_t budget_ms, const StopCheck& stop) {
  const int empties = std::popcount(pos.empty());
  const int limit = budget_ms < 0      ? kRootSolveEmpties
                    : budget_ms < 300  ? kRootSolveEmptiesShort
                    : budget_ms < 2000 ? kRootSolveEmpties
                                       : kRootSolveEmptiesLong;
  if (empties > limit) return std::nullopt;
  const auto s = root_solver().solve(pos, stop);
  if (!s || s->pv.empty()) return std::nullopt;
  RootSolution<Move> r;
  const int plies = static_cast<int>(s->pv.size());
  r.score = s->side_to_move_wins ? kMateScore - plies : -kMateScore + plies;
  r.pv = s->pv;
  r.nodes = s->nodes;
  return r;
}

}  // namespace triad::engine
