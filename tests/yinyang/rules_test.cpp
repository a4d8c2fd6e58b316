// Yin Yang rule edge cases (docs/games/yin-yang.md): neighbour counts before the move,
// diagonal neighbours, only same-colour neighbours, exact distance, blocked paths, the board
// edge, the stone put down, the game end, the final score and the tie rule; plus the bitboard
// generator against a square-by-square reference on random games and random boards.
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/game_line.h"
#include "tests/yinyang/test_support.h"

namespace triad::games::yinyang::testing {
namespace {

std::set<std::string> move_tokens(const Game& game, const Position& pos) {
  MoveList moves;
  game.generate(pos, {}, moves);
  std::set<std::string> out;
  for (const Move& m : moves) out.insert(Notation::format_move(game, pos, m));
  EXPECT_EQ(out.size(), moves.size()) << "a move was listed twice";
  return out;
}

std::set<std::string> tokens_from(const std::set<std::string>& all, const std::string& from) {
  std::set<std::string> out;
  for (const auto& t : all)
    if (t.substr(0, 2) == from) out.insert(t);
  return out;
}

using Tokens = std::set<std::string>;

TEST(YinYangRules, StartPositionScoreAndMoves) {
  const Game game;
  const Position start = game.start_position();
  EXPECT_EQ(score(start), (ScorePair{0, 4}));
  EXPECT_EQ(start.side_to_move, engine::Player::kOne);
  EXPECT_EQ(move_tokens(game, start),
            (Tokens{"c3b3", "c3c2", "c4b4", "c4c5", "d3d2", "d3e3", "d4d5", "d4e4"}));
}

TEST(YinYangRules, SquareColours) {
  EXPECT_TRUE(is_dark_square(make_square(0, 0)));   // a1
  EXPECT_FALSE(is_dark_square(make_square(1, 0)));  // b1
  EXPECT_FALSE(is_dark_square(make_square(0, 5)));  // a6
  EXPECT_TRUE(is_dark_square(make_square(5, 5)));   // f6
  EXPECT_EQ(std::popcount(kDarkSquares), 18);
  EXPECT_EQ(kDarkSquares & kLightSquares, 0u);
}

TEST(YinYangRules, MovePutsTheOppositeColourOnTheSquareLeft) {
  const Game game;
  const Position start = game.start_position();
  auto move = Notation::parse_move(game, start, {}, "c4b4");
  ASSERT_TRUE(move.ok()) << move.error().message;
  const Position next = game.make(start, *move);
  EXPECT_EQ(Notation::format_position(game, next), "6/6/1DLL2/2LD2/6/6 2 1");
  EXPECT_EQ(score(next), (ScorePair{2, 3}));  // as the rules file says
  EXPECT_EQ(next.hash, compute_hash(next));
  EXPECT_EQ(game.side_to_move(next), engine::Player::kTwo);
  EXPECT_EQ(game.ply(next), 1);
}

TEST(YinYangRules, DiagonalNeighboursCount) {
  const Game game;
  // Light d3 and c2 touch only diagonally: each has one neighbour and slides 1.
  EXPECT_EQ(move_tokens(game, position_from(game, "6/6/6/3L2/2L3/6 1 0")),
            (Tokens{"d3c3", "d3e3", "d3d4", "d3d2", "c2b2", "c2d2", "c2c3", "c2c1"}));
}

TEST(YinYangRules, OnlyNeighboursOfTheSameColourCount) {
  const Game game;
  // Dark d3 next to light c2: neither has a neighbour of its own colour.
  EXPECT_TRUE(move_tokens(game, position_from(game, "6/6/6/3D2/2L3/6 1 0")).empty());
  // Light c3 among six dark stones still cannot move.
  EXPECT_TRUE(
      tokens_from(move_tokens(game, position_from(game, "6/6/1DDD2/1DLD2/1DDD2/6 1 0")), "c3")
          .empty());
}

TEST(YinYangRules, NeighboursAreCountedBeforeTheMoveAndTheDistanceIsExact) {
  const Game game;
  // Light c3 has two light neighbours (b2, d2): it slides exactly 2, in all four directions
  // (at e3 it would have one neighbour; counting there would give d3/c4-style 1-square moves).
  const Tokens all = move_tokens(game, position_from(game, "6/6/6/2L3/1L1L2/6 1 0"));
  EXPECT_EQ(tokens_from(all, "c3"), (Tokens{"c3c5", "c3a3", "c3e3", "c3c1"}));
  EXPECT_EQ(tokens_from(all, "b2"), (Tokens{"b2a2", "b2c2", "b2b3", "b2b1"}));
  EXPECT_EQ(tokens_from(all, "d2"), (Tokens{"d2c2", "d2e2", "d2d3", "d2d1"}));
}

TEST(YinYangRules, BlockedPathsAndTheBoardEdge) {
  const Game game;
  // Light c3 has 3 neighbours (b2 c2 d2): north is blocked by the dark stone on c5, west runs
  // off the board after a3, south is occupied; only east to f3 remains.
  const Tokens all = move_tokens(game, position_from(game, "6/2D3/6/2L3/1LLL2/6 1 0"));
  EXPECT_EQ(tokens_from(all, "c3"), (Tokens{"c3f3"}));
  // Corner a1 with one neighbour (b2): only north and east stay on the board.
  const Tokens corner = move_tokens(game, position_from(game, "6/6/6/6/1L4/L5 1 0"));
  EXPECT_EQ(corner, (Tokens{"a1a2", "a1b1", "b2a2", "b2c2", "b2b3", "b2b1"}));
}

TEST(YinYangRules, LongSlidesAndTooManyNeighbours) {
  const Game game;
  // a3 has four light neighbours (a2 a4 b2 b4) and slides exactly 4, to e3.
  const Tokens all = move_tokens(game, position_from(game, "6/6/LL4/L5/LL4/6 1 0"));
  EXPECT_EQ(all, (Tokens{"a3e3", "a4a6", "b2d2", "b4d4", "b4b6"}));
  // c3 with six light neighbours would have to slide 6 squares: impossible on this board.
  const Tokens crowded = move_tokens(game, position_from(game, "6/6/1L4/1LLL2/1LLL2/6 1 0"));
  EXPECT_TRUE(tokens_from(crowded, "c3").empty());
}

TEST(YinYangRules, BothPlayersHaveTheSameMoves) {
  const Game game;
  const Position p1 = position_from(game, "6/2D3/1LL3/1DLD2/1LLL2/6 1 4");
  const Position p2 = position_from(game, "6/2D3/1LL3/1DLD2/1LLL2/6 2 4");
  EXPECT_EQ(move_tokens(game, p1), move_tokens(game, p2));
  EXPECT_NE(p1.hash, p2.hash);
}

TEST(YinYangRules, GameEndsWhenNoStoneCanMoveAndTheScoreDecides) {
  const Game game;
  // No stone touches one of its colour. Light on light a6/c6, dark on dark a1/c1: 4-0.
  const Position p1_wins = position_from(game, "L1L3/6/6/6/6/D1D3 2 10");
  EXPECT_TRUE(move_tokens(game, p1_wins).empty());
  EXPECT_EQ(game.count_moves(p1_wins, {}), 0u);
  EXPECT_EQ(score(p1_wins), (ScorePair{4, 0}));
  EXPECT_EQ(game.no_moves_outcome(p1_wins),
            engine::Outcome::win_for(engine::Player::kOne, engine::Reason::kScore));
  EXPECT_FALSE(game.terminal(p1_wins).over());
  // The colours swapped: 0-4.
  const Position p2_wins = position_from(game, "D1D3/6/6/6/6/L1L3 1 10");
  EXPECT_EQ(score(p2_wins), (ScorePair{0, 4}));
  EXPECT_EQ(game.no_moves_outcome(p2_wins),
            engine::Outcome::win_for(engine::Player::kTwo, engine::Reason::kScore));
}

TEST(YinYangRules, ATieIsAWinForPlayerTwo) {
  const Game game;
  // Light a6 on a light square (Player 1), dark c6 on a light square (Player 2): 1-1.
  const Position tie = position_from(game, "L1D3/6/6/6/6/6 1 2");
  EXPECT_EQ(score(tie), (ScorePair{1, 1}));
  const engine::GameLine<Game> line(game, tie);
  EXPECT_EQ(line.outcome({}),
            engine::Outcome::win_for(engine::Player::kTwo, engine::Reason::kScore));
  EXPECT_EQ(score_winner({16, 16}), engine::Player::kTwo);
  EXPECT_EQ(score_winner({17, 16}), engine::Player::kOne);
}

TEST(YinYangRules, RandomGamesEndWithTheScoreAndAddAStonePerMove) {
  const Game game;
  std::mt19937 rng(20261130);
  for (int i = 0; i < 200; ++i) {
    engine::GameLine<Game> line(game, game.start_position());
    while (!line.outcome({}).over()) {
      MoveList moves;
      line.legal_moves(moves);
      line.play(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
      const Position& pos = line.current();
      ASSERT_EQ(std::popcount(pos.occupied()), 4 + pos.ply);
      ASSERT_EQ(pos.light & pos.dark, 0u);
      ASSERT_LE(pos.ply, kSquares - 4);
    }
    const ScorePair s = score(line.current());
    EXPECT_EQ(s.p1 + s.p2, 4 + line.current().ply);
    EXPECT_EQ(line.outcome({}),
              engine::Outcome::win_for(s.p1 > s.p2 ? engine::Player::kOne : engine::Player::kTwo,
                                       engine::Reason::kScore));
  }
}

TEST(YinYangRules, GeneratorMatchesTheReferenceOnRandomGames) {
  const Game game;
  for (const Position& pos : random_game_positions(game, 7, 300)) {
    MoveList moves;
    game.generate(pos, {}, moves);
    ASSERT_EQ(sorted_pairs(moves), reference_moves(pos)) << Notation::format_position(game, pos);
    ASSERT_EQ(game.count_moves(pos, {}), moves.size());
  }
}

TEST(YinYangRules, GeneratorMatchesTheReferenceOnRandomBoards) {
  const Game game;
  std::mt19937_64 rng(99);
  for (int i = 0; i < 20000; ++i) {
    // Density from sparse to full, stones split at random between the colours.
    const int density = i % 8;
    Bitboard light = 0, dark = 0;
    for (int sq = 0; sq < kSquares; ++sq) {
      const auto roll = rng() % 8;
      if (static_cast<int>(roll) < density) (rng() & 1 ? light : dark) |= bit(sq);
    }
    const Position pos = make_position(light, dark, engine::Player::kOne, 0);
    MoveList moves;
    game.generate(pos, {}, moves);
    ASSERT_EQ(sorted_pairs(moves), reference_moves(pos)) << Notation::format_position(game, pos);
    ASSERT_EQ(game.count_moves(pos, {}), moves.size());
  }
}

}  // namespace
}  // namespace triad::games::yinyang::testing
