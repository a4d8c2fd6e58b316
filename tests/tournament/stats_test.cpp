// Statistics against values computed by hand (formulas in tournament/stats.h).
#include <cmath>
#include <limits>

#include <gtest/gtest.h>

#include "tournament/stats.h"

namespace triad::tournament {
namespace {

TEST(Stats, EloFromScoreMatchesTheLogisticFormula) {
  EXPECT_DOUBLE_EQ(elo_from_score(0.5), 0.0);
  // 0.75 = 3:1 odds -> 400 log10(3) = 190.848...
  EXPECT_NEAR(elo_from_score(0.75), 190.848501887865, 1e-9);
  EXPECT_NEAR(elo_from_score(0.25), -190.848501887865, 1e-9);
  EXPECT_NEAR(score_from_elo(190.848501887865), 0.75, 1e-12);
  EXPECT_EQ(elo_from_score(1.0), std::numeric_limits<double>::infinity());
  EXPECT_EQ(elo_from_score(0.0), -std::numeric_limits<double>::infinity());
}

TEST(Stats, EstimateOfTenWinsFiveLossesFiveDraws) {
  Tally t;
  t.wins = 10;
  t.losses = 5;
  t.draws = 5;
  const EloEstimate e = estimate_elo(t);
  // score = (10 + 2.5) / 20 = 0.625; Elo = 400 log10(0.625 / 0.375) = 400 log10(5/3).
  EXPECT_DOUBLE_EQ(e.score, 0.625);
  EXPECT_NEAR(e.elo, 400 * std::log10(5.0 / 3.0), 1e-9);
  EXPECT_NEAR(e.elo, 88.7395, 1e-4);
  // Per-game variance: (10*0.375^2 + 5*0.125^2 + 5*0.625^2) / 20 = 0.171875; the 95%
  // bounds 0.625 +- 1.96*sqrt(0.171875/20) = 0.44331 / 0.80669 give Elo -39.56 / 248.18,
  // half their distance is 143.87.
  EXPECT_NEAR(e.error_95, 143.8749, 1e-3);
  // LOS = (1 + erf((10 - 5) / sqrt(2 * 15))) / 2.
  EXPECT_NEAR(e.los, 0.901647, 1e-6);
  EXPECT_DOUBLE_EQ(e.draw_ratio, 0.25);
  // nElo = 0.125 / sqrt(0.171875) * 800 / ln 10 = 104.756; +- 1.96 * 347.44 / sqrt(20).
  EXPECT_NEAR(e.nelo, 104.7558, 1e-3);
  EXPECT_NEAR(e.nelo_error_95, 152.2676, 1e-3);
}

TEST(Stats, EvenMatchHasZeroEloAndHalfLos) {
  Tally t;
  t.wins = 3;
  t.losses = 3;
  t.draws = 4;
  const EloEstimate e = estimate_elo(t);
  EXPECT_DOUBLE_EQ(e.elo, 0.0);
  EXPECT_DOUBLE_EQ(e.los, 0.5);
  EXPECT_GT(e.error_95, 0.0);
}

TEST(Stats, PerfectScoreHasInfiniteEloAndInterval) {
  Tally t;
  t.wins = 4;
  const EloEstimate e = estimate_elo(t);
  EXPECT_EQ(e.elo, std::numeric_limits<double>::infinity());
  EXPECT_EQ(e.error_95, std::numeric_limits<double>::infinity());
  // LOS = (1 + erf(4 / sqrt(8))) / 2.
  EXPECT_NEAR(e.los, 0.977250, 1e-6);
}

TEST(Stats, SprtBoundsFollowAlphaAndBeta) {
  Tally t;
  t.wins = 1;
  const SprtState s = sprt(t, SprtConfig{0, 5, 0.05, 0.05, SprtModel::kLogistic});
  EXPECT_NEAR(s.lower, std::log(0.05 / 0.95), 1e-12);  // -2.944
  EXPECT_NEAR(s.upper, std::log(0.95 / 0.05), 1e-12);  // +2.944
  const SprtState s2 = sprt(t, SprtConfig{0, 5, 0.01, 0.1, SprtModel::kLogistic});
  EXPECT_NEAR(s2.lower, std::log(0.1 / 0.99), 1e-12);
  EXPECT_NEAR(s2.upper, std::log(0.9 / 0.01), 1e-12);
}

TEST(Stats, SprtTrinomialLogisticAndNormalized) {
  Tally t;
  t.wins = 10;
  t.losses = 5;
  t.draws = 5;
  // s0 = 0.5, s1 = 1 / (1 + 10^(-5/400)) = 0.507195; LLR = 20 (s1 - s0)(2*0.625 - s0 - s1)
  // / (2 * 0.171875) = 0.101644.
  const SprtState logistic = sprt(t, SprtConfig{0, 5, 0.05, 0.05, SprtModel::kLogistic});
  EXPECT_FALSE(logistic.pentanomial);
  EXPECT_NEAR(logistic.llr, 0.1016437, 1e-6);
  EXPECT_EQ(logistic.status, SprtStatus::kContinue);
  // Normalized: s1 = 0.5 + 5 * sqrt(0.171875) / (800 / ln 10) = 0.505966; LLR = 0.084711.
  const SprtState normalized = sprt(t, SprtConfig{0, 5, 0.05, 0.05, SprtModel::kNormalized});
  EXPECT_NEAR(normalized.llr, 0.0847109, 1e-6);
}

TEST(Stats, SprtPentanomialWhenEveryGameIsPaired) {
  Tally t;
  t.pentanomial = {1, 2, 5, 4, 3};  // 15 pairs
  // The game counts of those pairs: LL, 2x LD, 5x (DD or WL) taken as DD here, 4x WD, 3x WW.
  t.losses = 2 + 2;
  t.draws = 2 + 10 + 4;
  t.wins = 4 + 6;
  ASSERT_EQ(t.games(), 30);
  // Pair scores 0, .25, .5, .75, 1: mean 0.6, variance 0.0816667;
  // LLR = 15 (s1 - s0)(1.2 - s0 - s1) / (2 * 0.0816667) = 0.127400.
  const SprtState s = sprt(t, SprtConfig{0, 5, 0.05, 0.05, SprtModel::kLogistic});
  EXPECT_TRUE(s.pentanomial);
  EXPECT_NEAR(s.llr, 0.1274002, 1e-6);
  // Normalized with sigma = sqrt(2 * 0.0816667): LLR = 0.103720.
  const SprtState n = sprt(t, SprtConfig{0, 5, 0.05, 0.05, SprtModel::kNormalized});
  EXPECT_NEAR(n.llr, 0.1037201, 1e-6);
}

TEST(Stats, SprtDecidesOnClearResults) {
  Tally strong;
  strong.wins = 300;
  strong.losses = 100;
  strong.draws = 100;
  EXPECT_EQ(sprt(strong, SprtConfig{}).status, SprtStatus::kAcceptH1);
  Tally weak;
  weak.wins = 100;
  weak.losses = 300;
  weak.draws = 100;
  EXPECT_EQ(sprt(weak, SprtConfig{}).status, SprtStatus::kAcceptH0);
  Tally draws;  // no variance: no information, never a decision
  draws.draws = 50;
  EXPECT_EQ(sprt(draws, SprtConfig{}).status, SprtStatus::kContinue);
  EXPECT_DOUBLE_EQ(sprt(draws, SprtConfig{}).llr, 0.0);
}

}  // namespace
}  // namespace triad::tournament
