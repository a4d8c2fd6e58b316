// A game's accuracy (analysis/accuracy.h, review.h's player_accuracy) without a process: the
// volatility weights of a sliding window, the mean of the weighted and the harmonic mean, and
// forced moves and decided positions left out so that they cannot inflate the figure.
#include "analysis/accuracy.h"

#include <gtest/gtest.h>

#include "analysis/review.h"

namespace triad::analysis {
namespace {

TEST(ReviewAccuracy, WeightsAreTheWindowsDeviationInPercentClampedAndOnePerMove) {
  // 5 moves, 6 points: a window of 2; a quiet start, then a swing of 0.3 at move 3.
  const auto w = volatility_weights({0.5, 0.5, 0.5, 0.5, 0.8, 0.8});
  ASSERT_EQ(w.size(), 5u);
  EXPECT_DOUBLE_EQ(w[0], 0.5);  // deviation 0, clamped up to 0.5
  EXPECT_DOUBLE_EQ(w[2], 0.5);
  EXPECT_DOUBLE_EQ(w[3], 12.0);  // 15 % deviation, clamped down to 12
  EXPECT_DOUBLE_EQ(w[4], 0.5);
  // 30 points: a window of 3; the first moves take the first window's weight.
  std::vector<double> curve(30, 0.5);
  curve[1] = 0.56;
  const auto v = volatility_weights(curve);
  ASSERT_EQ(v.size(), 29u);
  EXPECT_DOUBLE_EQ(v[0], v[1]);
  EXPECT_NEAR(v[0], 2.828427, 1e-5);  // points 0.5, 0.56, 0.5
  EXPECT_TRUE(volatility_weights({0.5}).empty());
}

TEST(ReviewAccuracy, OneBadMovePullsTheGameDownMoreThanItsShareAndVolatilityWeighs) {
  // Nine perfect moves and one blunder (accuracy 0): the plain mean would say 90.
  std::vector<double> acc(10, 100.0), flat(10, 1.0);
  acc[4] = 0.0;
  const auto a = game_accuracy(acc, flat);
  ASSERT_TRUE(a);
  // (90 + harmonic 0) / 2: a move without accuracy makes the harmonic mean 0.
  EXPECT_NEAR(*a, 45.0, 1e-9);
  acc[4] = 10.0;  // (91 + 10 / (9 / 100 + 1 / 10)) / 2
  EXPECT_NEAR(*game_accuracy(acc, flat), (91.0 + 10.0 / 0.19) / 2.0, 1e-9);
  // The weak move in a volatile moment weighs more.
  auto heavy = flat;
  heavy[4] = 12.0;
  EXPECT_LT(*game_accuracy(acc, heavy), *game_accuracy(acc, flat));
  EXPECT_DOUBLE_EQ(*game_accuracy({100.0, 100.0}, {0.5, 12.0}), 100.0);
  EXPECT_FALSE(game_accuracy({}, {}));
  EXPECT_FALSE(game_accuracy({50.0}, {}));
}

TEST(ReviewAccuracy, ForcedMovesAndDecidedPositionsDoNotCount) {
  EXPECT_TRUE(uninformative(true, false, 0.5, 0.5));    // one legal move
  EXPECT_TRUE(uninformative(false, true, 1.0, 1.0));    // proven win kept
  EXPECT_TRUE(uninformative(false, false, 0.0, 0.0));   // lost beyond doubt, still lost
  EXPECT_TRUE(uninformative(false, false, 0.99, 1.0));  // won beyond doubt, still won
  EXPECT_FALSE(uninformative(false, false, 1.0, 0.0));  // a won game thrown away counts
  EXPECT_FALSE(uninformative(false, false, 0.6, 0.55));
}

MoveReview move(engine::Player mover, double p1_before, double p1_after, double loss) {
  MoveReview m;
  m.mover = mover;
  m.p1_expected_before = p1_before;
  m.p1_expected = p1_after;
  m.loss = loss;
  return m;
}

TEST(ReviewAccuracy, ARandomMoverInALostGameIsNotLiftedByItsHopelessMoves) {
  using engine::Player;
  // Player 2 blunders once, then plays on in a lost position: its later moves lose nothing
  // (nothing is left to lose) and must not raise its accuracy.
  std::vector<MoveReview> game = {move(Player::kOne, 0.5, 0.5, 0),
                                  move(Player::kTwo, 0.5, 1.0, 0.5)};
  const auto once = player_accuracy(game, Player::kTwo);
  for (int i = 0; i < 10; ++i) {
    game.push_back(move(Player::kOne, 1.0, 1.0, 0));
    game.push_back(move(Player::kTwo, 1.0, 1.0, 0));
  }
  game.back().forced = true;
  ASSERT_TRUE(once);
  EXPECT_DOUBLE_EQ(*player_accuracy(game, Player::kTwo), *once);
  EXPECT_NEAR(*once, move_accuracy(0.5), 1e-9);
  // Player 1 only ever played in decided or quiet positions: its one counted move is perfect.
  EXPECT_NEAR(*player_accuracy(game, Player::kOne), move_accuracy(0), 1e-9);
  // A player without a counted move has no accuracy.
  EXPECT_FALSE(player_accuracy({move(Player::kOne, 1.0, 1.0, 0)}, Player::kOne));
}

}  // namespace
}  // namespace triad::analysis
