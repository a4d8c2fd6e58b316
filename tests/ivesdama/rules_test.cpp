// Íves dáma rule edge cases from docs/games/ives-dama.md: compulsory captures, sequences run to
// their end, free direction inside a sequence, arcs in captures (arc variant only), the
// forward variant, equal sequences listed once, how the game ends, and which moves can never be
// undone (repetitions are counted since the last of them).
#include <algorithm>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/core/game_line.h"
#include "test_util.h"

namespace triad::games::ivesdama::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

TEST(IvesRules, StartPositionHasThreeMovesIntoTheMiddle) {
  const Game game = default_game();
  const Position start = game.start_position();
  EXPECT_EQ(Notation::format_position(game, start), "p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 0");
  EXPECT_THAT(legal_tokens(game, start), UnorderedElementsAre("b4c5", "c4c5", "d4c5"));
  // After any of them Player 2 must capture the piece on c5.
  for (const auto& reply : legal_tokens(game, play(game, start, "c4c5")))
    EXPECT_EQ(reply.substr(reply.size() - 2), "c4") << reply;
}

TEST(IvesRules, CaptureIsCompulsoryOverSteps) {
  const Game game = default_game();
  // Player 1: c3 (can capture c4) and c1 (could step); Player 2: c4.
  const Position pos = position(game, "1/3/5/3/1/1p1/2P2/3/P 1");
  EXPECT_THAT(legal_tokens(game, pos), ElementsAre("c3c5"));
  auto step = Notation::parse_move(game, pos, {}, "c1c2");
  ASSERT_FALSE(step.ok());
  EXPECT_THAT(step.error().message, HasSubstr("capture is compulsory"));
}

TEST(IvesRules, SequenceMustRunToItsEnd) {
  const Game game = default_game();
  // c1 jumps c2 to c3 and must go on over c4 to c5.
  const Position pos = position(game, "1/3/5/3/1/1p1/5/1p1/P 1");
  EXPECT_THAT(legal_tokens(game, pos), ElementsAre("c1c3c5"));
  auto partial = Notation::parse_move(game, pos, {}, "c1c3");
  ASSERT_FALSE(partial.ok());
  EXPECT_THAT(partial.error().message, HasSubstr("not finished"));
  const Position after = play(game, pos, "c1c3c5");
  EXPECT_EQ(after.pieces[1], 0u);
  EXPECT_EQ(Notation::format_position(game, after), "1/3/5/3/P/3/5/3/1 2 1");
}

TEST(IvesRules, SequenceMayChangeDirection) {
  const Game game = default_game();
  // a3 jumps b3 eastwards to c3, then c4 northwards to c5.
  const Position pos = position(game, "1/3/5/3/1/1p1/Pp3/3/1 1");
  EXPECT_THAT(legal_tokens(game, pos), ElementsAre("a3c3c5"));
}

TEST(IvesRules, EqualSequencesAppearOnceInCanonicalForm) {
  const Game game = default_game();
  // c1 can run round the lower diamond either way, capturing b2, b4, d4, d2 and ending on
  // its own start point (it may cross the point it left).
  const Position pos = position(game, "p/3/5/3/1/p1p/5/p1p/P 1");
  EXPECT_THAT(legal_tokens(game, pos), ElementsAre("c1a3c5e3c1"));
  auto other_way = Notation::parse_move(game, pos, {}, "c1e3c5a3c1");
  ASSERT_TRUE(other_way.ok()) << other_way.error().message;
  EXPECT_EQ(Notation::format_move(game, pos, *other_way), "c1a3c5e3c1");
  const Position after = game.make(pos, *other_way);
  EXPECT_EQ(Notation::format_position(game, after), "p/3/5/3/1/3/5/3/P 2 1");
  EXPECT_EQ(after.hash, game.compute_hash(after));
}

TEST(IvesRules, ArcsCarryJumpsOnlyInTheArcVariant) {
  // b2 over b8: through the left arc to c8.
  const char* fen = "1/p2/5/3/1/3/5/P2/1 1";
  const Game base = default_game("ivesdama");
  const Game arc = default_game("ivesdama-arc");
  EXPECT_THAT(legal_tokens(base, position(base, fen)),
              UnorderedElementsAre("b2c1", "b2c2", "b2a3", "b2b3", "b2c3"));
  EXPECT_THAT(legal_tokens(arc, position(arc, fen)), ElementsAre("b2c8"));
  // c8 over b8 leaves b8 westwards, through the arc, and lands on b2.
  const char* back = "1/pP1/5/3/1/3/5/3/1 1";
  EXPECT_THAT(legal_tokens(arc, position(arc, back)), ElementsAre("c8b2"));
  for (const auto& token : legal_tokens(base, position(base, back)))
    EXPECT_EQ(token.find("b2"), std::string::npos) << token;
}

