// GameSolver<G>: the optional exact whole-game solver behind `go solve`. The primary
// template says "none"; a game with a solver specialises it (for Yin Yang see
// engine/games/yinyang/game_solver.h) with
//   kMaxMargin                      final margins lie within +-kMaxMargin
//   configure(hash_bytes, threads)  table memory and threads for the next solves
//   solve(g, pos, exact, on_progress, stop) -> optional<SolveOutcome<Move>>, nothing when
//                                   stopped (the last progress report holds what was proved)
//   nodes(), hashfull()             progress while solve() runs (from its stop check)
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace triad::engine {

// Bounds on the final margin (own score minus the opponent's at the end, from the side to
// move) proved so far, and the move behind the lower bound.
template <class Move>
struct SolveProgress {
  int lower = 0;
  int upper = 0;
  std::optional<Move> best;
  std::uint64_t nodes = 0;
};

template <class Move>
struct SolveOutcome {
  bool side_to_move_wins = false;
  int lower = 0;  // lower == upper when the exact margin was asked for
  int upper = 0;
  std::optional<Move> best;  // a move that achieves the value (none at the end of the game)
  std::vector<Move> pv;      // exact solves: a perfect line to the end
  std::uint64_t nodes = 0;
};

template <class G>
struct GameSolver {
  static constexpr bool kAvailable = false;
};

}  // namespace triad::engine
