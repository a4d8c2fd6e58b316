// Game records (docs/notation.md "Game records").
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "protocol/client/info_line.h"
#include "tournament/record.h"

namespace triad::tournament {
namespace {

TEST(Record, TagsMovesCommentsAndResult) {
  GameRecord r;
  r.setup.number = 3;
  r.setup.round = 2;
  r.setup.event = "Test \"cup\"";
  r.setup.variant = "yinyang";
  r.setup.start_fen = "6/6/2DL2/2LD2/6/6 1 0";
  r.setup.name[0] = "triad";
  r.setup.name[1] = "greedy";
  r.setup.tc[0].move_time_ms = 50;
  r.setup.tc[1].move_time_ms = 50;
  r.date = "2026.11.30";
  r.moves = {{"c4b4", true, std::nullopt, 0, 0},
             {"d3e3", false, protocol::EngineScore{false, 35}, 7, 105},
             {"b4b5", false, protocol::EngineScore{true, -3}, 4, 2}};
  r.result = engine::GameResult::kP2Win;
  r.termination = kTermIllegalMove;
  r.comment = "Player 1 made an illegal move: zz";
  r.score_text = "14 17";
  r.engine_id[0] = "Triad 0.1.0-abc1234";
  r.engine_id[1] = "builtin:greedy";
  const std::string text = format_record(r);
  EXPECT_EQ(text,
            "[Event \"Test \\\"cup\\\"\"]\n"
            "[Site \"?\"]\n"
            "[Date \"2026.11.30\"]\n"
            "[Round \"2\"]\n"
            "[Game \"3\"]\n"
            "[Variant \"yinyang\"]\n"
            "[FEN \"6/6/2DL2/2LD2/6/6 1 0\"]\n"
            "[Player1 \"triad\"]\n"
            "[Player2 \"greedy\"]\n"
            "[Player1Engine \"Triad 0.1.0-abc1234\"]\n"
            "[Player2Engine \"builtin:greedy\"]\n"
            "[Result \"0-1\"]\n"
            "[Termination \"illegal move\"]\n"
            "[Score \"14 17\"]\n"
            "[TimeControl \"st=0.05\"]\n"
            "[PlyCount \"3\"]\n"
            "\n"
            "1. c4b4 {book} d3e3 {+0.35/7 0.105s} 2. b4b5 {-M2/4 0.002s}\n"
            "{Player 1 made an illegal move: zz} 0-1\n"
            "\n");
}

TEST(Record, NumbersFromPlayerTwoAndOmitsScoreNone) {
  GameRecord r;
  r.setup.start_fen = "p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 2 0";
  r.moves = {{"a1b2", false, std::nullopt, 0, 10}, {"c3d4", false, std::nullopt, 0, 20}};
  r.result = engine::GameResult::kDraw;
  r.termination = kTermAdjudication;
  r.score_text = "none";
  const std::string text = format_record(r);
  EXPECT_EQ(text.find("[Score"), std::string::npos);
  EXPECT_NE(text.find("1... a1b2 {0.010s} 2. c3d4 {0.020s} 1/2-1/2\n"), std::string::npos);
}

TEST(Record, EngineTextCannotCloseTheComment) {
  GameRecord r;
  r.setup.start_fen = "6/6/2DL2/2LD2/6/6 1 0";
  r.result = engine::GameResult::kP2Win;
  r.termination = kTermIllegalMove;
  r.comment = "Player 1 made an illegal move: }{x";
  EXPECT_NE(format_record(r).find("{Player 1 made an illegal move: ||x} 0-1"), std::string::npos);
}

TEST(Record, FormatScore) {
  EXPECT_EQ(format_score({false, 0}), "+0.00");
  EXPECT_EQ(format_score({false, -1250}), "-12.50");
  EXPECT_EQ(format_score({true, 5}), "+M3");  // 5 plies: the winner's third move ends it
  EXPECT_EQ(format_score({true, -2}), "-M1");
}

// A record's mate is the number the engine sent as UCI's `score mate N` (moves), the same
// after the client's conversion to plies; UGI's plies come out as moves.
TEST(Record, FormatScoreWritesTheEnginesUciMateInMoves) {
  for (const int n : {1, 3, 7, -1, -4, -12}) {
    const auto uci = protocol::parse_info(protocol::Dialect::kUci,
                                          "info depth 9 score mate " + std::to_string(n));
    ASSERT_TRUE(uci.score);
    EXPECT_EQ(format_score(*uci.score), (n > 0 ? "+M" : "-M") + std::to_string(std::abs(n)));
  }
  const auto ugi = protocol::parse_info(protocol::Dialect::kUgi, "info depth 9 score mate -14");
  EXPECT_EQ(format_score(*ugi.score), "-M7");
}

}  // namespace
}  // namespace triad::tournament
