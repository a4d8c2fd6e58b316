// Evaluations of concrete positions, worked out by hand from each game's rules and weights
// (the arithmetic is in the comment above each case), for every game core through the
// Game concept and the Notation contract. Each case pins every named term and the total,
// so a changed weight, a term that evaluate() adds but eval_terms() does not list, or a sign
// slip fails here; a deliberate change to an evaluation updates these figures with it.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "adapters/ivesdama/notation.h"
#include "adapters/razzle/notation.h"
#include "adapters/yinyang/notation.h"
#include "tests/all_games.h"
#include "tests/conformance/default_game.h"

namespace triad {
namespace {

using adapters::Notation;

struct KnownEvaluation {
  std::string position;                            // the game's position line
  std::vector<std::pair<std::string, int>> terms;  // eval_terms(), in order
  int total = 0;                                   // evaluate()
};

// Specialised below for every game; not defined for others, so a game missing here is a
// link error of this test.
template <class G>
std::vector<KnownEvaluation> known_evaluations();

// Yin Yang: score = 100 per point ahead (Player 1 owns the stones on squares of their own
// colour, Player 2 the rest; a1 is dark), tie-break = -50 for Player 1 to move, +50 for
// Player 2, swing = 50 * the best change of the mover's margin one move makes now. A move
// takes a stone off square f and puts the other colour there: if the stone matched f, f
// turns from Player 1's to Player 2's (-2 for Player 1's margin), otherwise the reverse (+2).
// The stone lands on the other square colour after an odd slide, so it then matches iff it
// did not match f (+1 or -1); after an even slide it keeps its status. Odd slide from an
// unmatched square: +3, from a matched one: -3.
template <>
std::vector<KnownEvaluation> known_evaluations<games::yinyang::Game>() {
  return {
      // The start: light stones on c3 and d4 (dark squares), dark stones on c4 and d3 (light
      // squares), so all four are Player 2's: 0 - 4 points -> score -400, tie-break -50.
      // Every stone has one same-colour (diagonal) neighbour, slides 1 square from an
      // unmatched square: +3 for Player 1 whichever move -> swing +150. -400 - 50 + 150.
      {"6/6/2DL2/2LD2/6/6 1 0", {{"score", -400}, {"tie-break", -50}, {"swing", 150}}, -300},
      // The same with Player 2 to move: +400, +50, and its best move still gives Player 1
      // +3, i.e. -3 for Player 2 -> swing -150.
      {"6/6/2DL2/2LD2/6/6 2 0", {{"score", 400}, {"tie-break", 50}, {"swing", -150}}, 300},
      // Dark stones on a1 (dark square: Player 1's) and b1 (light square: Player 2's): 1 - 1.
      // Moves (each stone has one dark neighbour, slides 1): a1a2 leaves a matched square
      // (-3 for Player 1), b1b2 and b1c1 leave an unmatched one (+3). Player 1 picks +3:
      // 0 - 50 + 150 = 100.
      {"6/6/6/6/6/DD4 1 0", {{"score", 0}, {"tie-break", -50}, {"swing", 150}}, 100},
      // Player 2 to move picks a1a2 (+3 for it): 0 + 50 + 150 = 200.
      {"6/6/6/6/6/DD4 2 0", {{"score", 0}, {"tie-break", 50}, {"swing", 150}}, 200},
      // Light on a1 (Player 2's), dark on b1 (Player 2's): no stone has a same-colour
      // neighbour, so no move and no swing: -200 - 50.
      {"6/6/6/6/6/LD4 1 0", {{"score", -200}, {"tie-break", -50}, {"swing", 0}}, -250},
  };
}

// Razzle Dazzle (weights in engine/games/razzle/eval.h: ball 20 per rank, pieces 6 per rank,
// reach 5 per rank + 3 per receiver, mobility 5 per knight move, receivers 10), Player 2 at
// home (b8 c8 d8-ball e8 f8), Player 1 at home but with its ball holder on d2.
// - ball: d2 is 1 rank up, d8 0 ranks -> 20 * (1 - 0) = 20.
// - pieces: ranks advanced, ball holder included: 1 - 0 -> 6.
// - reach: from d2 the ball reaches c1 and e1 (diagonally adjacent), then b1 from c1 and f1
//   from e1: 4 pieces, none advanced; Player 2 likewise reaches its 4 on rank 8 -> 0.
// - goal: neither side's passes reach its goal rank -> 0.
// - mobility (knight moves to empty squares of the pieces without the ball): b1 a3 c3 (d2
//   is taken) 2, c1 a2 b3 d3 e2 4, e1 c2 d3 f3 g2 4, f1 e3 g3 2 = 12; Player 2's home row:
//   b8 3, c8 4, e8 4, f8 3 = 14 -> 5 * (12 - 14) = -10.
// - receivers: no piece on the two ranks before either goal -> 0.
// Total 20 + 6 - 10 = 16; with Player 2 to move every term changes sign.
template <>
std::vector<KnownEvaluation> known_evaluations<games::razzle::Game>() {
  return {
      {"1ppbpp1/7/7/7/7/7/3B3/1PP1PP1 1 - - 0",
       {{"ball", 20},
        {"pieces", 6},
        {"reach", 0},
        {"goal", 0},
        {"mobility", -10},
        {"receivers", 0}},
       16},
      {"1ppbpp1/7/7/7/7/7/3B3/1PP1PP1 2 - - 0",
       {{"ball", -20},
        {"pieces", -6},
        {"reach", 0},
        {"goal", 0},
        {"mobility", 10},
        {"receivers", 0}},
       -16},
  };
}

// Íves dáma on the default "double diamond" board (25 points; weights in
// engine/games/ivesdama/eval.cpp: stone 100, advance 8, race 12, threat 30, mobility 4,
// arc end 6, approach 12). Player 1 has stones on c2 and a3, Player 2 one on c6.
// - material: 2 - 1 stones -> 100.
// - advance = 8 * sum over stones of (25 - steps to the goal), arcs included. Player 1's
//   goal c9: c9-b8/d8 (1), the arcs to b2/d2 (2), so c2 (next to b2) and a3 (diagonal to
//   b2) are 3 steps away: 22 + 22. Player 2's goal c1: b2/c2/d2 (1), the arcs to b8/d8 and
//   rank 3 (2), c7 (diagonal to b8) and b4/c4/d4 (3), so c6 (next to c7) is 4: 21.
//   8 * (44 - 21) = 184.
// - race = 12 * (opponent's nearest - own nearest) = 12 * (4 - 3) = 12.
// - threats: no stone stands next to an enemy stone -> 0.
// - mobility = 4 * (steps): c2 to b2 d2 c1 c3 (4), a3 to b3 b2 b4 (3) against c6 to b6 d6 c5
//   c7 (4) -> 4 * (7 - 4) = 12.
// - control: no stone on an arc end (b2 d2 b8 d8) nor next to a base point -> 0.
// Total 100 + 184 + 12 + 12 = 308; with Player 2 to move every term changes sign.
template <>
std::vector<KnownEvaluation> known_evaluations<games::ivesdama::Game>() {
  return {
      {"1/3/5/1p1/1/3/P4/1P1/1 1 0",
       {{"material", 100},
        {"advance", 184},
        {"race", 12},
        {"threats", 0},
        {"mobility", 12},
        {"control", 0}},
       308},
      {"1/3/5/1p1/1/3/P4/1P1/1 2 0",
       {{"material", -100},
        {"advance", -184},
        {"race", -12},
        {"threats", 0},
        {"mobility", -12},
        {"control", 0}},
       -308},
  };
}

template <class G>
class KnownEvaluations : public ::testing::Test {};

// Every game (generated from TRIAD_GAMES); a game without its known_evaluations<G>() above
// fails to link.
using GameTypes = testing::AllGames<::testing::Types>;
TYPED_TEST_SUITE(KnownEvaluations, GameTypes);

TYPED_TEST(KnownEvaluations, MatchTheHandWorkedFigures) {
  using G = TypeParam;
  const G game = testing::make_default_game<G>();
  for (const KnownEvaluation& known : known_evaluations<G>()) {
    auto pos = Notation<G>::parse_position(game, known.position);
    ASSERT_TRUE(pos.ok()) << known.position << ": " << pos.error().message;
    std::vector<std::pair<std::string, int>> terms;
    for (const auto& term : game.eval_terms(*pos)) terms.emplace_back(term.name, term.value);
    EXPECT_EQ(terms, known.terms) << known.position;
    EXPECT_EQ(game.evaluate(*pos), known.total) << known.position;
  }
}

}  // namespace
}  // namespace triad
