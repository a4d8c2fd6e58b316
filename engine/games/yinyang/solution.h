// What a Yin Yang solver reports: the exact final margin under perfect play and a perfect
// line, plus the margin and winner helpers every solver shares. Margins are always from the
// side to move: its final score minus the opponent's (between -36 and 36).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/games/yinyang/game.h"

namespace triad::games::yinyang {

// Beyond every reachable margin: the open ends of a full window.
inline constexpr int kMarginBeyond = kSquares + 1;

struct Solution {
  // Final score difference under perfect play, from the side to move (own - opponent).
  int margin = 0;
  ScorePair final_score;  // the final score pair that perfect play reaches
  bool side_to_move_wins = false;
  std::vector<Move> pv;  // a perfect line to the end of the game (empty if already over)
  std::uint64_t nodes = 0;
};

// The current score difference from the side to move; of a finished game (no legal move)
// this is the final margin.
inline int final_margin(const Position& pos) {
  const ScorePair s = score(pos);
  return pos.side_to_move == engine::Player::kOne ? s.p1 - s.p2 : s.p2 - s.p1;
}

// Whether a margin (own - opponent, at the end) is a win for `side`: ties go to Player 2.
constexpr bool margin_wins(int margin, engine::Player side) {
  return side == engine::Player::kOne ? margin > 0 : margin >= 0;
}

// The smallest final margin that wins for `side` (the null-window threshold of a win/loss
// solve): Player 1 needs at least 1, Player 2 at least 0.
constexpr int winning_margin(engine::Player side) {
  return side == engine::Player::kOne ? 1 : 0;
}

}  // namespace triad::games::yinyang
