// Razzle Dazzle notation: position lines (valid and inconsistent), move tokens (malformed
// and illegal, with or without '-'), the text board, the board JSON, variant settings and
// the AnyGame interface the protocol uses.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <string>

#include "adapters/common/any_game.h"
#include "adapters/razzle/notation.h"
#include "adapters/razzle/settings.h"
#include "engine/games/razzle/game.h"
#include "tests/razzle/razzle_test_util.h"

namespace triad::games::razzle {
namespace {

using test::RazzleNotation;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr std::string_view kStart = "1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 0";

std::string position_error(const Game& game, std::string_view line) {
  auto pos = RazzleNotation::parse_position(game, line);
  return pos.ok() ? "(accepted)" : pos.error().message;
}

std::string move_error(std::string_view token) {
  const Game game;
  auto m = RazzleNotation::parse_move(game, game.start_position(), {}, token);
  return m.ok() ? "(accepted)" : m.error().message;
}

TEST(RazzleNotation, StartPositionRoundTrips) {
  const Game game;
  EXPECT_EQ(RazzleNotation::format_position(game, game.start_position()), kStart);
  auto pos = RazzleNotation::parse_position(game, kStart);
  ASSERT_TRUE(pos.ok()) << pos.error().message;
  EXPECT_EQ(*pos, game.start_position());
  // The ply is optional; blanks may repeat.
  auto short_form = RazzleNotation::parse_position(game, "  1ppbpp1/7/7/7/7/7/7/1PPBPP1  1 - -");
  ASSERT_TRUE(short_form.ok());
  EXPECT_EQ(*short_form, game.start_position());
}

TEST(RazzleNotation, FieldsAreReadBack) {
  const Game game;
  const std::string line = "1p1bpp1/7/1p5/7/7/5P1/7/1PPB1P1 2 e1f3 c8b6 2";
  auto pos = RazzleNotation::parse_position(game, line);
  ASSERT_TRUE(pos.ok()) << pos.error().message;
  EXPECT_EQ(pos->side_to_move(), Player::kTwo);
  EXPECT_EQ(pos->ply(), 2);
  EXPECT_EQ(pos->ball(Player::kTwo), make_square(3, 7));
  EXPECT_EQ(pos->last_knight_move(Player::kTwo),
            (KnightStep{make_square(2, 7), make_square(1, 5)}));
  EXPECT_EQ(pos->last_knight_move(Player::kOne),
            (KnightStep{make_square(4, 0), make_square(5, 2)}));
  EXPECT_EQ(RazzleNotation::format_position(game, *pos), line);
}

TEST(RazzleNotation, InconsistentPositionLinesAreRejected) {
  const Game game;
  const Game basic({RuleSet::kBasic, Repetition::kUndo});
  struct Case {
    const char* line;
    const char* message;
  };
  const Case cases[] = {
      {"", "expected 4 or 5 fields"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 0 extra", "got 6"},
      {"1ppbpp1/7/7/7/7/7/1PPBPP1 1 - -", "expected 8 ranks"},
      {"1ppbpp1/7/7/7/7/7/7/PPPBPP1 1 - -", "Player 1 has 6 pieces"},
      {"1ppbpp1/7/7/7/7/7/7/2PBPP1 1 - -", "Player 1 has 4 pieces"},
      {"1ppbpp1/7/7/7/7/7/7/1PBBPP1 1 - -", "Player 1 has 2 ball holders"},
      {"1ppxpp1/7/7/7/7/7/7/1PPBPP1 1 - -", "Player 2 has 0 ball holders"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP2 1 - -", "more than 7 squares"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP 1 - -", "only 6 squares"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP11 1 - -", "two digits in a row"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPQ1 1 - -", "unexpected character 'Q'"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP0 1 - -", "unexpected character '0'"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP1 3 - -", "side to move: expected 1 or 2"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 b1c4 -", "'b1c4' is not a knight move"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 b1 -", "last1: expected '-' or a knight move"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 a3c4 -", "ends on c4, which holds no Player 1 piece"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - c6d8", "holds the ball"},
      {"1ppbpp1/7/7/7/7/7/7/1PPXPB1 2 c3d1 -", "is ineligible"},
      {"1ppb1p1/7/7/7/7/7/3p3/1PPBPP1 2 d2b1 -", "d2 is occupied, but Player 1 has just moved"},
      {"1ppbpp1/7/7/7/7/2P4/7/1P1BPP1 2 b1c3 -", "b1 holds a Player 1 piece"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - -1", "ply: expected a whole number"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 12x", "ply: expected a whole number"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 99999999999", "ply: expected a whole number"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 1000000001", "ply: expected a whole number"},
      {"1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - +3", "ply: expected a whole number"},
  };
  for (const auto& c : cases)
    EXPECT_THAT(position_error(game, c.line), HasSubstr(c.message)) << c.line;
  EXPECT_THAT(position_error(basic, "1ppbpp1/7/7/7/7/7/7/1PXBPP1 1 - -"),
              HasSubstr("basic rule set has no ineligible pieces"));
}

TEST(RazzleNotation, MoveTokensParseWithOrWithoutDashes) {
  const Game game;
  const Position start = game.start_position();
  for (const char* token : {"d1e1f1", "d1-e1-f1", "d1-e1f1"}) {
    auto m = RazzleNotation::parse_move(game, start, {}, token);
    ASSERT_TRUE(m.ok()) << token << ": " << m.error().message;
    EXPECT_EQ(RazzleNotation::format_move(game, start, *m), "d1e1f1");
  }
  auto knight = RazzleNotation::parse_move(game, start, {}, "b1-c3");
  ASSERT_TRUE(knight.ok());
  EXPECT_TRUE(knight->knight);
}

TEST(RazzleNotation, MalformedAndIllegalMovesSayWhy) {
  EXPECT_THAT(move_error(""), HasSubstr("malformed move '': the token is empty"));
  EXPECT_THAT(move_error("d1"), HasSubstr("at least two squares"));
  EXPECT_THAT(move_error("d1e9"), HasSubstr("malformed move 'd1e9': 'e9' is not a square"));
  EXPECT_THAT(move_error("h1g1"), HasSubstr("'h1' is not a square"));
  EXPECT_THAT(move_error("d1--e1"), HasSubstr("malformed"));
  EXPECT_THAT(move_error("d1-"), HasSubstr("'-' must be followed by a square"));
  EXPECT_THAT(move_error("-d1e1"), HasSubstr("malformed"));
  EXPECT_THAT(move_error("d1e1x"), HasSubstr("malformed"));
  EXPECT_THAT(move_error("(none)"), HasSubstr("malformed"));
  EXPECT_THAT(move_error("c1e4"), HasSubstr("illegal move 'c1e4': c1 to e4 is neither"));
  EXPECT_THAT(move_error("d1e1g2"), HasSubstr("e1 to g2 is a knight jump inside a pass chain"));
  EXPECT_THAT(move_error("d1d1"), HasSubstr("d1 to d1 is neither"));
  EXPECT_THAT(move_error("a1b3"), HasSubstr("a1 holds no piece of Player 1"));
  EXPECT_THAT(move_error("d1c3"), HasSubstr("holds the ball and may not make a knight move"));
  EXPECT_THAT(move_error("b8c6"), HasSubstr("b8 holds no piece of Player 1"));
  EXPECT_THAT(move_error("e1f1"), HasSubstr("starts at Player 1's ball carrier on d1"));
  EXPECT_THAT(move_error("d1d2"), HasSubstr("no piece on d2"));
  EXPECT_THAT(move_error("d1f1"), HasSubstr("blocked by the piece on e1"));
  EXPECT_THAT(move_error("d1d8"), HasSubstr("belongs to the opponent"));
}

TEST(RazzleNotation, BoardTextAndJson) {
  const Game game;
  const Position start = game.start_position();
  const std::string board = RazzleNotation::render_board(game, start);
  EXPECT_THAT(board, HasSubstr(" 8  . p p b p p .  8\n"));
  EXPECT_THAT(board, HasSubstr(" 1  . P P B P P .  1\n"));
  EXPECT_THAT(board, HasSubstr("Player 1 (P, south) to move, ply 0"));
  EXPECT_EQ(RazzleNotation::score_text(game, start), "none");

  const std::string json = RazzleNotation::board_json(game, start);
  EXPECT_THAT(json, StartsWith("{\"game\":\"razzledazzle\",\"points\":[{\"name\":\"a1\",\"x\":0,"
                               "\"y\":0,\"piece\":\".\"}"));
  EXPECT_THAT(json, HasSubstr("{\"name\":\"d1\",\"x\":3,\"y\":0,\"piece\":\"B\"}"));
  EXPECT_THAT(json, HasSubstr("{\"name\":\"g8\",\"x\":6,\"y\":7,\"piece\":\".\"}],"
                              "\"links\":[],\"arcs\":[]}"));
  const YAML::Node parsed = YAML::Load(json);  // JSON is YAML: checks it is well formed
  EXPECT_EQ(parsed["points"].size(), static_cast<std::size_t>(kSquares));
}

TEST(RazzleNotation, VariantSettings) {
  const std::filesystem::path dir = ".";
  auto defaults = adapters::razzle::make_game(YAML::Node(), dir);
  ASSERT_TRUE(defaults.ok());
  EXPECT_EQ(defaults->rules(), Rules{});
  auto set = adapters::razzle::make_game(
      YAML::Load(
          "{name: x, game: razzledazzle, description: d, rules: basic, repetition: position}"),
      dir);
  ASSERT_TRUE(set.ok()) << set.error().message;
  EXPECT_EQ(set->rules(), (Rules{RuleSet::kBasic, Repetition::kPosition}));

  auto bad_rules = adapters::razzle::make_game(YAML::Load("{rules: fancy}"), dir);
  ASSERT_FALSE(bad_rules.ok());
  EXPECT_THAT(bad_rules.error().message,
              HasSubstr("'rules': expected extended or basic, got 'fancy'"));
  auto bad_rep = adapters::razzle::make_game(YAML::Load("{repetition: [undo]}"), dir);
  ASSERT_FALSE(bad_rep.ok());
  EXPECT_THAT(bad_rep.error().message, HasSubstr("'repetition': expected undo or position"));
  auto unknown = adapters::razzle::make_game(YAML::Load("{speed: 3}"), dir);
  ASSERT_FALSE(unknown.ok());
  EXPECT_THAT(unknown.error().message,
              HasSubstr("unknown setting 'speed' (allowed: rules, repetition"));
  EXPECT_FALSE(adapters::razzle::make_game(YAML::Load("[1, 2]"), dir).ok());
}

TEST(RazzleNotation, TypedGameDrivesAGame) {
  adapters::TypedGame<Game> game{Game()};
  EXPECT_EQ(game.game_name(), "razzledazzle");
  EXPECT_EQ(game.start_position_line(), kStart);
  EXPECT_EQ(game.legal_moves().size(), 18u);
  EXPECT_TRUE(game.is_legal("d1-e1-f1"));
  EXPECT_FALSE(game.is_legal("d1f1"));
  ASSERT_TRUE(game.play("d1e1f1").ok());
  EXPECT_EQ(game.position_line(), "1ppbpp1/7/7/7/7/7/7/1PPXXB1 2 - - 1");
  EXPECT_EQ(game.side_to_move(), Player::kTwo);
  EXPECT_EQ(game.ply(), 1);
  EXPECT_FALSE(game.outcome().over());
  auto bad = game.play("d1e1");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(game.ply(), 1);  // nothing changed

  // A goal ends the game; then no move is accepted and no move is listed.
  ASSERT_TRUE(game.reset("2bP3/7/7/p6/7/7/3P3/1ppBPPp 1 - - 10").ok());
  ASSERT_TRUE(game.play("d1d2d8").ok());
  EXPECT_EQ(game.outcome(), engine::Outcome::win_for(Player::kOne, engine::Reason::kGoal));
  EXPECT_TRUE(game.legal_moves().empty());
  EXPECT_FALSE(game.play("c8a7").ok());
  // The repetition house rule works from hash(): two knights running round a cycle return
  // to the same full state (last knight moves included) after plies 8, 16 and 24.
  ASSERT_TRUE(game.reset(std::string(kStart)).ok());
  game.set_draw_rules({3, 0});
  for (int round = 1; round <= 3; ++round) {
    EXPECT_FALSE(game.outcome().over()) << round;
    for (const char* m : {"b1c3", "b8c6", "c3b5", "c6b4", "b5a3", "b4a6", "a3b1", "a6b8"})
      ASSERT_TRUE(game.play(m).ok()) << m;
  }
  EXPECT_EQ(game.outcome(), engine::Outcome::draw(engine::Reason::kRepetition));
}

}  // namespace
}  // namespace triad::games::razzle
