// Íves dáma evaluation terms on hand-made positions: each term has the sign and size its
// description in docs/games/ives-dama.md gives.
#include <gtest/gtest.h>

#include <string>

#include "engine/games/ivesdama/eval.h"
#include "tests/ivesdama/test_util.h"

namespace triad::games::ivesdama {
namespace {

using testing::default_game;
using testing::position;

int term(const Game& game, const std::string& fen, const std::string& name) {
  for (const auto& t : eval_terms(game, position(game, fen)))
    if (t.name == name) return t.value;
  ADD_FAILURE() << "no term " << name;
  return 0;
}

TEST(IvesEval, ControlCountsArcEndsAndTheGoalApproaches) {
  const Game game = default_game();
  // Player 1's stone on b8 stands on an arc end and next to Player 2's base c9 (6 + 12);
  // Player 2's stone on e7 is on neither.
  EXPECT_EQ(term(game, "1/P2/4p/3/1/3/5/3/1 1 0", "control"), 18);
  EXPECT_EQ(term(game, "1/P2/4p/3/1/3/5/3/1 2 0", "control"), -18);
  // Player 2's stone on c2 is next to its goal c1 (+12); Player 1's on d2 is on an arc end
  // (-6) but far from its own goal.
  EXPECT_EQ(term(game, "1/3/5/3/1/3/5/1pP/1 2 0", "control"), 12 - 6);
  // A stone on its own base point controls nothing.
  EXPECT_EQ(term(game, "p/3/5/3/1/3/5/3/P 1 0", "control"), 0);
}

TEST(IvesEval, MaterialAndThreatsHaveTheirSigns) {
  const Game game = default_game();
  // Two stones against one, Player 1 to move.
  EXPECT_EQ(term(game, "1/3/2p2/3/1/3/5/1P1/P 1 0", "material"), 100);
  // Player 2 to move with its c6 stone jumpable by c5 over c6 to c7 (empty): one threat.
  EXPECT_EQ(term(game, "1/3/5/1p1/P/3/5/3/1 2 0", "threats"), -30);
}

}  // namespace
}  // namespace triad::games::ivesdama
