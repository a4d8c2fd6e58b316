// Yin Yang static evaluation: an estimate of the final score difference from the side to
// move, 100 per point. Terms: the current score difference; half a point for Player 2
// (ties are Player 2's wins); and the swing of the best move available now (the side to
// move gains it for sure, the horizon would otherwise ignore it), counted at half value.
#include "engine/games/yinyang/eval.h"

#include <algorithm>
#include <bit>

#include "engine/games/yinyang/game.h"

namespace triad::games::yinyang {

namespace {
constexpr int kPointValue = 100;
constexpr int kTieBreakValue = kPointValue / 2;
constexpr int kSwingValue = kPointValue / 2;  // per point of the best immediate swing

struct Terms {
  int score = 0;      // points ahead (side to move minus opponent) * kPointValue
  int tie_break = 0;  // +kTieBreakValue for Player 2, -kTieBreakValue for Player 1
  int swing = 0;      // best change of (own - opponent) one move can make now
};

// A stone "matches" when its colour is its square's colour (a point for Player 1).
bool matches(const Position& pos, int sq) {
  const bool light_stone = (pos.light >> sq) & 1;
  return light_stone != is_dark_square(sq);
}

// The best change of Player 1's margin (p1 - p2) a legal move can make, per mover's side:
// moving a stone from f to t (distance n) replaces it on f by the other colour and puts it
// on t, so the margin moves by +3/+1/-1/-3 (odd n unmatched / even n unmatched / even n
// matched / odd n matched). Returns nothing (0) when no move exists.
int best_swing(const Position& pos, bool for_p1) {
  MoveList moves;
  Game().generate(pos, {}, moves);
  int best = -4;
  for (const auto& m : moves) {
    const bool odd = ((file_of(m.from) + rank_of(m.from) + file_of(m.to) + rank_of(m.to)) & 1) != 0;
    const bool matched = matches(pos, m.from);
    const int p1_delta = odd ? (matched ? -3 : 3) : (matched ? -1 : 1);
    best = std::max(best, for_p1 ? p1_delta : -p1_delta);
  }
  return moves.empty() ? 0 : best;
}

Terms compute_terms(const Position& pos) {
  const ScorePair s = score(pos);
  const bool p1 = pos.side_to_move == engine::Player::kOne;
  return {kPointValue * (p1 ? s.p1 - s.p2 : s.p2 - s.p1), p1 ? -kTieBreakValue : kTieBreakValue,
          kSwingValue * best_swing(pos, p1)};
}
}  // namespace

int evaluate(const Position& pos) {
  const Terms t = compute_terms(pos);
  return t.score + t.tie_break + t.swing;
}

std::vector<engine::EvalTerm> eval_terms(const Position& pos) {
  const Terms t = compute_terms(pos);
  return {{"score", t.score}, {"tie-break", t.tie_break}, {"swing", t.swing}};
}

}  // namespace triad::games::yinyang
