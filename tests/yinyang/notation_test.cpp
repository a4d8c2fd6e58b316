// Yin Yang notation: position lines and move tokens round-trip on random games, malformed
// input is rejected with a message naming the field, illegal moves say why, and the text
// board, score, board JSON and variant settings behave as documented.
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "adapters/yinyang/settings.h"
#include "tests/yinyang/test_support.h"

namespace triad::games::yinyang::testing {
namespace {

using ::testing::HasSubstr;

TEST(YinYangNotation, PositionLinesRoundTripOnRandomGames) {
  const Game game;
  for (const Position& pos : random_game_positions(game, 11, 300)) {
    const std::string line = Notation::format_position(game, pos);
    auto parsed = Notation::parse_position(game, line);
    ASSERT_TRUE(parsed.ok()) << line << ": " << parsed.error().message;
    ASSERT_EQ(*parsed, pos) << line;
    ASSERT_EQ(Notation::format_position(game, *parsed), line);
  }
}

TEST(YinYangNotation, EveryGeneratedMoveReparsesToItself) {
  const Game game;
  for (const Position& pos : random_game_positions(game, 13, 300)) {
    MoveList moves;
    game.generate(pos, {}, moves);
    for (const Move& m : moves) {
      const std::string token = Notation::format_move(game, pos, m);
      ASSERT_EQ(token.size(), 4u);
      auto plain = Notation::parse_move(game, pos, {}, token);
      ASSERT_TRUE(plain.ok()) << token << ": " << plain.error().message;
      ASSERT_EQ(*plain, m) << token;
      auto dashed = Notation::parse_move(game, pos, {}, token.substr(0, 2) + "-" + token.substr(2));
      ASSERT_TRUE(dashed.ok()) << token;
      ASSERT_EQ(*dashed, m) << token;
    }
  }
}

TEST(YinYangNotation, AcceptedPositionForms) {
  const Game game;
  const Position start = game.start_position();
  EXPECT_EQ(position_from(game, "6/6/2DL2/2LD2/6/6 1 0"), start);
  EXPECT_EQ(position_from(game, "6/6/2DL2/2LD2/6/6 1"), start);  // ply defaults to 0
  EXPECT_EQ(position_from(game, "  6/6/2DL2/2LD2/6/6\t1   0 \r\n"), start);
  EXPECT_EQ(position_from(game, "33/6/2DL11/2LD2/6/6 1 0"), start);  // split empty runs
  const Position later = position_from(game, "LDLDLD/6/6/6/6/DLDLDL 2 123");
  EXPECT_EQ(later.side_to_move, engine::Player::kTwo);
  EXPECT_EQ(later.ply, 123);
  EXPECT_EQ(later.hash, compute_hash(later));
  EXPECT_EQ(Notation::format_position(game, later), "LDLDLD/6/6/6/6/DLDLDL 2 123");
}

TEST(YinYangNotation, MalformedPositionsAreRejectedNamingTheField) {
  const Game game;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "position: empty"},
      {"   \t ", "position: empty"},
      {"6/6/2DL2/2LD2/6 1 0", "board: 5 ranks, expected 6"},
      {"6/6/6/2DL2/2LD2/6/6 1 0", "board: 7 ranks, expected 6"},
      {"6/6/2DL2/2LD2/6/6/ 1 0", "board: 7 ranks"},
      {"666666 1 0", "board: 1 rank,"},
      {"6/6/2DL3/2LD2/6/6 1 0", "board rank 4 '2DL3': 7 squares, expected exactly 6"},
      {"6/6/2DL1/2LD2/6/6 1 0", "board rank 4 '2DL1': 5 squares, expected exactly 6"},
      {"6/6/2DL2/2LD2/LLLLLLL/6 1 0", "board rank 2 'LLLLLLL': more than 6 squares"},
      {"6//2DL2/2LD2/6/6 1 0", "board rank 5 '': 0 squares"},
      {"6/6/2DX2/2LD2/6/6 1 0", "board rank 4 '2DX2': unexpected character 'X'"},
      {"6/6/2dl2/2LD2/6/6 1 0", "unexpected character 'd', expected L (light stone), D"},
      {"6/6/2DL2/2LD2/6/7 1 0", "board rank 1 '7': digit '7' is out of range"},
      {"6/6/2DL2/2LD2/6/06 1 0", "digit '0' is out of range"},
      {"6/6/2DL2/2LD2/6/6", "side to move: missing field"},
      {"6/6/2DL2/2LD2/6/6 3 0", "side to move: expected 1 or 2, got '3'"},
      {"6/6/2DL2/2LD2/6/6 w 0", "side to move: expected 1 or 2, got 'w'"},
      {"6/6/2DL2/2LD2/6/6 1 -1", "ply: expected a whole number from 0 to 1000000000, got '-1'"},
      {"6/6/2DL2/2LD2/6/6 1 x", "ply: expected a whole number from 0 to 1000000000, got 'x'"},
      {"6/6/2DL2/2LD2/6/6 1 1.5", "ply: expected a whole number from 0 to 1000000000, got '1.5'"},
      {"6/6/2DL2/2LD2/6/6 1 99999999999",
       "ply: expected a whole number from 0 to 1000000000, got '99999999999'"},
      {"6/6/2DL2/2LD2/6/6 1 0 0", "position: 4 fields, expected at most 3"},
      {std::string("6/6/2D\0L2/2LD2/6/6 1 0", 22), "unexpected character '\\x00'"},
  };
  for (const auto& [line, message] : cases) {
    auto pos = Notation::parse_position(game, line);
    ASSERT_FALSE(pos.ok()) << "accepted: " << line;
    EXPECT_THAT(pos.error().message, HasSubstr(message)) << "input: " << line;
  }
}

