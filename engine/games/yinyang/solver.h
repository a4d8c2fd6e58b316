// The fast Yin Yang solver. Every move fills one square, so a position with e empty squares
// ends within e plies and can be searched to the end. Built like an Othello endgame solver:
// - null-window tests "does the side to move reach a final margin of at least t?" are the
//   unit of work: the win/loss answer is one test at the winning threshold, the exact margin
//   a short sequence of tests (gallop away from the threshold, then bisect), all sharing one
//   table of bounds;
// - fastest-first ordering (the move that leaves the opponent the fewest replies first),
//   the table's best move before all, enhanced transposition cutoffs high in the tree;
// - a bound on the final margin (each remaining move changes it by at most 3) that cuts
//   hopeless or already decided nodes at once, and a table-free search for the last empties;
// - with several threads, the replies to each root move are searched in parallel (they are
//   independent: all must hold for the move to work), abandoning the others when one fails.
// The table's memory is set in bytes (the engine's `Hash`); the class owns the table, so
// whoever owns a Solver owns its memory.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/core/solve_types.h"
#include "engine/games/yinyang/game.h"
#include "engine/games/yinyang/solution.h"
#include "engine/games/yinyang/solver_table.h"

namespace triad::games::yinyang {

// The answer to "does the side to move win?".
struct Verdict {
  bool side_to_move_wins = false;
  // A winning move when the side to move wins; otherwise the move whose refutation left the
  // highest margin bound (a reasonable try for the loser). Empty at the end of the game.
  std::optional<Move> best;
  int lower = -kSquares;  // proved bounds on the final margin (side to move)
  int upper = kSquares;
  std::uint64_t nodes = 0;
};

// Progress of a solve, reported after every null-window test: the final margin (side to
// move) is proved within [lower, upper]; best is the move behind the lower bound.
using SolveProgress = engine::SolveProgress<Move>;

class Solver {
 public:
  // Polled about every thousand nodes (by one thread); returning true abandons the solve.
  using StopCheck = std::function<bool()>;
  using ProgressFn = std::function<void(const SolveProgress&)>;

  // Tables of 2^table_bits slots (16 bytes each) in all.
  explicit Solver(int table_bits = 20);

  // Table memory in bytes (whole 64-byte buckets; clears the tables), and search threads.
  void set_memory(std::size_t bytes);
  std::size_t memory() const { return table_.bytes() + shallow_table_.bytes(); }
  void set_threads(int threads) { threads_ = threads < 1 ? 1 : threads; }
  int threads() const { return threads_; }
  void set_progress(ProgressFn progress) { progress_ = std::move(progress); }

  // Who wins with perfect play (one null-window test), or nothing when stopped.
  std::optional<Verdict> win_loss(const Position& pos, const StopCheck& stop = {});

  // The exact final margin and a perfect line, or nothing when stopped.
  std::optional<Solution> solve(const Position& pos, const StopCheck& stop = {});

  // Alpha-beta value of the final margin (side to move), fail-soft within [alpha, beta],
  // single-threaded; `best` receives the index (generate() order) of the best move or -1 at
  // the end of the game. Returns nothing when stopped.
  std::optional<int> value(const Position& pos, int alpha, int beta, int* best = nullptr,
                           const StopCheck& stop = {});

  // Nodes visited since construction (all threads).
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  int hashfull() const { return table_.permille_used(); }
  void clear() {
    table_.clear();
    shallow_table_.clear();
  }

 private:
  struct Context;
  struct RootResult {
    int value = 0;  // fail-soft bound from the test
    int best = -1;  // index (generate() order) of the move behind it
  };

  // One null-window (or general) test at the root; nothing when stopped.
  std::optional<RootResult> root(const Position& pos, int alpha, int beta, bool parallel);
  // The value of a root child from the root's side, its replies searched by all threads.
  int split(const Position& child, int threshold, Context& main);
  // `empties`: the empty squares of `pos`, `now` its final_margin(); `known`: its mobility()
  // when the caller already has it.
  int search(const Position& pos, int empties, int now, int alpha, int beta, Context& ctx,
             const Mobility* known = nullptr);
  // The fail-soft value of a position with 2 empty squares and margin `now`: no table, no
  // ordering, the moves read from the squares around the empty ones.
  int last_two(const Position& pos, int now, int beta, Context& ctx);
  void poll(Context& ctx);
  // Stores the fail-soft result `best` of a search of `pos` in the window (alpha, beta).
  void store_result(const Position& pos, int empties, int alpha, int beta, int best,
                    int best_index);
  std::optional<int> exact(const Position& pos, int* best);
  void begin(const StopCheck* stop);

  Game game_;
  // Positions with few empty squares are most of the probes but cheap to recompute: they get
  // a small table of their own that stays in the caches; the rest of the memory holds the
  // deeper positions. A position always goes to the same table (its empties never change).
  SolverTable& table_for(int empties) {
    return empties < kShallowTableEmpties ? shallow_table_ : table_;
  }
  static constexpr int kShallowTableEmpties = 12;
  SolverTable table_;
  SolverTable shallow_table_;
  int threads_ = 1;
  ProgressFn progress_;
  const StopCheck* stop_check_ = nullptr;
  std::atomic<bool> stop_{false};
  std::atomic<std::uint64_t> nodes_{0};
};

}  // namespace triad::games::yinyang
