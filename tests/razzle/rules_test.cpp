// Razzle Dazzle rule edge cases from the rules file: blocking, first piece receives,
// ineligibility, touching twice, canonical chains, the forced pass, the undo and position
// repetition rules, winning and losing, the published opening, and move equality.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "adapters/common/any_game.h"
#include "adapters/razzle/notation.h"
#include "adapters/records/reader.h"
#include "adapters/records/replay.h"
#include "engine/games/razzle/game.h"
#include "tests/razzle/razzle_test_util.h"

namespace triad::games::razzle {
namespace {

using test::is_legal;
using test::legal_tokens;
using test::position_line;
using test::RazzleNotation;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

const Game kExtended({RuleSet::kExtended, Repetition::kUndo});
const Game kBasic({RuleSet::kBasic, Repetition::kUndo});
const Game kNoRepeat({RuleSet::kExtended, Repetition::kPosition});

// North pieces out of the way of the tests below (d8 stays empty).
constexpr std::string_view kNorth = " a8:b b8:p c8:p e8:p f8:p";

std::vector<std::string> passes_of(const std::vector<std::string>& tokens, std::string_view from) {
  std::vector<std::string> out;
  for (const auto& t : tokens)
    if (t.starts_with(from)) out.push_back(t);
  return out;
}

std::string parse_error(const Game& game, const Position& pos, std::string_view token) {
  auto m = RazzleNotation::parse_move(game, pos, {}, token);
  return m.ok() ? "(accepted)" : m.error().message;
}

Position play(const Game& game, const Position& pos, std::string_view token) {
  auto m = RazzleNotation::parse_move(game, pos, {}, token);
  EXPECT_TRUE(m.ok()) << token << ": " << (m.ok() ? "" : m.error().message);
  return m.ok() ? game.make(pos, *m) : pos;
}

TEST(RazzleRules, StartPositionHasThePublishedFirstMoves) {
  EXPECT_THAT(
      legal_tokens(kExtended, kExtended.start_position()),
      ElementsAre("b1a3", "b1c3", "b1d2", "c1a2", "c1b3", "c1d3", "c1e2", "d1c1", "d1c1b1", "d1e1",
                  "d1e1f1", "e1c2", "e1d3", "e1f3", "e1g2", "f1d2", "f1e3", "f1g3"));
}

// Move equality looks at every field: the squares, the length and the knight flag.
TEST(RazzleRules, MovesAreEqualOnlyWhenEveryFieldIs) {
  const Move knight = Move::knight_move(1, 16);
  EXPECT_EQ(knight, Move::knight_move(1, 16));
  EXPECT_NE(knight, Move::knight_move(1, 17));
  EXPECT_NE(knight, Move::knight_move(2, 16));
  Move pass = knight;
  pass.knight = false;
  EXPECT_NE(knight, pass);
  Move chain;
  chain.squares = {3, 4, 5, 12, 19};
  chain.length = 5;
  Move other = chain;
  EXPECT_EQ(chain, other);
  other.squares[4] = 26;
  EXPECT_NE(chain, other);
  other = chain;
  other.length = 4;
  EXPECT_NE(chain, other);
}

TEST(RazzleRules, AnyPieceBlocksAPass) {
  const auto pos = test::parse(
      kExtended, position_line("d1:B d5:P b2:P f2:P a2:P d3:p a8:b b8:p c8:p e8:p", "1 - -"));
  EXPECT_THAT(passes_of(legal_tokens(kExtended, pos), "d1"), ElementsAre());
  EXPECT_THAT(parse_error(kExtended, pos, "d1d5"), HasSubstr("blocked by the piece on d3"));
  EXPECT_THAT(parse_error(kExtended, pos, "d1-d3"), HasSubstr("belongs to the opponent"));
}

TEST(RazzleRules, TheFirstPieceOnALineReceives) {
  const std::string line = position_line("d1:B d3:P d5:P b2:P f2:P" + std::string(kNorth), "1 - -");
  for (const Game* game : {&kExtended, &kBasic}) {
    const auto pos = test::parse(*game, line);
    EXPECT_THAT(passes_of(legal_tokens(*game, pos), "d1"), ElementsAre("d1d3", "d1d3d5"));
    EXPECT_THAT(parse_error(*game, pos, "d1d5"), HasSubstr("blocked by the piece on d3"));
  }
}

TEST(RazzleRules, IneligiblePiecesKnightMoveAndBecomeEligible) {
  const auto pos = test::parse(
      kExtended, position_line("d1:B d3:X b2:P f2:P a2:P" + std::string(kNorth), "1 - -"));
  const auto tokens = legal_tokens(kExtended, pos);
  EXPECT_THAT(passes_of(tokens, "d1"), ElementsAre());
  EXPECT_THAT(parse_error(kExtended, pos, "d1d3"), HasSubstr("d3 is ineligible"));
  EXPECT_THAT(tokens, Contains("d3e1"));
  const auto after = play(kExtended, play(kExtended, pos, "d3e1"), "b8c6");
  EXPECT_EQ(after.ineligible(), 0u);
  EXPECT_THAT(legal_tokens(kExtended, after), Contains("d1e1"));
}

TEST(RazzleRules, ThrowersBecomeIneligibleOnlyUnderExtendedRules) {
  const std::string line = position_line("d1:B d3:P f3:P a5:P g7:P" + std::string(kNorth), "1 - -");
  const auto ext = play(kExtended, test::parse(kExtended, line), "d1d3f3");
  EXPECT_EQ(ext.ineligible(), bit(make_square(3, 0)) | bit(make_square(3, 2)));
  EXPECT_EQ(ext.ball(Player::kOne), make_square(5, 2));
  const auto basic = play(kBasic, test::parse(kBasic, line), "d1d3f3");
  EXPECT_EQ(basic.ineligible(), 0u);
  EXPECT_EQ(basic.ball(Player::kOne), make_square(5, 2));
}

TEST(RazzleRules, NoPieceIsTouchedTwiceUnderExtendedRules) {
  const std::string line = position_line("d1:B d3:P f3:P a5:P g7:P" + std::string(kNorth), "1 - -");
  const auto ext = test::parse(kExtended, line);
  EXPECT_THAT(passes_of(legal_tokens(kExtended, ext), "d1"),
              ElementsAre("d1d3", "d1d3f3", "d1f3", "d1f3d3"));
  EXPECT_THAT(parse_error(kExtended, ext, "d1d3f3d3"), HasSubstr("touch the piece on d3 twice"));
  EXPECT_THAT(parse_error(kExtended, ext, "d1d3f3d1"), HasSubstr("touch the piece on d1 twice"));

  // Basic rules: a passing turn is its final receiver; revisits are allowed on input.
  const auto basic = test::parse(kBasic, line);
  EXPECT_THAT(passes_of(legal_tokens(kBasic, basic), "d1"), ElementsAre("d1d3", "d1f3"));
  auto revisit = RazzleNotation::parse_move(kBasic, basic, {}, "d1-d3-f3-d3");
  ASSERT_TRUE(revisit.ok()) << revisit.error().message;
  EXPECT_EQ(RazzleNotation::format_move(kBasic, basic, *revisit), "d1d3");
  EXPECT_THAT(parse_error(kBasic, basic, "d1d3f3d1"), HasSubstr("different piece"));
}

TEST(RazzleRules, EqualResultChainsAreOneMoveWrittenCanonically) {
  // d1, d3, f1, f3 all see each other: 15 chains, 12 results.
  const auto pos = test::parse(
      kExtended, position_line("d1:B d3:P f1:P f3:P a5:P" + std::string(kNorth), "1 - -"));
  EXPECT_EQ(passes_of(legal_tokens(kExtended, pos), "d1").size(), 12u);
  auto a = RazzleNotation::parse_move(kExtended, pos, {}, "d1d3f1f3");
  auto b = RazzleNotation::parse_move(kExtended, pos, {}, "d1-f1-d3-f3");
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(*a, *b);
  EXPECT_EQ(RazzleNotation::format_move(kExtended, pos, *a), "d1f1d3f3");
  EXPECT_THAT(legal_tokens(kExtended, pos), Not(Contains("d1d3f1f3")));
}

TEST(RazzleRules, PassIsForcedOnlyAfterAnAdjacentKnightMove) {
  const std::string board = "d1:B d3:P f3:P a5:P g7:P e2:p a8:b b8:p c8:p f8:p";
  const auto forced = test::parse(kExtended, position_line(board, "1 - f4e2"));
  EXPECT_THAT(legal_tokens(kExtended, forced), ElementsAre("d1d3", "d1d3f3"));
  EXPECT_THAT(parse_error(kExtended, forced, "a5b7"), HasSubstr("a pass is forced"));
  EXPECT_THAT(legal_tokens(kNoRepeat, test::parse(kNoRepeat, position_line(board, "1 - f4e2"))),
              ElementsAre("d1d3", "d1d3f3"));

  // The same board after a passing turn, or after a knight move elsewhere (e2 was already
  // adjacent), or under the basic rules: knight moves are allowed.
  for (const char* last2 : {"-", "b6c8"}) {
    const auto free = test::parse(kExtended, position_line(board, std::string("1 - ") + last2));
    EXPECT_THAT(legal_tokens(kExtended, free), Contains("a5b7")) << last2;
  }
  EXPECT_THAT(legal_tokens(kBasic, test::parse(kBasic, position_line(board, "1 - f4e2"))),
              Contains("a5b7"));
}

TEST(RazzleRules, ForcedPassWithoutAnyPassAllowsKnightMoves) {
  const auto pos = test::parse(
      kExtended, position_line("d1:B a5:P g7:P b4:P f5:P e2:p a8:b b8:p c8:p f8:p", "1 - f4e2"));
  EXPECT_TRUE(kExtended.pass_forced(pos));
  const auto tokens = legal_tokens(kExtended, pos);
  EXPECT_THAT(passes_of(tokens, "d1"), ElementsAre());
  EXPECT_THAT(tokens, Contains("b4c6"));
  EXPECT_EQ(tokens.size(), kExtended.count_moves(pos, {}));
}

TEST(RazzleRules, UndoBanCoversOnlyTheExactReverseOfTheOwnPreviousKnightMove) {
  const std::string board = "d1:B c3:P d2:P e1:P f1:P b8:p c8:p d8:b e8:p f8:p";
  const auto pos = test::parse(kExtended, position_line(board, "1 b1c3 -"));
  EXPECT_THAT(parse_error(kExtended, pos, "c3b1"), HasSubstr("undo rule"));
  EXPECT_TRUE(is_legal(kExtended, pos, "c3a2"));  // the same piece elsewhere
  EXPECT_TRUE(is_legal(kExtended, pos, "d2b1"));  // another piece to the square it left
  // After a passing turn (last1 '-') or under the position rule there is no ban.
  EXPECT_TRUE(is_legal(kExtended, test::parse(kExtended, position_line(board, "1 - -")), "c3b1"));
  EXPECT_TRUE(
      is_legal(kNoRepeat, test::parse(kNoRepeat, position_line(board, "1 b1c3 -")), "c3b1"));
  // The opponent's previous knight move bans nothing for this player.
  adapters::TypedGame<Game> game(kExtended);
  for (const char* m : {"b1c3", "b8c6", "c3b1"}) {
    auto r = game.play(m);
    EXPECT_EQ(r.ok(), std::string(m) != "c3b1") << m;
  }
  EXPECT_TRUE(game.play("c3a4").ok());
  EXPECT_TRUE(game.play("c6b8").ok() == false);  // Player 2's own reverse
  EXPECT_TRUE(game.play("c6a5").ok());
}

TEST(RazzleRules, PositionRuleForbidsReturningToAnEarlierBoard) {
  adapters::TypedGame<Game> game(kNoRepeat);
  for (const char* m : {"b1c3", "b8c6", "c3b1"}) EXPECT_TRUE(game.play(m).ok()) << m;
  auto back = game.play("c6b8");  // would recreate the start board
  ASSERT_FALSE(back.ok());
  EXPECT_THAT(back.error().message, HasSubstr("repeats an earlier board position"));
  EXPECT_FALSE(game.is_legal("c6b8"));
  EXPECT_TRUE(game.play("c6a5").ok());
}

TEST(RazzleRules, WinOnlyAtTheEndOfATurnOnTheOpponentsBackRank) {
  const std::string board = "d6:B d8:P b6:P d1:P g1:P a3:p c2:b c1:p e2:p g3:p";
  const auto p1 = test::parse(kExtended, position_line(board, "1 - -"));
  EXPECT_FALSE(kExtended.terminal(p1).over());
  const auto won = play(kExtended, p1, "d6d8");
  EXPECT_EQ(kExtended.terminal(won), engine::Outcome::win_for(Player::kOne, engine::Reason::kGoal));
  EXPECT_EQ(kExtended.count_moves(won, {}), 0u);
  EXPECT_FALSE(kExtended.terminal(play(kExtended, p1, "d6d8b6")).over());  // passed through
  EXPECT_FALSE(kExtended.terminal(play(kExtended, p1, "d6d1")).over());    // own back rank

  const auto p2 = test::parse(kExtended, position_line(board, "2 - -"));
  EXPECT_EQ(kExtended.terminal(play(kExtended, p2, "c2c1")),
            engine::Outcome::win_for(Player::kTwo, engine::Reason::kGoal));
  EXPECT_FALSE(kExtended.terminal(play(kExtended, p2, "c2c1a3")).over());
}

TEST(RazzleRules, NoLegalTurnLoses) {
  // Under the position rule, a side whose every turn recreates an earlier board has none.
  const Position start = kNoRepeat.start_position();
  Game::MoveList moves;
  kNoRepeat.generate(start, {}, moves);
  std::vector<std::uint64_t> history;
  for (const Move& m : moves) history.push_back(kNoRepeat.history_key(kNoRepeat.make(start, m)));
  kNoRepeat.generate(start, history, moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_EQ(kNoRepeat.count_moves(start, history), 0u);
  EXPECT_EQ(kNoRepeat.no_moves_outcome(start),
            engine::Outcome::win_for(Player::kTwo, engine::Reason::kNoMoves));
}

TEST(RazzleRules, PublishedOpeningReplays) {
  adapters::TypedGame<Game> game(kExtended);
  ASSERT_TRUE(game.reset("1ppbpp1/7/7/7/7/7/7/1PPBPP1 2 - - 0").ok());
  const std::vector<std::string> moves = {"c8-b6", "e1-f3", "d8-b6", "d1-f1-f3"};
  const std::vector<std::size_t> counts = {18, 18, 21, 21};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(game.legal_moves().size(), counts[i]) << "before " << moves[i];
    ASSERT_TRUE(game.play(moves[i]).ok()) << moves[i];
  }
  const Position& pos = game.line().current();
  EXPECT_EQ(pos.ball(Player::kOne), make_square(5, 2));  // f3
  EXPECT_EQ(pos.ineligible(),
            bit(make_square(3, 7)) | bit(make_square(3, 0)) | bit(make_square(5, 0)));
  EXPECT_EQ(game.position_line(), "1p1xpp1/7/1b5/7/7/5B1/7/1PPX1X1 2 - - 4");
}

// Published move lists and PGN-like records, read by the record module and played with the
// rules: dash notation, move numbers, a start from the FEN tag.
TEST(RazzleRules, PublishedRecordImports) {
  namespace rec = adapters::records;
  auto records = rec::read_records("1... c8-b6 2. e1-f3 d8-b6 3. d1-f1-f3 *", "published");
  ASSERT_TRUE(records.ok()) << records.error().message;
  ASSERT_EQ(records->size(), 1u);
  EXPECT_THAT((*records)[0].tokens(), ElementsAre("c8-b6", "e1-f3", "d8-b6", "d1-f1-f3"));
  adapters::TypedGame<Game> game(kExtended);
  ASSERT_TRUE(game.reset("1ppbpp1/7/7/7/7/7/7/1PPBPP1 2 - - 0").ok());
  std::vector<std::string> canonical;
  auto played = rec::play_moves(game, (*records)[0], [&](std::size_t ply, const auto& before) {
    for (const auto& token : before.legal_moves()) {
      auto trial = before.clone();
      ASSERT_TRUE(trial->play(token).ok());
      auto dashed = before.clone();
      if (dashed->play((*records)[0].moves[ply].token).ok() &&
          dashed->position_line() == trial->position_line())
        canonical.push_back(token);
    }
  });
  ASSERT_TRUE(played.ok()) << played.error().message;
  EXPECT_THAT(canonical, ElementsAre("c8b6", "e1f3", "d8b6", "d1f1f3"));
  EXPECT_EQ(game.position_line(), "1p1xpp1/7/1b5/7/7/5B1/7/1PPX1X1 2 - - 4");

  auto bad = rec::read_records("c8-b6 e1-f3 d8-b7 d1-f1-f3", "bad");
  ASSERT_TRUE(bad.ok());
  ASSERT_TRUE(game.reset("1ppbpp1/7/7/7/7/7/7/1PPBPP1 2 - - 0").ok());
  auto refused = rec::play_moves(game, (*bad)[0]);
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.error().message, HasSubstr("ply 3: illegal move 'd8-b7'"));
  // A result token ends the record: what follows is the next one.
  auto late = rec::read_records("c8-b6 1-0 e1-f3", "late");
  ASSERT_TRUE(late.ok());
  ASSERT_EQ(late->size(), 2u);
  EXPECT_EQ((*late)[0].result, engine::GameResult::kP1Win);
  EXPECT_THAT((*late)[1].tokens(), ElementsAre("e1-f3"));
}

TEST(RazzleRules, PgnLikeRecordImports) {
  namespace rec = adapters::records;
  const std::string record =
      "[Event \"Published opening\"]\n"
      "[Variant \"razzledazzle\"]\n"
      "[FEN \"1ppbpp1/7/7/7/7/7/7/1PPBPP1 2 - - 0\"]\n"
      "\n"
      "1... c8-b6 2. e1-f3 d8-b6 3. d1-f1-f3 *\n";
  auto imported = rec::read_records(record, "opening");
  ASSERT_TRUE(imported.ok()) << imported.error().message;
  ASSERT_EQ(imported->size(), 1u);
  const rec::Record& r = (*imported)[0];
  adapters::TypedGame<Game> game(kExtended);
  ASSERT_TRUE(rec::set_up(game, r).ok());
  EXPECT_EQ(game.side_to_move(), Player::kTwo);
  ASSERT_TRUE(rec::play_moves(game, r).ok());
  EXPECT_EQ(r.moves.size(), 4u);
  EXPECT_EQ(r.result, engine::GameResult::kNone);
  ASSERT_EQ(r.tags.size(), 3u);
  EXPECT_EQ(r.tags[0], (rec::Tag{"Event", "Published opening"}));

  auto bad_fen = rec::read_records("[FEN \"1ppbpp1/7 1 - -\"]\nc8-b6", "bad");
  ASSERT_TRUE(bad_fen.ok());
  auto set = rec::set_up(game, (*bad_fen)[0]);
  ASSERT_FALSE(set.ok());
  EXPECT_THAT(set.error().message, HasSubstr("FEN tag: board: expected 8 ranks"));
  auto bad_tag = rec::read_records("[Event]\n", "tags");
  ASSERT_FALSE(bad_tag.ok());
  EXPECT_THAT(bad_tag.error().message, HasSubstr("tags, record 1 (line 1): malformed tag line 1"));
  // Without a FEN tag the record starts from the start position (Player 1 to move).
  auto from_start = rec::read_records("1. c8-b6", "start");
  ASSERT_TRUE(from_start.ok());
  ASSERT_TRUE(rec::set_up(game, (*from_start)[0]).ok());
  auto refused = rec::play_moves(game, (*from_start)[0]);
  ASSERT_FALSE(refused.ok());
  EXPECT_THAT(refused.error().message, HasSubstr("ply 1: illegal move 'c8-b6'"));
}

}  // namespace
}  // namespace triad::games::razzle
