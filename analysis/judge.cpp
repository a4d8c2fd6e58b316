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

  // One scale for both sides of the move: the proven value where exact knowledge gives it,
  // else the engine's expected score, so that a position has one value on the curve.
  Judgement j;
  // Where only the position after is proven, the engine's best move's proven result (if
  // known) stands for the position before: a move no worse than it loses nothing.
  const std::optional<engine::GameResult> before = in.exact_before   ? in.exact_before
                                                   : in.exact_played ? in.exact_best
                                                                     : std::nullopt;
  j.before = before ? score_of(*before, in.mover) : in.best;
  j.after = in.exact_played ? score_of(*in.exact_played, in.mover) : in.played;
  j.loss = std::max(0.0, j.before - j.after);
  const MoveClass by_engine = classify(std::max(0.0, in.best - in.played), in.engine_best);
  j.cls = classify(j.loss, in.engine_best);
  j.only_move = in.legal_moves == 1 || (in.second && in.best - *in.second >= kBlunder);
  if (!in.exact_before || !in.exact_played) return j;

  // Both proven: the loss is the change of the proven value. A move that keeps it is the best
  // (the review's best move keeps it too), else at most good.
  j.exact = true;
  j.cls = j.loss > 0       ? classify(j.loss, false)
          : in.engine_best ? MoveClass::kBest
                           : std::min(by_engine, MoveClass::kGood);
  j.only_move = in.legal_moves == 1 || in.keeping == 1;
  return j;
}

}  // namespace triad::analysis
