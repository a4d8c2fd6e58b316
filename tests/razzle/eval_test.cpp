// Razzle Dazzle static evaluation: the start position is even, and each term moves the way its
// description says (goal chances, blocked lanes, mobility, receivers near the goal).
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "engine/games/razzle/eval.h"
#include "engine/games/razzle/game.h"
#include "tests/razzle/razzle_test_util.h"

namespace triad::games::razzle {
namespace {

using test::position_line;

const Game kEvalGame({RuleSet::kExtended, Repetition::kUndo});

// Player 2 at home, its ball on d8.
constexpr std::string_view kNorthHome = " b8:p c8:p d8:b e8:p f8:p";

Position parse(const Game& game, const std::string& placements, std::string_view rest = "1 - -") {
  return test::parse(game, position_line(placements + std::string(kNorthHome), rest));
}

int term(const Game& game, const Position& pos, std::string_view name) {
  for (const auto& t : game.eval_terms(pos))
    if (t.name == name) return t.value;
  ADD_FAILURE() << "no evaluation term " << name;
  return 0;
}

// The start is symmetric, so every term is 0; without a goal pass in reach,
// evaluate_unless_goal (the search's leaf evaluation) gives the same score as evaluate.
// (tests/conformance/known_evaluations_test.cpp pins the terms of worked positions.)
TEST(RazzleEval, TheStartIsEvenAndLeavesWithoutAGoalPassGetTheScore) {
  const Position start = kEvalGame.start_position();
  EXPECT_EQ(kEvalGame.evaluate(start), 0);
  for (const auto& t : kEvalGame.eval_terms(start)) EXPECT_EQ(t.value, 0) << t.name;
  for (const std::string& placements :
       {std::string("b1:P c3:P d1:B e1:P f1:P"), std::string("a3:P c7:P d4:B e5:P g2:P")}) {
    const Position pos = parse(kEvalGame, placements);
    EXPECT_EQ(kEvalGame.evaluate_unless_goal(pos), kEvalGame.evaluate(pos)) << placements;
  }
}

TEST(RazzleEval, AGoalPassNowIsReportedInsteadOfAScore) {
  // The ball on d5 sees the own piece on g8 along the diagonal e6-f7.
  const std::string placements = "b1:P c1:P d5:B e1:P g8:P";
  const Position mover = parse(kEvalGame, placements);
  EXPECT_EQ(kEvalGame.evaluate_unless_goal(mover), std::nullopt);
  EXPECT_EQ(term(kEvalGame, mover, "goal"), eval::kGoalInReach);
  // With Player 2 to move it is a threat against it, and the score is still given.
  const Position other = parse(kEvalGame, placements, "2 - -");
  EXPECT_EQ(term(kEvalGame, other, "goal"), -eval::kGoalThreat);
  EXPECT_EQ(kEvalGame.evaluate_unless_goal(other), kEvalGame.evaluate(other));
}

TEST(RazzleEval, BlockingTheOpponentsLaneRaisesTheScore) {
  // Player 2's ball on d8 reaches its piece on d4 down the file unless a piece stands on d6;
  // a6 blocks nothing. Neither square can be reached by Player 1's passes.
  constexpr std::string_view kNorthLane = " b8:p c8:p d8:b e8:p d4:p";
  auto reach = [&](std::string_view blocker) {
    const std::string placements = "b1:P c1:P d1:B e1:P " + std::string(blocker) + ":P";
    return term(
        kEvalGame,
        test::parse(kEvalGame, position_line(placements + std::string(kNorthLane), "1 - -")),
        "reach");
  };
  // Player 2 loses the piece on d4 (4 ranks advanced) from its reach.
  EXPECT_EQ(reach("d6") - reach("a6"), eval::kReachCount + 4 * eval::kReachRank);
}

TEST(RazzleEval, CentralKnightsAreMoreMobile) {
  const Position start = kEvalGame.start_position();
  EXPECT_EQ(term(kEvalGame, start, "mobility"), 0);
  // The b1 piece on d4: 8 jumps instead of 3 (a3, c3, d2).
  const Position pos = parse(kEvalGame, "c1:P d1:B d4:P e1:P f1:P");
  EXPECT_EQ(term(kEvalGame, pos, "mobility"), 5 * eval::kMobility);
  EXPECT_EQ(term(kEvalGame, parse(kEvalGame, "c1:P d1:B d4:P e1:P f1:P", "2 - -"), "mobility"),
            -5 * eval::kMobility);
}

TEST(RazzleEval, ReceiversNearTheGoalCount) {
  EXPECT_EQ(term(kEvalGame, kEvalGame.start_position(), "receivers"), 0);
  // c7 is on the rank before Player 1's goal rank; g8 on the goal rank itself.
  EXPECT_EQ(term(kEvalGame, parse(kEvalGame, "b1:P c7:P d1:B e1:P f1:P"), "receivers"),
            eval::kReceiver);
  EXPECT_EQ(term(kEvalGame, parse(kEvalGame, "b1:P c7:P d1:B e1:P g8:P"), "receivers"),
            2 * eval::kReceiver);
}

}  // namespace
}  // namespace triad::games::razzle
