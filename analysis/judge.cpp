// The judgement of a reviewed move (see judge.h).
#include "analysis/judge.h"

#include <algorithm>

namespace triad::analysis {

namespace {

// The expected score of `player` in a game that ends with `result`.
double score_of(engine::GameResult result, engine::Player player) {
  if (result == engine::GameResult::kDraw) return 0.5;
  return (result == engine::GameResult::kP1Win) == (player == engine::Player::kOne) ? 1.0 : 0.0;
}

bool in_range(double x) {
  return x >= 0.0 && x <= 1.0;
}

}  // namespace

Result<Judgement> judge(const JudgeInput& in) {
  if (in.legal_moves == 0) return make_error("a reviewed position has no legal move");
  if (!in_range(in.best) || !in_range(in.played) || (in.second && !in_range(*in.second)))
    return make_error("an expected score is outside 0..1");
  if (in.exact_before.has_value() != in.exact_played.has_value())
    return make_error("a proven result is known before the move or after it, not both");

  Judgement j;
  j.before = in.best;
  j.after = in.played;
  j.loss = std::max(0.0, in.best - in.played);
  j.cls = classify(j.loss, in.engine_best);
  j.only_move = in.legal_moves == 1 || (in.second && in.best - *in.second >= kBlunder);
  if (!in.exact_before) return j;

  // Exact knowledge decides: the loss is the change of the proven value.
  j.exact = true;
  j.before = score_of(*in.exact_before, in.mover);
  j.after = score_of(*in.exact_played, in.mover);
  j.loss = std::max(0.0, j.before - j.after);
  // A move that keeps it is the best (the review's best move keeps it too), else at most good.
  j.cls = j.loss > 0       ? classify(j.loss, false)
          : in.engine_best ? MoveClass::kBest
                           : std::min(j.cls, MoveClass::kGood);
  j.only_move = in.legal_moves == 1 || in.keeping == 1;
  return j;
}

}  // namespace triad::analysis
