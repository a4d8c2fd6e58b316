// The win/draw/loss models (state/wdl.h): the learned one keeps the net's expected score
// (win + draw / 2 = sigmoid(score / scale)) and its draw rate at an even score; mate scores
// are certain; every estimate sums to 1000 and favours the side with the better score.
#include "state/wdl.h"

#include <gtest/gtest.h>

#include <cmath>

#include "engine/search/search_types.h"

namespace triad::state {
namespace {

double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

TEST(Wdl, TheLearnedModelKeepsTheNetsExpectedScoreAndDrawRate) {
  for (const int draws : {0, 120, 400, 1000}) {
    const auto model = WdlModel::fitted(66, draws);
    const Wdl even = estimate_wdl(0, model);
    EXPECT_EQ(even.draw, draws);
    EXPECT_EQ(even.win, even.loss);
    for (int score = -400; score <= 400; score += 7) {
      const Wdl wdl = estimate_wdl(score, model);
      ASSERT_EQ(wdl.win + wdl.draw + wdl.loss, 1000) << score;
      ASSERT_GE(std::min({wdl.win, wdl.draw, wdl.loss}), 0) << score;
      // win + draw / 2 is the expected score, to the rounding of two permilles.
      EXPECT_NEAR(wdl.win + wdl.draw / 2.0, 1000 * sigmoid(score / 66.0), 1.5) << score;
      const Wdl mirrored = estimate_wdl(-score, model);
      EXPECT_NEAR(mirrored.win, wdl.loss, 1) << score;
      EXPECT_NEAR(mirrored.draw, wdl.draw, 1) << score;
      // The draws fall off linearly from the even score: rate * 2 min(E, 1 - E).
      const double e = sigmoid(score / 66.0);
      EXPECT_NEAR(wdl.draw, draws * 2 * std::min(e, 1 - e), 1.5) << score;
    }
  }
  // Without draws the estimate is the expected score itself: 66 points win 731 of 1000.
  const Wdl one_scale = estimate_wdl(66, WdlModel::fitted(66, 0));
  EXPECT_EQ(one_scale.win, 731);
  EXPECT_EQ(one_scale.draw, 0);
  EXPECT_EQ(one_scale.loss, 269);
}

TEST(Wdl, MateScoresAreCertainInEveryModel) {
  for (const auto& model : {WdlModel::classical(), WdlModel::fitted(66, 300)}) {
    const Wdl win = estimate_wdl(engine::kMateScore - 5, model);
    EXPECT_EQ(win.win, 1000);
    EXPECT_EQ(win.draw + win.loss, 0);
    const Wdl loss = estimate_wdl(-(engine::kMateScore - 8), model);
    EXPECT_EQ(loss.loss, 1000);
    EXPECT_EQ(loss.win + loss.draw, 0);
  }
}

TEST(Wdl, TheClassicalModelFavoursTheBetterScore) {
  int last_win = -1;
  for (int score = -300; score <= 300; score += 25) {
    const Wdl wdl = estimate_wdl(score, WdlModel::classical());
    ASSERT_EQ(wdl.win + wdl.draw + wdl.loss, 1000) << score;
    EXPECT_GT(wdl.win, last_win) << score;
    last_win = wdl.win;
    if (score > 0) {
      EXPECT_GT(wdl.win, wdl.loss) << score;
    }
  }
  EXPECT_EQ(wdl_words(0, WdlModel::fitted(50, 250)), " wdl 375 250 375");
}

}  // namespace
}  // namespace triad::state
