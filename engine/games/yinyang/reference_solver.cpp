// The reference Yin Yang solver (see reference_solver.h): fail-soft alpha-beta on the final
// margin with a bound table, table move first and then fewest-replies-first ordering.
#include "engine/games/yinyang/reference_solver.h"

#include <algorithm>
#include <array>
#include <bit>

namespace triad::games::yinyang {

namespace {
constexpr int kBeyond = kMarginBeyond;
// Below this many empty squares ordering by reply count costs more than it saves.
constexpr int kOrderingEmpties = 5;
}  // namespace

ReferenceSolver::ReferenceSolver(int table_bits)
    : table_(std::size_t{1} << table_bits), mask_((std::uint64_t{1} << table_bits) - 1) {}

void ReferenceSolver::clear() {
  std::fill(table_.begin(), table_.end(), Entry{});
}

std::optional<int> ReferenceSolver::value(const Position& pos, int alpha, int beta, int* best,
                                          const StopCheck& stop) {
  stop_ = stop ? &stop : nullptr;
  stopped_ = false;
  int local_best = -1;
  const int v = search(pos, alpha, beta, best ? best : &local_best);
  if (stopped_) return std::nullopt;
  return v;
}

std::optional<Solution> ReferenceSolver::solve(const Position& pos, const StopCheck& stop) {
  Solution s;
  const std::uint64_t start_nodes = nodes_;
  int best = -1;
  const auto v = value(pos, -kBeyond, kBeyond, &best, stop);
  if (!v) return std::nullopt;
  s.margin = *v;
  s.side_to_move_wins = margin_wins(*v, pos.side_to_move);
  // Walk a perfect line: each position's best move keeps the exact value (the table makes
  // the re-searches cheap).
  Position p = pos;
  while (best >= 0) {
    MoveList moves;
    game_.generate(p, {}, moves);
    const Move m = moves[static_cast<std::size_t>(best)];
    s.pv.push_back(m);
    p = game_.make(p, m);
    if (!value(p, -kBeyond, kBeyond, &best, stop)) return std::nullopt;
  }
  s.final_score = score(p);
  s.nodes = nodes_ - start_nodes;
  return s;
}

int ReferenceSolver::search(const Position& pos, int alpha, int beta, int* best_out) {
  if ((++nodes_ & 255) == 0 && stop_ && (*stop_)()) stopped_ = true;
  if (stopped_) return 0;
  MoveList moves;
  game_.generate(pos, {}, moves);
  const int n = static_cast<int>(moves.size());
  if (best_out) *best_out = -1;
  if (n == 0) return final_margin(pos);
  if (n == 1 && !best_out) return -search(game_.make(pos, moves[0]), -beta, -alpha, nullptr);

  Entry& e = table_[pos.hash & mask_];
  int tt_best = -1;
  if (e.key == pos.hash) {
    tt_best = e.best < n ? e.best : -1;
    if (!best_out) {  // the root must search to name its best move
      if (e.lower >= beta) return e.lower;
      if (e.upper <= alpha) return e.upper;
      if (e.lower == e.upper) return e.lower;
      alpha = std::max<int>(alpha, e.lower);
      beta = std::min<int>(beta, e.upper);
    }
  }

  std::array<Position, kMaxMoves> children;
  std::array<int, kMaxMoves> keys;
  std::array<int, kMaxMoves> order;
  const int empties = std::popcount(pos.empty());
  for (int i = 0; i < n; ++i) {
    children[i] = game_.make(pos, moves[static_cast<std::size_t>(i)]);
    order[i] = i;
    // Fewest replies first (a cheap proxy for the best move), the table move before all.
    keys[i] = i == tt_best                  ? -1
              : empties >= kOrderingEmpties ? static_cast<int>(game_.count_moves(children[i], {}))
                                            : 0;
  }
  std::stable_sort(order.begin(), order.begin() + n,
                   [&](int a, int b) { return keys[a] < keys[b]; });

  const int alpha_start = alpha;
  int best = -kBeyond;
  int best_index = -1;
  for (int k = 0; k < n; ++k) {
    const int i = order[k];
    const int v = -search(children[i], -beta, -alpha, nullptr);
    if (stopped_) return 0;
    if (v > best) {
      best = v;
      best_index = i;
      if (v > alpha) {
        alpha = v;
        if (v >= beta) break;
      }
    }
  }
  if (best_out) *best_out = best_index;

  if (e.key != pos.hash) e = Entry{pos.hash};
  if (best > alpha_start && best < beta) {
    e.lower = e.upper = static_cast<std::int8_t>(best);
  } else if (best >= beta) {
    e.lower = static_cast<std::int8_t>(std::max<int>(e.lower, best));
  } else {
    e.upper = static_cast<std::int8_t>(std::min<int>(e.upper, best));
  }
  e.best = static_cast<std::int8_t>(best_index);
  return best;
}

}  // namespace triad::games::yinyang