// Mutated and random lines: each is either rejected with a message or accepted as a
// position that formats and re-parses to itself (never a crash, never a half-read line).
TEST(YinYangNotation, MutatedLinesParseConsistently) {
  const Game game;
  const std::string alphabet = std::string("LDld0123456789/ -\t12xw") + '\0';
  std::mt19937 rng(5);
  const std::vector<Position> seeds = random_game_positions(game, 23, 20);
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string line = Notation::format_position(game, seeds[i % seeds.size()]);
    const int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = rng() % (line.size() + 1);
      const char c = alphabet[rng() % alphabet.size()];
      switch (rng() % 3) {
        case 0:
          line.insert(line.begin() + static_cast<std::ptrdiff_t>(at), c);
          break;
        case 1:
          if (at < line.size()) line.erase(at, 1);
          break;
        default:
          if (at < line.size()) line[at] = c;
          break;
      }
    }
    auto pos = Notation::parse_position(game, line);
    if (!pos.ok()) {
      ASSERT_FALSE(pos.error().message.empty()) << line;
      continue;
    }
    ++accepted;
    ASSERT_EQ(pos->hash, compute_hash(*pos)) << line;
    ASSERT_EQ(pos->light & pos->dark, 0u) << line;
    auto again = Notation::parse_position(game, Notation::format_position(game, *pos));
    ASSERT_TRUE(again.ok()) << line;
    ASSERT_EQ(*again, *pos) << line;
  }
  EXPECT_GT(accepted, 100);  // the mutations also produce valid lines, which must round-trip
}

TEST(YinYangNotation, LongGarbageIsRejectedWithAShortMessage) {
  const Game game;
  const std::string garbage(1 << 20, '\xFF');
  auto pos = Notation::parse_position(game, garbage);
  ASSERT_FALSE(pos.ok());
  EXPECT_LT(pos.error().message.size(), 300u);
  auto move = Notation::parse_move(game, game.start_position(), {}, garbage);
  ASSERT_FALSE(move.ok());
  EXPECT_LT(move.error().message.size(), 300u);
}

TEST(YinYangNotation, MalformedMoveTokens) {
  const Game game;
  const Position start = game.start_position();
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "malformed, expected <from><to> such as c3b3"},
      {"c3", "malformed"},
      {"c3b3x", "malformed"},
      {"c3xb3", "malformed"},
      {"C3B3", "'C3' is not a square (files a-f, ranks 1-6)"},
      {"g3b3", "'g3' is not a square"},
      {"c3b7", "'b7' is not a square"},
      {"c0b3", "'c0' is not a square"},
      {"(none)", "malformed"},
  };
  for (const auto& [token, message] : cases) {
    auto m = Notation::parse_move(game, start, {}, token);
    ASSERT_FALSE(m.ok()) << "accepted: " << token;
    EXPECT_THAT(m.error().message, HasSubstr(message)) << "token: " << token;
  }
}

