// Íves dáma board files: the default board (shipped file == compiled-in text), a broken
// file reporting each problem with its line, a second board (5x5 Alquerque) that loads and
// plays, and the variant settings of make_game().
#include <fstream>
#include <random>
#include <sstream>

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "test_util.h"

namespace triad::games::ivesdama::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(IvesBoard, DefaultBoardIsTheShippedFile) {
  EXPECT_EQ(adapters::ivesdama::default_board_yaml(),
            read_text(TRIAD_SOURCE_DIR "/adapters/ivesdama/boards/double-diamond.yaml"));
  auto board = adapters::ivesdama::default_board();
  ASSERT_TRUE(board.ok()) << board.error().message;
  EXPECT_EQ(board->points.size(), 25u);
  EXPECT_EQ(board->links.size(), 56u);
  EXPECT_EQ(board->arcs.size(), 2u);
  EXPECT_EQ(board->points[0].name, "c1");
  EXPECT_EQ(board->points[24].name, "c9");
  EXPECT_EQ(board->first, Player::kOne);
  // Every link joins neighbouring grid cells.
  for (const auto& l : board->links) {
    const auto d = direction_between(board->points[static_cast<std::size_t>(l.a)],
                                     board->points[static_cast<std::size_t>(l.b)]);
    EXPECT_LE(std::abs(d.dx) + std::abs(d.dy), 2);
  }
}

TEST(IvesBoard, BrokenFileReportsEveryProblemWithItsLine) {
  const std::string text =
      "name: broken\n"                                             // 1
      "colour: red\n"                                              // 2
      "points: [c1, c2, c3, c4, c2, zz, b2]\n"                     // 3
      "lines:\n"                                                   // 4
      "  - [c1, c2, c3]\n"                                         // 5
      "  - [c3, c4, b2]\n"                                         // 6
      "  - [c1, q7]\n"                                             // 7
      "arcs:\n"                                                    // 8
      "  - {from: c1, leave_from: up, to: c4, leave_to: north}\n"  // 9
      "start:\n"                                                   // 10
      "  1: [c1, c2]\n"                                            // 11
      "  2: [c3]\n"                                                // 12
      "base:\n"                                                    // 13
      "  1: c1\n";                                                 // 14
  auto board = adapters::ivesdama::load_board_text(text, "broken.yaml");
  ASSERT_FALSE(board.ok());
  const std::string& msg = board.error().message;
  EXPECT_THAT(msg, HasSubstr("broken.yaml:2: unknown key 'colour'"));
  EXPECT_THAT(msg, HasSubstr("broken.yaml:3: point 'zz' is not a grid cell name"));
  EXPECT_THAT(msg, HasSubstr("broken.yaml:6: line is not straight: it turns at c4"));
  EXPECT_THAT(msg, HasSubstr("broken.yaml:7: line: unknown point 'q7'"));
  EXPECT_THAT(msg, HasSubstr("broken.yaml:9: arc leave_from must be one of north"));
}

TEST(IvesBoard, GeometryProblemsAreReportedWithTheirLines) {
  const std::string text =
      "points: [c1, c2, c3, c2, b2, d2]\n"                          // 1
      "lines:\n"                                                    // 2
      "  - [c1, c2, c3]\n"                                          // 3
      "  - [c1, c3]\n"                                              // 4
      "  - [b2, c2, d2]\n"                                          // 5
      "arcs:\n"                                                     // 6
      "  - {from: b2, leave_from: east, to: d2, leave_to: east}\n"  // 7
      "start:\n"                                                    // 8
      "  1: [c1, b2]\n"                                             // 9
      "  2: [c3]\n"                                                 // 10
      "base:\n"                                                     // 11
      "  1: [c1]\n";                                                // 12
  auto board = adapters::ivesdama::load_board_text(text, "geo.yaml");
  ASSERT_FALSE(board.ok());
  const std::string& msg = board.error().message;
  EXPECT_THAT(msg, HasSubstr("geo.yaml:1: point c2 is listed twice"));
  EXPECT_THAT(msg, HasSubstr("geo.yaml:4: c1 already has a link leaving towards north (to c2)"));
  EXPECT_THAT(msg, HasSubstr("geo.yaml:7: b2 already has a link leaving towards east (to c2)"));
  EXPECT_THAT(msg, HasSubstr("geo.yaml:10: Player 1 has 2 start points and Player 2 has 1"));
  EXPECT_THAT(msg, HasSubstr("geo.yaml:12: Player 2 has no base point"));
}

TEST(IvesBoard, ThirteenAgainstElevenStartPointsIsRejected) {
  std::string text(adapters::ivesdama::default_board_yaml());
  const std::string from = "2: [b6, c6,";
  text.replace(text.find(from), from.size(), "2: [c6,");
  text.replace(text.find("1: [c1, b2,"), 11, "1: [c1, b2, b6,");
  auto board = adapters::ivesdama::load_board_text(text, "dd.yaml");
  ASSERT_FALSE(board.ok());
  EXPECT_THAT(board.error().message,
              HasSubstr("Player 1 has 13 start points and Player 2 has 11; both players need "
                        "the same number"));
}

