// The search for Yin Yang: its hooks (the endgame solver wired into the search's score
// conventions) and Searcher<G> compiled once with them.
#include "engine/games/yinyang/search_hooks.h"

#include "engine/games/yinyang/solver.h"
#include "engine/search/searcher_impl.h"

namespace triad::engine {

namespace {

// A solver table has 2^bits entries of 16 bytes (solver.h).
constexpr std::size_t kSolverEntryBytes = 16;
constexpr int kMinBits = 10;
constexpr int kTreeMaxBits = 16;  // the tree solver sees at most 7 empties: 1 MB is plenty
constexpr int kRootMaxBits = 20;  // 16 MB: enough for the largest root solves (18 empties)

// The largest table (kMinBits..max_bits) that fits in `bytes`.
int table_bits(std::size_t bytes, int max_bits) {
  int bits = kMinBits;
  while (bits < max_bits && (kSolverEntryBytes << (bits + 1)) <= bytes) ++bits;
  return bits;
}

std::size_t table_bytes(int bits) {
  return kSolverEntryBytes << bits;
}

}  // namespace

// The tree solver takes up to a quarter of the budget, the root solver the rest.
SearchHooks<games::yinyang::Game>::ThreadTables::ThreadTables(std::size_t budget_bytes,
                                                              bool main_thread)
    : tree_bits(table_bits(budget_bytes / 4, kTreeMaxBits)), tree(tree_bits) {
  if (!main_thread) return;
  const std::size_t rest =
      budget_bytes > table_bytes(tree_bits) ? budget_bytes - table_bytes(tree_bits) : 0;
  root_bits = table_bits(rest, kRootMaxBits);
  root.emplace(*root_bits);
}

std::size_t SearchHooks<games::yinyang::Game>::ThreadTables::bytes() const {
  return table_bytes(tree_bits) + (root_bits ? table_bytes(*root_bits) : 0);
}

void SearchHooks<games::yinyang::Game>::ThreadTables::clear() {
  tree.clear();
  if (root) root->clear();
}

bool SearchHooks<games::yinyang::Game>::solve(const G&, const Position& pos, int ply,
                                              SolveResult& out, ThreadTables& tables) {
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
    ThreadTables& tables) {
  const int empties = std::popcount(pos.empty());
  const int limit = budget_ms < 0      ? kRootSolveEmpties
                    : budget_ms < 300  ? kRootSolveEmptiesShort
                    : budget_ms < 2000 ? kRootSolveEmpties
                                       : kRootSolveEmptiesLong;
  if (empties > limit || !tables.root) return std::nullopt;
  const auto s = tables.root->solve(pos, stop);
  if (!s || s->pv.empty()) return std::nullopt;
  RootSolution<Move> r;
  const int plies = static_cast<int>(s->pv.size());
  r.score = s->side_to_move_wins ? kMateScore - plies : -kMateScore + plies;
  r.pv = s->pv;
  r.nodes = s->nodes;
  return r;
}

}  // namespace triad::engine

template class triad::engine::Searcher<triad::games::yinyang::Game>;