TEST(YinYangNotation, IllegalMovesSayWhy) {
  const Game game;
  const Position start = game.start_position();
  const Position blocked = position_from(game, "6/2D3/6/2L3/1LLL2/6 1 0");
  const Position lone = position_from(game, "6/6/2L3/6/6/6 1 0");
  const std::vector<std::tuple<Position, std::string, std::string>> cases = {
      {start, "c5c6", "names no legal move: there is no stone on c5"},
      {start, "c3b2", "c3 to b2 is not along a rank or file"},
      {start, "c3a3",
       "the light stone on c3 has 1 light neighbour, so it must slide exactly 1 "
       "square, not 2"},
      {start, "c3d3", "the destination d3 is occupied"},
      {start, "c3c3", "the from and to squares are the same"},
      {blocked, "c3c6", "the path is blocked by the stone on c5"},
      {blocked, "c3c5", "has 3 light neighbours, so it must slide exactly 3 squares, not 2"},
      {lone, "c4c5", "the light stone on c4 has no light neighbour, so it cannot move"},
  };
  for (const auto& [pos, token, message] : cases) {
    auto m = Notation::parse_move(game, pos, {}, token);
    ASSERT_FALSE(m.ok()) << "accepted: " << token;
    EXPECT_THAT(m.error().message, HasSubstr(message)) << "token: " << token;
  }
}

TEST(YinYangNotation, SquareNames) {
  EXPECT_EQ(Notation::square_name(0), "a1");
  EXPECT_EQ(Notation::square_name(5), "f1");
  EXPECT_EQ(Notation::square_name(35), "f6");
  for (int sq = 0; sq < kSquares; ++sq)
    EXPECT_EQ(Notation::parse_square(Notation::square_name(sq)), sq);
  EXPECT_FALSE(Notation::parse_square("a7").has_value());
  EXPECT_FALSE(Notation::parse_square("a").has_value());
}

TEST(YinYangNotation, TextBoardShowsSquareColoursAndScore) {
  const Game game;
  const std::string board = Notation::render_board(game, game.start_position());
  EXPECT_THAT(board, HasSubstr("   a b c d e f\n"
                               "6  . # . # . #  6\n"
                               "5  # . # . # .  5\n"
                               "4  . # d l . #  4\n"
                               "3  # . l d # .  3\n"
                               "2  . # . # . #  2\n"
                               "1  # . # . # .  1\n"
                               "   a b c d e f\n"));
  EXPECT_THAT(board, HasSubstr("Score: Player 1 0, Player 2 4"));
  EXPECT_THAT(board, HasSubstr("Legend:"));
  // After c4b4: dark on dark b4 and light on light c4 score for Player 1 (upper case).
  const std::string after =
      Notation::render_board(game, position_from(game, "6/6/1DLL2/2LD2/6/6 2 1"));
  EXPECT_THAT(after, HasSubstr("4  . D L l . #  4\n"));
  EXPECT_THAT(after, HasSubstr("Score: Player 1 2, Player 2 3"));
}

TEST(YinYangNotation, ScoreText) {
  const Game game;
  EXPECT_EQ(Notation::score_text(game, game.start_position()), "0 4");
  EXPECT_EQ(Notation::score_text(game, position_from(game, "6/6/1DLL2/2LD2/6/6 2 1")), "2 3");
}

TEST(YinYangNotation, BoardJson) {
  const Game game;
  const std::string json = Notation::board_json(game, game.start_position());
  EXPECT_THAT(
      json,
      HasSubstr(
          R"({"game":"yinyang","points":[{"name":"a1","x":0,"y":0,"piece":".","dark":true},)"));
  EXPECT_THAT(json, HasSubstr(R"({"name":"c3","x":2,"y":2,"piece":"L","dark":true})"));
  EXPECT_THAT(json, HasSubstr(R"({"name":"c4","x":2,"y":3,"piece":"D","dark":false})"));
  EXPECT_THAT(
      json,
      HasSubstr(R"({"name":"f6","x":5,"y":5,"piece":".","dark":true}],"links":[],"arcs":[]})"));
  std::size_t points = 0;
  for (std::size_t i = json.find("\"name\""); i != std::string::npos;
       i = json.find("\"name\"", i + 1))
    ++points;
  EXPECT_EQ(points, 36u);
}

TEST(YinYangNotation, VariantSettings) {
  EXPECT_TRUE(adapters::yinyang::make_game(YAML::Node(), ".").ok());
  EXPECT_TRUE(
      adapters::yinyang::make_game(YAML::Load("{name: yy, game: yinyang, description: plain}"), ".")
          .ok());
  auto unknown =
      adapters::yinyang::make_game(YAML::Load("{name: yy, game: yinyang, board: x.yaml}"), ".");
  ASSERT_FALSE(unknown.ok());
  EXPECT_THAT(unknown.error().message, HasSubstr("variant setting 'board': unknown key"));
  EXPECT_THAT(unknown.error().message, HasSubstr("allowed keys: name, game, description"));
  auto not_map = adapters::yinyang::make_game(YAML::Load("[1, 2]"), ".");
  ASSERT_FALSE(not_map.ok());
  EXPECT_THAT(not_map.error().message, HasSubstr("expected a YAML map"));
}

}  // namespace
}  // namespace triad::games::yinyang::testing