TEST(IvesBoard, AtMostThirtyTwoPoints) {
  std::string text = "points: [";
  for (int rank = 1; rank <= 7; ++rank)
    for (char file = 'a'; file <= 'e'; ++file)
      text += std::string(rank + file == 'a' + 1 ? "" : ", ") + file + std::to_string(rank);
  text += "]\nstart: {1: [a1], 2: [e7]}\nbase: {1: a1, 2: e7}\n";
  auto board = adapters::ivesdama::load_board_text(text, "big.yaml");
  ASSERT_FALSE(board.ok());
  EXPECT_THAT(board.error().message,
              HasSubstr("big.yaml:1: too many points: the engine supports at most 32"));
}

TEST(IvesBoard, ManyProblemsMakeOneShortMessage) {
  std::string text = "points: [";
  for (int i = 0; i < 10'000; ++i)
    text += std::string(i ? ", " : "") + "zz" + std::to_string(i);  // no grid cell names
  text += "]\nstart: {1: [a1], 2: [b1]}\nbase: {1: a1, 2: b1}\n";
  auto board = adapters::ivesdama::load_board_text(text, "huge.yaml");
  ASSERT_FALSE(board.ok());
  const std::string& msg = board.error().message;
  EXPECT_EQ(msg.find('\n'), std::string::npos);
  EXPECT_LT(msg.size(), 1000u);
  EXPECT_THAT(msg, HasSubstr("huge.yaml:1: point 'zz0' is not a grid cell name"));
  EXPECT_THAT(msg, HasSubstr("more problems)"));
}

TEST(IvesBoard, YamlSyntaxErrorsGiveTheLine) {
  auto board = adapters::ivesdama::load_board_text("points: [c1, c2\nstart: {", "bad.yaml");
  ASSERT_FALSE(board.ok());
  EXPECT_THAT(board.error().message, HasSubstr("bad.yaml:"));
  EXPECT_THAT(board.error().message, HasSubstr("YAML syntax error"));
  auto missing = adapters::ivesdama::load_board_file("/nonexistent/board.yaml");
  ASSERT_FALSE(missing.ok());
  EXPECT_THAT(missing.error().message,
              HasSubstr("board file '/nonexistent/board.yaml': cannot open it"));
}

TEST(IvesBoard, AlquerqueBoardLoadsAndPlays) {
  auto game = adapters::ivesdama::make_game(YAML::Load("{board: alquerque-5x5.yaml}"),
                                            TRIAD_SOURCE_DIR "/tests/ivesdama");
  ASSERT_TRUE(game.ok()) << game.error().message;
  const Position start = game->start_position();
  EXPECT_EQ(Notation::format_position(*game, start), "ppppp/ppppp/pp1PP/PPPPP/PPPPP 1 0");
  EXPECT_THAT(legal_tokens(*game, start), UnorderedElementsAre("b2c3", "c2c3", "d2c3", "d3c3"));
  // After c2c3 Player 2 must capture c3; only c4 has an empty point behind it (c2).
  const Position after = play(*game, start, "c2c3");
  EXPECT_THAT(legal_tokens(*game, after), ::testing::ElementsAre("c4c2"));
  // Random games run to their end with consistent notation.
  std::mt19937 rng(7);
  int finished = 0;
  for (int g = 0; g < 50; ++g) {
    Position pos = start;
    for (int ply = 0; ply < 300; ++ply) {
      Game::MoveList moves;
      game->generate(pos, {}, moves);
      if (moves.empty()) break;
      const auto& m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
      const auto token = Notation::format_move(*game, pos, m);
      auto back = Notation::parse_move(*game, pos, {}, token);
      ASSERT_TRUE(back.ok()) << token;
      EXPECT_EQ(*back, m);
      pos = game->make(pos, m);
      EXPECT_EQ(pos.hash, game->compute_hash(pos));
    }
    Game::MoveList moves;
    game->generate(pos, {}, moves);
    finished += moves.empty();
  }
  EXPECT_GT(finished, 25);
}

TEST(IvesBoard, VariantSettingsAreChecked) {
  const std::pair<const char*, const char*> cases[] = {
      {"{colour: red}", "unknown ivesdama setting 'colour' (allowed: board, arc_capture, forward)"},
      {"{arc_capture: maybe}", "'arc_capture': expected true or false, got 'maybe'"},
      {"{forward: [1]}", "'forward': expected true or false"},
      {"{board: missing.yaml}", "missing.yaml': cannot open it"},
      {"{board: [a]}", "'board': expected \"default\" or a board file path"},
  };
  for (const auto& [yaml, message] : cases) {
    auto game = adapters::ivesdama::make_game(YAML::Load(yaml), TRIAD_SOURCE_DIR "/tests/ivesdama");
    ASSERT_FALSE(game.ok()) << yaml;
    EXPECT_THAT(game.error().message, HasSubstr(message)) << yaml;
  }
  auto game = adapters::ivesdama::make_game(
      YAML::Load("{name: x, game: ivesdama, description: d, board: default, arc_capture: true}"),
      ".");
  ASSERT_TRUE(game.ok()) << game.error().message;
  EXPECT_TRUE(game->rules().arc_capture);
  EXPECT_FALSE(game->rules().forward);
}

}  // namespace
}  // namespace triad::games::ivesdama::testing
