// Yin Yang Zobrist hash: the incremental hash kept by make() equals a fresh computation along
// random games, and it tells apart the positions those games reach.
#include <unordered_map>

#include <gtest/gtest.h>

#include "tests/yinyang/test_support.h"

namespace triad::games::yinyang::testing {
namespace {

TEST(YinYangHash, IncrementalEqualsFreshAlongRandomGames) {
  const Game game;
  for (const Position& pos : random_game_positions(game, 17, 300)) {
    ASSERT_EQ(game.hash(pos), compute_hash(pos)) << Notation::format_position(game, pos);
    ASSERT_EQ(game.history_key(pos), game.hash(pos));
  }
}

TEST(YinYangHash, DistinctPositionsHaveDistinctHashes) {
  const Game game;
  std::unordered_map<std::uint64_t, Position> seen;
  for (const Position& pos : random_game_positions(game, 19, 500)) {
    Position key = pos;
    key.ply = 0;  // the ply is not part of the position's identity
    const auto [it, inserted] = seen.emplace(pos.hash, key);
    ASSERT_TRUE(inserted || it->second == key)
        << "collision: " << Notation::format_position(game, pos);
  }
  EXPECT_GT(seen.size(), 5000u);
}

TEST(YinYangHash, SideToMoveIsPartOfTheHash) {
  const Game game;
  const Position a = position_from(game, "6/6/2DL2/2LD2/6/6 1 0");
  const Position b = position_from(game, "6/6/2DL2/2LD2/6/6 2 0");
  const Position c = position_from(game, "6/6/2DL2/2LD2/6/6 1 9");
  EXPECT_NE(a.hash, b.hash);
  EXPECT_EQ(a.hash, c.hash);
}

}  // namespace
}  // namespace triad::games::yinyang::testing
