// Yin Yang perft against the public figures of tests/data/perft.yaml (read at test time),
// up to depth 6 here; depth 7 is in the slow target (yinyang_slow_tests).
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "engine/core/perft.h"
#include "tests/yinyang/test_support.h"

namespace triad::games::yinyang::testing {
namespace {

constexpr int kDefaultMaxDepth = 6;

TEST(YinYangPerft, TableStartsAtTheStartPosition) {
  const Game game;
  const PerftTable table = load_perft_table();
  EXPECT_EQ(position_from(game, table.fen), game.start_position());
  EXPECT_EQ(Notation::format_position(game, game.start_position()), table.fen);
  ASSERT_GE(table.leaves.size(), static_cast<std::size_t>(kDefaultMaxDepth));
}

TEST(YinYangPerft, PublicFiguresUpToDepth6) {
  const Game game;
  const PerftTable table = load_perft_table();
  const Position start = position_from(game, table.fen);
  for (int depth = 1; depth <= kDefaultMaxDepth; ++depth)
    EXPECT_EQ(engine::perft(game, start, depth), table.leaves[depth - 1]) << "depth " << depth;
}

TEST(YinYangPerft, DividedSumsToTotalAndListsTheFirstMoves) {
  const Game game;
  const PerftTable table = load_perft_table();
  const Position start = game.start_position();
  const auto divided = engine::perft_divide(game, start, 5);
  std::vector<std::string> tokens;
  std::uint64_t total = 0;
  for (const auto& [move, leaves] : divided) {
    tokens.push_back(Notation::format_move(game, start, move));
    total += leaves;
  }
  std::sort(tokens.begin(), tokens.end());
  EXPECT_EQ(tokens, (std::vector<std::string>{"c3b3", "c3c2", "c4b4", "c4c5", "d3d2", "d3e3",
                                              "d4d5", "d4e4"}));
  EXPECT_EQ(total, table.leaves[4]);
}

// Bulk counting (count_moves) and listing (generate) agree on every node of a depth-5 tree.
std::uint64_t perft_without_bulk(const Game& game, const Position& pos, int depth) {
  MoveList moves;
  game.generate(pos, {}, moves);
  EXPECT_EQ(game.count_moves(pos, {}), moves.size());
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  for (const Move& m : moves) total += perft_without_bulk(game, game.make(pos, m), depth - 1);
  return total;
}

TEST(YinYangPerft, BulkCountingAgreesWithGeneration) {
  const Game game;
  const Position start = game.start_position();
  EXPECT_EQ(perft_without_bulk(game, start, 5), engine::perft(game, start, 5));
}

TEST(YinYangPerft, DepthZeroIsOneAndAFinishedGameHasNoLeaves) {
  const Game game;
  EXPECT_EQ(engine::perft(game, game.start_position(), 0), 1u);
  // A lone stone has no same-colour neighbour: no move, the game is over.
  const Position lone = position_from(game, "6/6/2L3/6/6/6 1 7");
  EXPECT_EQ(engine::perft(game, lone, 1), 0u);
  EXPECT_EQ(engine::perft(game, lone, 3), 0u);
  EXPECT_TRUE(engine::perft_divide(game, lone, 2).empty());
}

}  // namespace
}  // namespace triad::games::yinyang::testing
