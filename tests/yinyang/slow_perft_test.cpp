// Slow Yin Yang checks (ctest label "slow", excluded from the default run): every public perft
// figure of tests/data/perft.yaml, including depth 7, with and without bulk counting.
#include <cstdint>

#include <gtest/gtest.h>

#include "engine/core/perft.h"
#include "tests/yinyang/test_support.h"

namespace triad::games::yinyang::testing {
namespace {

// Perft by listing and making every move, leaves included (no count_moves shortcut).
std::uint64_t perft_by_listing(const Game& game, const Position& pos, int depth) {
  if (depth == 0) return 1;
  MoveList moves;
  game.generate(pos, {}, moves);
  std::uint64_t total = 0;
  for (const Move& m : moves) total += perft_by_listing(game, game.make(pos, m), depth - 1);
  return total;
}

TEST(SlowYinYangPerft, EveryPublicFigure) {
  const Game game;
  const PerftTable table = load_perft_table();
  const Position start = position_from(game, table.fen);
  for (std::size_t d = 1; d <= table.leaves.size(); ++d) {
    const int depth = static_cast<int>(d);
    EXPECT_EQ(engine::perft(game, start, depth), table.leaves[d - 1]) << "depth " << depth;
    EXPECT_EQ(perft_by_listing(game, start, depth), table.leaves[d - 1]) << "depth " << depth;
  }
}

}  // namespace
}  // namespace triad::games::yinyang::testing
