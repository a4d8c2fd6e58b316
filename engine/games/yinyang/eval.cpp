// Yin Yang static evaluation, first version: the current score difference, plus half a point
// for Player 2 because a tie is a win for Player 2.
#include "engine/games/yinyang/eval.h"

namespace triad::games::yinyang {

namespace {
constexpr int kPointValue = 100;
constexpr int kTieBreakValue = kPointValue / 2;

struct Terms {
  int score = 0;      // points ahead (side to move minus opponent) * kPointValue
  int tie_break = 0;  // +kTieBreakValue for Player 2, -kTieBreakValue for Player 1
};

Terms compute_terms(const Position& pos) {
  const ScorePair s = score(pos);
  const bool p1 = pos.side_to_move == engine::Player::kOne;
  return {kPointValue * (p1 ? s.p1 - s.p2 : s.p2 - s.p1), p1 ? -kTieBreakValue : kTieBreakValue};
}
}  // namespace

int evaluate(const Position& pos) {
  const Terms t = compute_terms(pos);
  return t.score + t.tie_break;
}

std::vector<engine::EvalTerm> eval_terms(const Position& pos) {
  const Terms t = compute_terms(pos);
  return {{"score", t.score}, {"tie-break", t.tie_break}};
}

}  // namespace triad::games::yinyang