TEST(IvesRules, OneSequenceMayUseBothArcs) {
  const Game arc = default_game("ivesdama-arc");
  // c8 over b8 (left arc) to b2, over c2 to d2, over d8 (right arc) back to c8 - or the
  // same loop the other way round: one move, written with the smaller point indices.
  const Position pos = position(arc, "1/pPp/5/3/1/3/5/1p1/1 1");
  EXPECT_THAT(legal_tokens(arc, pos), ElementsAre("c8b2d2c8"));
  const Position after = play(arc, pos, "c8-d2-b2-c8");
  EXPECT_EQ(after.pieces[1], 0u);
  // The base variant has no capture here.
  const Game base = default_game("ivesdama");
  for (const auto& token : legal_tokens(base, position(base, "1/pPp/5/3/1/3/5/1p1/1 1")))
    EXPECT_EQ(token.size(), 4u) << token;
}

TEST(IvesRules, ForwardVariantForbidsBackwardStepsOnly) {
  const Game fwd = default_game("ivesdama-forward");
  const Game base = default_game("ivesdama");
  const char* middle = "p/3/5/3/P/3/5/3/1 1";
  EXPECT_THAT(legal_tokens(fwd, position(fwd, middle)),
              UnorderedElementsAre("c5b6", "c5c6", "c5d6"));
  EXPECT_EQ(legal_tokens(base, position(base, middle)).size(), 6u);
  // Sideways steps along a rank stay legal.
  EXPECT_THAT(legal_tokens(fwd, position(fwd, "p/3/5/3/1/3/1P3/3/1 1")),
              UnorderedElementsAre("b3a3", "b3c3", "b3b4"));
  // An arc step counts by the ranks of its ends: b2 -> b8 goes forwards, b8 -> b2 backwards.
  EXPECT_THAT(legal_tokens(fwd, position(fwd, "1/3/5/3/1/3/4p/P2/1 1")),
              UnorderedElementsAre("b2b3", "b2c2", "b2a3", "b2c3", "b2b8"));
  EXPECT_THAT(legal_tokens(fwd, position(fwd, "1/P2/5/3/1/3/4p/3/1 1")),
              UnorderedElementsAre("b8c8", "b8c9"));
  // Player 2 goes down the board: raising the rank is backwards for it.
  EXPECT_THAT(legal_tokens(fwd, position(fwd, "1/3/5/3/p/3/5/3/P 2")),
              UnorderedElementsAre("c5b4", "c5c4", "c5d4"));
  // A capture may still go backwards, and it stays compulsory.
  const Position back = position(fwd, "p/3/5/3/P/1p1/5/3/1 1");
  EXPECT_THAT(legal_tokens(fwd, back), ElementsAre("c5c3"));
  auto err = Notation::parse_move(fwd, position(fwd, middle), {}, "c5c4");
  ASSERT_FALSE(err.ok());
  EXPECT_THAT(err.error().message, HasSubstr("forward rule"));
}

