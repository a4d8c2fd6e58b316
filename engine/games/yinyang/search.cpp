// The search for Yin Yang: its hooks (the endgame solver wired into the search's score
// conventions) and Searcher<G> compiled once with them.
#include "engine/games/yinyang/search_hooks.h"

#include <algorithm>
#include <chrono>

#include "engine/games/yinyang/solver.h"
#include "engine/search/searcher_impl.h"

namespace triad::engine {

namespace {

// Table sizes: the tree solver sees at most 7 empties (1 MB is plenty), the root solver up
// to 18 (16 MB is enough); neither gets less than 16 KB.
constexpr std::size_t kMinTableBytes = std::size_t{16} << 10;
constexpr std::size_t kTreeMaxBytes = std::size_t{1} << 20;
constexpr std::size_t kRootMaxBytes = std::size_t{16} << 20;
constexpr int kSmallestTableBits = 10;  // what a Solver starts with, before set_memory

std::size_t table_bytes(std::size_t budget, std::size_t max_bytes) {
  return std::clamp(budget, kMinTableBytes, max_bytes);
}

}  // namespace

// The tree solver takes up to a quarter of the budget, the root solver the rest.
SearchHooks<games::yinyang::Game>::ThreadTables::ThreadTables(std::size_t budget_bytes,
                                                              bool main_thread)
    : tree(kSmallestTableBits) {
  tree.set_memory(table_bytes(budget_bytes / 4, kTreeMaxBytes));
  if (!main_thread) return;
  const std::size_t rest = budget_bytes > tree.memory() ? budget_bytes - tree.memory() : 0;
  root.emplace(kSmallestTableBits);
  root->set_memory(table_bytes(rest, kRootMaxBytes));
}

// What the solvers' tables really took.
std::size_t SearchHooks<games::yinyang::Game>::ThreadTables::bytes() const {
  return tree.memory() + (root ? root->memory() : 0);
}

void SearchHooks<games::yinyang::Game>::ThreadTables::clear() {
  tree.clear();
  if (root) root->clear();
}

bool SearchHooks<games::yinyang::Game>::solve(const G&, const Position& pos, int ply,
                                              SolveResult& out, ThreadTables& tables,
                                              const ExactKnowledge&) {
  const int empties = std::popcount(pos.empty());
  if (empties > kTreeSolveEmpties) return false;
  // Null window around the winning threshold: Player 1 needs a margin >= 1, Player 2 >= 0.
  const int need = pos.side_to_move == Player::kOne ? 1 : 0;
  int best = -1;
  games::yinyang::Solver& solver = tables.tree;
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
    const G&, const Position& pos, std::int64_t budget_ms, const StopCheck& stop,
    ThreadTables& tables, const ExactKnowledge&) {
  if (!tables.root) return std::nullopt;
  games::yinyang::Solver& solver = *tables.root;
  const int empties = std::popcount(pos.empty());
  const int exact_limit = budget_ms < 0      ? kRootSolveEmpties
                          : budget_ms < 300  ? kRootSolveEmptiesShort
                          : budget_ms < 2000 ? kRootSolveEmpties
                                             : kRootSolveEmptiesLong;
  if (empties <= exact_limit) {
    if (const auto s = solver.solve(pos, stop); s && !s->pv.empty()) {
      RootSolution<Move> r;
      const int plies = static_cast<int>(s->pv.size());
      r.score = s->side_to_move_wins ? kMateScore - plies : -kMateScore + plies;
      r.pv = s->pv;
      r.nodes = s->nodes;
      return r;
    }
    // Stopped (out of time): the win/loss test below is far cheaper.
  }
  if (empties > kRootWinLossEmpties) return std::nullopt;
  // At most kRootWinLossFloorEmpties empties (past where the perfect-play book ends: Player 2's
  // first move out of it has 15) the first kRootWinLossFloorNodes nodes are spent whatever the
  // clock: Player 2's tests there take at most about 40 000 nodes from an empty table, and
  // once a win is proved the table answers the next positions of the line almost at once.
  // Beyond that the test goes on only within an eighth of the time budget, so one that does
  // not finish (or proves a loss) costs the search little.
  const auto started = std::chrono::steady_clock::now();
  const std::uint64_t first = solver.nodes();
  const std::uint64_t floor = empties <= kRootWinLossFloorEmpties ? kRootWinLossFloorNodes : 0;
  const auto bounded_stop = [&] {
    const std::uint64_t nodes = solver.nodes() - first;
    if (nodes < floor) return false;
    if (stop && stop()) return true;
    // No clock (depth, nodes, infinite): as many nodes as the floor, at any size.
    if (budget_ms < 0) return nodes >= kRootWinLossFloorNodes;
    const auto spent = std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::steady_clock::now() - started)
                           .count();
    return spent * 8 >= budget_ms;
  };
  const auto v = solver.win_loss(pos, bounded_stop);
  // Only a proved win is played; a loss (or no answer) leaves the move to the search.
  if (!v || !v->side_to_move_wins || !v->best) return std::nullopt;
  RootSolution<Move> r;
  // The game ends within `empties` plies: like the tree's tests, an upper bound.
  r.score = kMateScore - empties;
  r.pv = {*v->best};
  r.nodes = v->nodes;
  return r;
}

}  // namespace triad::engine

template class triad::engine::Searcher<triad::games::yinyang::Game>;
