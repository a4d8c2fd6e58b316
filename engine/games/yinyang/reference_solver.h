// The reference Yin Yang solver: plain fail-soft alpha-beta over the whole remaining game on
// the final margin, with a small table and fewest-replies ordering, single-threaded. It is
// the first solver Triad had, kept as the independent check of the fast Solver (solver.h):
// `verify` re-solves book positions with it, the tests compare the two, and search_lab
// measures the fast solver against it side by side.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/games/yinyang/game.h"
#include "engine/games/yinyang/solution.h"

namespace triad::games::yinyang {

class ReferenceSolver {
 public:
  // Table of 2^table_bits entries (16 bytes each).
  explicit ReferenceSolver(int table_bits = 20);

  // Polled every few thousand nodes; returning true abandons the solve.
  using StopCheck = std::function<bool()>;

  // The exact solution, or nothing when `stop` said so first.
  std::optional<Solution> solve(const Position& pos, const StopCheck& stop = {});

  // Alpha-beta value of the final margin (own - opponent) from the side to move, fail-soft
  // within [alpha, beta]; `best` receives the index (generate() order) of the best move or
  // -1 at the end of the game. Returns nothing when stopped.
  std::optional<int> value(const Position& pos, int alpha, int beta, int* best = nullptr,
                           const StopCheck& stop = {});

  std::uint64_t nodes() const { return nodes_; }
  void clear();

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::int8_t lower = -kSquares - 1;
    std::int8_t upper = kSquares + 1;
    std::int8_t best = -1;
  };

  int search(const Position& pos, int alpha, int beta, int* best_out);

  Game game_;
  std::vector<Entry> table_;
  std::uint64_t mask_ = 0;
  std::uint64_t nodes_ = 0;
  const StopCheck* stop_ = nullptr;
  bool stopped_ = false;
};

}  // namespace triad::games::yinyang