TEST(IvesRules, WinOnlyAtTheEndOfAMove) {
  const Game game = default_game();
  // a7 jumps b8 to c9 (Player 2's base) and must go on over d8 to e7: no win.
  const Position through = position(game, "1/p1p/P4/1p1/1/3/5/3/1 1");
  EXPECT_THAT(legal_tokens(game, through), ElementsAre("a7c9e7"));
  EXPECT_FALSE(game.terminal(play(game, through, "a7c9e7")).over());
  // Ending the move on c9 wins.
  const Position onto = position(game, "1/p2/P4/1p1/1/3/5/3/1 1");
  const Position won = play(game, onto, "a7c9");
  EXPECT_EQ(game.terminal(won), engine::Outcome::win_for(Player::kOne, engine::Reason::kGoal));
  Game::MoveList moves;
  game.generate(won, {}, moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_EQ(game.count_moves(won, {}), 0u);
}

TEST(IvesRules, StandingOnTheGoalBeforeOnesOwnMoveIsNotYetAWin) {
  const Game game = default_game();
  // Loaded position: Player 1 already stands on c9 and is to move. The win comes at the
  // end of its own move (any move that leaves a piece there).
  const Position pos = position(game, "P/3/5/3/1/3/4p/3/1 1");
  EXPECT_FALSE(game.terminal(pos).over());
  const Position after = play(game, pos, "c9c8");
  EXPECT_FALSE(game.terminal(after).over());
  const Position pos2 = position(game, "P/3/5/3/1/3/P3p/3/1 1");
  EXPECT_TRUE(game.terminal(play(game, pos2, "a3b3")).over());
}

TEST(IvesRules, NoMoveOrNoPieceLoses) {
  const Game game = default_game();
  // c1 is surrounded: b2, c2, d2 taken and the jump landings a3, c3, e3 occupied.
  const Position blocked = position(game, "1/3/5/3/1/3/p1p1p/ppp/P 1");
  Game::MoveList moves;
  game.generate(blocked, {}, moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_EQ(game.no_moves_outcome(blocked),
            engine::Outcome::win_for(Player::kTwo, engine::Reason::kNoMoves));
  const engine::GameLine<Game> line(game, position(game, "p/3/5/3/1/3/5/3/1 1"));
  EXPECT_EQ(line.outcome({}), engine::Outcome::win_for(Player::kTwo, engine::Reason::kNoMoves));
}

TEST(IvesRules, RepetitionAndPlyLimitDraws) {
  const Game game = default_game();
  engine::GameLine<Game> line(game, position(game, "p/3/5/3/1/3/5/3/P 1"));
  const char* shuffle[] = {"c1c2", "c9c8", "c2c1", "c8c9"};
  for (int round = 0; round < 2; ++round) {
    for (const char* token : shuffle) {
      EXPECT_FALSE(line.outcome({}).over());
      auto m = Notation::parse_move(game, line.current(), line.history(), token);
      ASSERT_TRUE(m.ok()) << m.error().message;
      line.play(*m);
    }
  }
  EXPECT_EQ(line.outcome({}), engine::Outcome::draw(engine::Reason::kRepetition));
  EXPECT_EQ(line.outcome({.repetitions = 0, .max_plies = 8}),
            engine::Outcome::draw(engine::Reason::kPlyLimit));
  EXPECT_FALSE(line.outcome({.repetitions = 0, .max_plies = 0}).over());
}

TEST(IvesRules, CapturesAndForwardStepsCannotBeUndone) {
  const Game base = default_game("ivesdama");
  const Game fwd = default_game("ivesdama-forward");
  const auto irreversible = [](const Game& g, const Position& pos, std::string_view token) {
    return g.irreversible(pos, Notation::parse_move(g, pos, {}, token).value());
  };
  const Position steps = position(base, "p/3/5/3/1/3/1P3/3/1 1");
  EXPECT_FALSE(irreversible(base, steps, "b3b4"));
  EXPECT_FALSE(irreversible(base, steps, "b3c3"));
  EXPECT_TRUE(irreversible(fwd, position(fwd, "p/3/5/3/1/3/1P3/3/1 1"), "b3b4"));
  EXPECT_FALSE(irreversible(fwd, position(fwd, "p/3/5/3/1/3/1P3/3/1 1"), "b3c3"));
  EXPECT_TRUE(irreversible(base, position(base, "1/3/5/3/1/1p1/2P2/3/P 1"), "c3c5"));

  // An arc step forwards too, and only there.
  EXPECT_FALSE(irreversible(base, position(base, "1/3/5/3/1/3/4p/P2/1 1"), "b2b8"));
  EXPECT_TRUE(irreversible(fwd, position(fwd, "1/3/5/3/1/3/4p/P2/1 1"), "b2b8"));

  // The line counts repetitions from the last capture on, and forgets it when taken back.
  engine::GameLine<Game> line(base, position(base, "1/p1p/5/3/1/3/1P1P1/P1P/1 1"));
  std::vector<Position> before;
  for (const char* token : {"b3c3", "d8c9", "c3b3", "c9d8", "b3c3", "d8c9", "d2d8", "c9e7"}) {
    before.push_back(line.current());
    line.play(Notation::parse_move(base, line.current(), line.history(), token).value());
    if (before.size() == 6) {
      EXPECT_EQ(line.occurrences(), 2);  // after b3c3 d8c9 twice
    }
  }
  EXPECT_EQ(line.reversible_from(), 8);  // c9e7 captures
  line.take_back(before.back());
  EXPECT_EQ(line.reversible_from(), 0);
}

}  // namespace
}  // namespace triad::games::ivesdama::testing
