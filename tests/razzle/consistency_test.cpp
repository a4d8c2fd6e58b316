// Razzle Dazzle self-consistency along seeded random games under all three rule
// combinations: position lines and move tokens round-trip, incremental keys equal fresh
// ones, bulk counting equals listing, and the generator agrees with the naive reference
// rules (same results, same canonical chains).
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "adapters/razzle/notation.h"
#include "engine/games/razzle/game.h"
#include "tests/razzle/razzle_test_util.h"
#include "tests/razzle/reference_rules.h"

namespace triad::games::razzle {
namespace {

using Notation = adapters::Notation<Game>;

class RandomGames : public ::testing::TestWithParam<Rules> {};

// Checks everything about one position; returns the legal moves.
Game::MoveList check_position(const Game& game, const Position& pos,
                              const std::vector<std::uint64_t>& history) {
  const engine::History hist(history);
  EXPECT_EQ(game.hash(pos), game.compute_hash(pos));
  EXPECT_EQ(game.history_key(pos), Game::compute_board_key(pos));

  const std::string line = Notation::format_position(game, pos);
  auto parsed = Notation::parse_position(game, line);
  EXPECT_TRUE(parsed.ok()) << line << ": " << (parsed.ok() ? "" : parsed.error().message);
  if (parsed.ok()) {
    EXPECT_EQ(*parsed, pos) << line;
  }

  Game::MoveList moves;
  game.generate(pos, hist, moves);
  EXPECT_EQ(game.count_moves(pos, hist), moves.size()) << line;

  const auto reference = test::ReferenceRules(game).legal(pos, hist);
  std::set<test::TurnResult> results;
  for (const Move& m : moves) {
    const std::string token = Notation::format_move(game, pos, m);
    auto back = Notation::parse_move(game, pos, hist, token);
    EXPECT_TRUE(back.ok()) << line << " " << token;
    if (back.ok()) {
      EXPECT_EQ(*back, m) << line << " " << token;
    }
    const auto result = test::result_of(game, m);
    EXPECT_TRUE(results.insert(result).second) << "duplicate result " << token << " in " << line;
    const auto it = reference.find(result);
    if (it == reference.end()) {
      ADD_FAILURE() << "not legal per the reference rules: " << token << " in " << line;
      continue;
    }
    EXPECT_EQ(std::vector<int>(m.squares.begin(), m.squares.begin() + m.length), it->second)
        << "not the canonical chain: " << token << " in " << line;
  }
  EXPECT_EQ(results.size(), reference.size()) << "missing turns in " << line;
  return moves;
}

TEST_P(RandomGames, NotationHashAndGeneratorAreConsistent) {
  const Game game(GetParam());
  std::mt19937_64 rng(20261130 + static_cast<int>(GetParam().rule_set) * 7 +
                      static_cast<int>(GetParam().repetition));
  int finished = 0;
  for (int g = 0; g < 100; ++g) {
    Position pos = game.start_position();
    std::vector<std::uint64_t> history;
    for (int ply = 0; ply < 120; ++ply) {
      const auto moves = check_position(game, pos, history);
      if (moves.empty()) {
        ++finished;
        break;
      }
      history.push_back(game.history_key(pos));
      pos = game.make(pos, moves[rng() % moves.size()]);
    }
    if (::testing::Test::HasFailure()) return;  // one broken game says enough
  }
  RecordProperty("finished_games", finished);
}

INSTANTIATE_TEST_SUITE_P(Razzle, RandomGames, test::kRuleCombinations,
                         [](const auto& info) { return test::rules_name(info.param); });

}  // namespace
}  // namespace triad::games::razzle
