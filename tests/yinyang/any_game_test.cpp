// TypedGame<yinyang::Game> (adapters/common/any_game.h), the interface the protocol and the
// referee use: play, legal moves, outcome with the final score, fen, perft, errors.
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "adapters/common/any_game.h"
#include "tests/yinyang/test_support.h"

namespace triad::games::yinyang::testing {
namespace {

using ::testing::HasSubstr;
using Typed = adapters::TypedGame<Game>;

TEST(YinYangAnyGame, StartAndFirstMove) {
  Typed g{Game{}};
  EXPECT_EQ(g.game_name(), "yinyang");
  EXPECT_EQ(g.start_position_line(), "6/6/2DL2/2LD2/6/6 1 0");
  EXPECT_EQ(g.position_line(), g.start_position_line());
  std::vector<std::string> moves = g.legal_moves();
  std::sort(moves.begin(), moves.end());
  EXPECT_EQ(moves, (std::vector<std::string>{"c3b3", "c3c2", "c4b4", "c4c5", "d3d2", "d3e3", "d4d5",
                                             "d4e4"}));
  EXPECT_EQ(g.score_text(), "0 4");
  EXPECT_FALSE(g.outcome().over());
  ASSERT_TRUE(g.play("c4b4").ok());
  EXPECT_EQ(g.position_line(), "6/6/1DLL2/2LD2/6/6 2 1");
  EXPECT_EQ(g.score_text(), "2 3");
  EXPECT_EQ(g.side_to_move(), engine::Player::kTwo);
  EXPECT_EQ(g.ply(), 1);
  EXPECT_THAT(g.board_text(), HasSubstr("Score: Player 1 2, Player 2 3"));
  EXPECT_THAT(g.board_json(), HasSubstr(R"("name":"b4","x":1,"y":3,"piece":"D")"));
}

TEST(YinYangAnyGame, ErrorsChangeNothing) {
  Typed g{Game{}};
  ASSERT_TRUE(g.play("d3e3").ok());
  const std::string before = g.position_line();
  auto illegal = g.play("c3b3");  // c3 now has 2 light neighbours (d3, d4)
  ASSERT_FALSE(illegal.ok());
  EXPECT_THAT(illegal.error().message, HasSubstr("must slide exactly"));
  EXPECT_FALSE(g.play("zz").ok());
  EXPECT_FALSE(g.reset("6/6/2DL2/2LD2/6 1 0").ok());
  EXPECT_EQ(g.position_line(), before);
  EXPECT_FALSE(g.is_legal("c3b3"));
  EXPECT_TRUE(g.is_legal("c3a3"));
  EXPECT_TRUE(g.is_legal(g.legal_moves().front()));
}

TEST(YinYangAnyGame, GameOverReportsTheScoreResult) {
  Typed g{Game{}};
  ASSERT_TRUE(g.reset("L1D3/6/6/6/6/6 1 2").ok());  // no move, 1-1
  EXPECT_TRUE(g.legal_moves().empty());
  EXPECT_EQ(g.outcome(), engine::Outcome::win_for(engine::Player::kTwo, engine::Reason::kScore));
  EXPECT_EQ(g.score_text(), "1 1");
  EXPECT_FALSE(g.play("a6b6").ok());
  EXPECT_TRUE(g.perft_divide(2).empty());
}

TEST(YinYangAnyGame, PlaysWholeGamesToTheEnd) {
  Typed g{Game{}};
  for (int game = 0; game < 20; ++game) {
    ASSERT_TRUE(g.reset(g.start_position_line()).ok());
    int plies = 0;
    while (!g.outcome().over()) {
      const auto moves = g.legal_moves();
      ASSERT_FALSE(moves.empty());
      ASSERT_TRUE(g.play(moves[(game * 7 + plies) % moves.size()]).ok());
      ++plies;
      ASSERT_LE(plies, 32);
    }
    const auto outcome = g.outcome();
    EXPECT_EQ(outcome.reason, engine::Reason::kScore);
    int p1 = 0, p2 = 0;
    ASSERT_EQ(std::sscanf(g.score_text().c_str(), "%d %d", &p1, &p2), 2);
    EXPECT_EQ(p1 + p2, 4 + plies);
    EXPECT_EQ(outcome.result, p1 > p2 ? engine::GameResult::kP1Win : engine::GameResult::kP2Win);
  }
}

TEST(YinYangAnyGame, PerftDivideAndClone) {
  Typed g{Game{}};
  std::uint64_t total = 0;
  for (const auto& [token, leaves] : g.perft_divide(3)) total += leaves;
  EXPECT_EQ(total, load_perft_table().leaves[2]);
  std::unique_ptr<adapters::AnyGame> copy = g.clone();
  ASSERT_TRUE(copy->play("c3c2").ok());
  EXPECT_EQ(g.position_line(), g.start_position_line());
  EXPECT_NE(copy->position_line(), g.start_position_line());
  const Game game;
  EXPECT_EQ(copy->evaluate(), game.evaluate(position_from(game, copy->position_line())));
}

}  // namespace
}  // namespace triad::games::yinyang::testing
