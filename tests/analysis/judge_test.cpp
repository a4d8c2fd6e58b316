// The review's judgement of a move (analysis/judge.h) without a process: the loss from the
// engine's expected scores, the class thresholds, the only-move test (one legal move, or a
// second line a blunder worse), exact knowledge overriding the engine (on both sides of the
// move, or on one), and the errors for inputs that describe no position.
#include "analysis/judge.h"

#include <gtest/gtest.h>

namespace triad::analysis {
namespace {

using engine::GameResult;
using engine::Player;

JudgeInput engine_only(double best, double played, bool engine_best = false) {
  JudgeInput in;
  in.best = best;
  in.played = played;
  in.engine_best = engine_best;
  in.legal_moves = 5;
  return in;
}

TEST(ReviewJudge, LossIsTheDropOfExpectedScoreAndNeverNegative) {
  const auto j = judge(engine_only(0.70, 0.45));
  ASSERT_TRUE(j);
  EXPECT_DOUBLE_EQ(j->loss, 0.25);
  EXPECT_EQ(j->before, 0.70);
  EXPECT_EQ(j->after, 0.45);
  EXPECT_EQ(j->cls, MoveClass::kBlunder);
  EXPECT_FALSE(j->exact);
  const auto better = judge(engine_only(0.50, 0.60));
  ASSERT_TRUE(better);
  EXPECT_EQ(better->loss, 0.0);
  EXPECT_EQ(better->cls, MoveClass::kExcellent);
}

TEST(ReviewJudge, ClassesFollowTheThresholds) {
  EXPECT_EQ(judge(engine_only(0.5, 0.5, true))->cls, MoveClass::kBest);
  EXPECT_EQ(judge(engine_only(0.5, 0.49))->cls, MoveClass::kExcellent);
  EXPECT_EQ(judge(engine_only(0.5, 0.47))->cls, MoveClass::kGood);
  EXPECT_EQ(judge(engine_only(0.5, 0.44))->cls, MoveClass::kInaccuracy);
  EXPECT_EQ(judge(engine_only(0.5, 0.39))->cls, MoveClass::kMistake);
  EXPECT_EQ(judge(engine_only(0.5, 0.29))->cls, MoveClass::kBlunder);
}

TEST(ReviewJudge, OnlyMoveWithOneLegalMoveOrASecondLineABlunderWorse) {
  auto in = engine_only(0.8, 0.8, true);
  EXPECT_FALSE(judge(in)->only_move);
  in.legal_moves = 1;
  EXPECT_TRUE(judge(in)->only_move);
  in.legal_moves = 3;
  in.second = 0.65;
  EXPECT_FALSE(judge(in)->only_move);
  in.second = 0.55;
  EXPECT_TRUE(judge(in)->only_move);
}

TEST(ReviewJudge, ExactKnowledgeDecidesTheLossAndTheClass) {
  // The engine thinks the move is fine; the solver proves it turns a win into a loss.
  auto in = engine_only(0.9, 0.88);
  in.mover = Player::kTwo;
  in.exact_before = GameResult::kP2Win;
  in.exact_played = GameResult::kP1Win;
  in.keeping = 2;
  auto j = judge(in);
  ASSERT_TRUE(j);
  EXPECT_TRUE(j->exact);
  EXPECT_EQ(j->loss, 1.0);
  EXPECT_EQ(j->cls, MoveClass::kBlunder);
  EXPECT_FALSE(j->only_move);
  EXPECT_EQ(j->before, 1.0);  // the proven values, the mover's (Player 2's) point of view
  EXPECT_EQ(j->after, 0.0);
  // A win thrown to a draw loses half a point.
  in.exact_played = GameResult::kDraw;
  EXPECT_EQ(judge(in)->loss, 0.5);
  // The engine thinks the move is a blunder; it keeps the proven value: at worst good.
  in = engine_only(0.9, 0.3);
  in.exact_before = in.exact_played = GameResult::kP1Win;
  in.keeping = 1;
  j = judge(in);
  ASSERT_TRUE(j);
  EXPECT_EQ(j->loss, 0.0);
  EXPECT_EQ(j->cls, MoveClass::kGood);
  EXPECT_TRUE(j->only_move);
  // The same move as the review's best (the best that keeps the value): best, whatever the
  // engine's own scores said.
  in.engine_best = true;
  EXPECT_EQ(judge(in)->cls, MoveClass::kBest);
  // Moves whose results are not all known (a book proves one winning move): no only-move
  // claim, unless the move is the one legal move.
  in.keeping = 0;
  EXPECT_FALSE(judge(in)->only_move);
  in.legal_moves = 1;
  EXPECT_TRUE(judge(in)->only_move);
}

TEST(ReviewJudge, InputsThatDescribeNoPositionAreErrors) {
  auto in = engine_only(0.5, 0.5);
  in.legal_moves = 0;
  EXPECT_FALSE(judge(in));
  EXPECT_FALSE(judge(engine_only(1.5, 0.5)));
  EXPECT_FALSE(judge(engine_only(0.5, -0.1)));
}

// One side proven, the other not (a move leaving a book's proof, or into the endgame tables):
// the proven value on that side, the engine's on the other, one scale for the loss.
TEST(ReviewJudge, OneProvenSideIsMeasuredAgainstTheEnginesValueOfTheOther) {
  auto in = engine_only(0.55, 0.4);  // Player 1 moves
  in.exact_before = GameResult::kP1Win;
  auto j = judge(in);
  ASSERT_TRUE(j);
  EXPECT_FALSE(j->exact);
  EXPECT_EQ(j->before, 1.0);
  EXPECT_EQ(j->after, 0.4);
  EXPECT_DOUBLE_EQ(j->loss, 0.6);  // a proven win left for an unclear position
  EXPECT_EQ(j->cls, MoveClass::kBlunder);
  in.exact_before = GameResult::kP2Win;  // already lost: nothing to lose
  EXPECT_EQ(judge(in)->loss, 0.0);
  EXPECT_EQ(judge(in)->cls, MoveClass::kExcellent);
  in.exact_before.reset();
  in.exact_played = GameResult::kP2Win;  // into a proven loss
  EXPECT_DOUBLE_EQ(judge(in)->loss, 0.55);
  EXPECT_EQ(judge(in)->after, 0.0);
  in.exact_played = GameResult::kP1Win;
  EXPECT_EQ(judge(in)->loss, 0.0);
  // The engine's best move proven lost too: the position was lost, the move loses nothing.
  in.exact_played = in.exact_best = GameResult::kP2Win;
  EXPECT_EQ(judge(in)->before, 0.0);
  EXPECT_EQ(judge(in)->loss, 0.0);
  // The engine's best move proven to win: the played move threw a proven win away.
  in.exact_best = GameResult::kP1Win;
  EXPECT_EQ(judge(in)->loss, 1.0);
  EXPECT_EQ(judge(in)->cls, MoveClass::kBlunder);
}

// Proven results are written as such, never as the engine's huge centipawn numbers; a mate
// keeps its distance (moves, as UCI's `score mate`, and plies).
std::string review_score(protocol::EngineScore score, std::optional<GameResult> proven,
                         std::string_view by) {
  adapters::JsonWriter j;
  write_review_score(j, score, proven, by);
  return j.text();
}

TEST(ReviewScore, ProvenResultsAreNamedAndMatesKeepTheirDistance) {
  EXPECT_EQ(review_score({false, 30962}, GameResult::kP1Win, "table"),
            R"({"proven":"1-0","by":"table"})");
  EXPECT_EQ(review_score({false, 0}, GameResult::kDraw, "solver"),
            R"({"proven":"1/2-1/2","by":"solver"})");
  // Without exact knowledge, the engine's decided value (its solver, not a proof).
  EXPECT_EQ(review_score({false, -30962}, std::nullopt, ""), R"({"proven":"0-1","by":"engine"})");
  EXPECT_EQ(review_score({false, 850}, std::nullopt, ""), R"({"cp":850})");
  EXPECT_EQ(review_score({true, -13}, GameResult::kP2Win, "table"),
            R"({"mate":-7,"mate_plies":-13})");
}

}  // namespace
}  // namespace triad::analysis
