// Exact Yin Yang endgame solver: alpha-beta over the whole remaining game (every move fills
// one square, so a position with e empty squares ends within e plies), on the final score
// difference, with its own transposition table. Used by the search at the root and near
// the leaves once few squares are empty; plays perfectly (wins whenever a win exists, and
// then by the largest margin) and reports the exact final score under perfect play.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/games/yinyang/game.h"

namespace triad::games::yinyang {

struct Solution {
  // Final score difference under perfect play, from the side to move (own - opponent).
  int margin = 0;
  ScorePair final_score;  // the final score pair that perfect play reaches
  bool side_to_move_wins = false;
  std::vector<Move> pv;  // a perfect line to the end of the game (empty if already over)
  std::uint64_t nodes = 0;
};

class Solver {
 public:
  // Table of 2^table_bits entries (16 bytes each).
  explicit Solver(int table_bits = 20);

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

// Final margin of a finished game (no legal move) from the side to move.
inline int final_margin(const Position& pos) {
  const ScorePair s = score(pos);
  return pos.side_to_move == engine::Player::kOne ? s.p1 - s.p2 : s.p2 - s.p1;
}

// Whether a margin (own - opponent, at the end) is a win for `side`: ties go to Player 2.
constexpr bool margin_wins(int margin, engine::Player side) {
  return side == engine::Player::kOne ? margin > 0 : margin >= 0;
}

}  // namespace triad::games::yinyang
