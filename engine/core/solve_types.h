// What a whole-game solver reports (`go solve`): its progress and its outcome, in the game's
// own moves. The one definition for every solver (engine/games/yinyang/solver.h uses it); a
// game's solver is the GameSolver of its search hooks (engine/search/hooks.h).
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
  // A game without margins (Íves dáma's endgame tables; lower and upper stay 0): the plies
  // to the end with best play (0 for a draw), and whether it is a draw.
  std::optional<int> plies;
  bool draw = false;
};

}  // namespace triad::engine
