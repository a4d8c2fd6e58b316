// Slow Razzle Dazzle checks (ctest label "slow", not in the default run): perft by the
// naive reference rules against the fast generator, and bulk counting against listing at
// depths beyond the public figures.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/perft.h"
#include "engine/games/razzle/game.h"
#include "tests/razzle/razzle_test_util.h"
#include "tests/razzle/reference_rules.h"

namespace triad::games::razzle {
namespace {

// Perft by the reference rules: one child per result, played with its canonical chain.
std::uint64_t reference_perft(const Game& game, const test::ReferenceRules& rules,
                              const Position& pos, int depth, std::vector<std::uint64_t>& keys) {
  const auto legal = rules.legal(pos, engine::History(keys));
  if (depth == 1) return legal.size();
  std::uint64_t total = 0;
  keys.push_back(game.history_key(pos));
  for (const auto& [result, squares] : legal) {
    Move m;
    m.knight = result.knight;
    m.length = static_cast<std::uint8_t>(squares.size());
    for (std::size_t i = 0; i < squares.size(); ++i)
      m.squares[i] = static_cast<std::uint8_t>(squares[i]);
    total += reference_perft(game, rules, game.make(pos, m), depth - 1, keys);
  }
  keys.pop_back();
  return total;
}

// Perft that lists every move at the last ply too (no count_moves).
std::uint64_t listing_perft(const Game& game, const Position& pos, int depth,
                            std::vector<std::uint64_t>& keys) {
  Game::MoveList moves;
  game.generate(pos, engine::History(keys), moves);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  keys.push_back(game.history_key(pos));
  for (const Move& m : moves) total += listing_perft(game, game.make(pos, m), depth - 1, keys);
  keys.pop_back();
  return total;
}

class SlowRazzlePerft : public ::testing::TestWithParam<Rules> {};

TEST_P(SlowRazzlePerft, ReferenceRulesAgreeAtDepth4) {
  const Game game(GetParam());
  const test::ReferenceRules rules(game);
  std::vector<std::uint64_t> keys;
  EXPECT_EQ(reference_perft(game, rules, game.start_position(), 4, keys),
            engine::perft(game, game.start_position(), 4));
}

TEST_P(SlowRazzlePerft, BulkCountingAgreesWithListingAtDepth6) {
  const Game game(GetParam());
  std::vector<std::uint64_t> keys;
  EXPECT_EQ(listing_perft(game, game.start_position(), 6, keys),
            engine::perft(game, game.start_position(), 6));
}

INSTANTIATE_TEST_SUITE_P(Razzle, SlowRazzlePerft, test::kRuleCombinations,
                         [](const auto& info) { return test::rules_name(info.param); });

}  // namespace
}  // namespace triad::games::razzle
