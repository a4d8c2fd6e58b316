// The Yin Yang endgame solver against plain minimax on random small positions, its perfect
// line, and the search's use of it at the root (exact final score reported as a forced win
// or loss at the length of the perfect line).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>

#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/solver.h"
#include "tests/search/search_test_util.h"

namespace triad::search_test {
namespace {

using games::yinyang::Game;
using games::yinyang::Position;
using games::yinyang::Solver;

// Plain minimax of the final margin from the side to move (no pruning, no table).
int brute_margin(const Game& g, const Position& pos) {
  Game::MoveList moves;
  g.generate(pos, {}, moves);
  if (moves.empty()) return games::yinyang::final_margin(pos);
  int best = -100;
  for (const auto& m : moves) best = std::max(best, -brute_margin(g, g.make(pos, m)));
  return best;
}

// A random position with exactly `empties` empty squares and a move to play.
std::optional<Position> random_position(const Game& g, int empties, std::mt19937_64& rng) {
  Position p = g.start_position();
  while (std::popcount(p.empty()) > empties) {
    Game::MoveList moves;
    g.generate(p, {}, moves);
    if (moves.empty()) return std::nullopt;
    p = g.make(p, moves[rng() % moves.size()]);
  }
  Game::MoveList moves;
  g.generate(p, {}, moves);
  if (moves.empty()) return std::nullopt;
  return p;
}

TEST(YinYangSolver, AgreesWithBruteForceOnRandomSmallPositions) {
  const Game g;
  Solver solver(16);
  std::mt19937_64 rng(99);
  int checked = 0;
  for (int i = 0; i < 400 && checked < 120; ++i) {
    const int empties = 4 + static_cast<int>(rng() % 6);  // 4..9
    const auto p = random_position(g, empties, rng);
    if (!p) continue;
    const int expected = brute_margin(g, *p);
    const auto s = solver.solve(*p);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->margin, expected) << "empties " << empties;
    // The perfect line is legal and reaches exactly that margin.
    Position q = *p;
    for (const auto& m : s->pv) {
      ASSERT_TRUE(is_legal(g, q, {}, m));
      q = g.make(q, m);
    }
    Game::MoveList rest;
    g.generate(q, {}, rest);
    EXPECT_TRUE(rest.empty());
    const auto final_score = games::yinyang::score(q);
    EXPECT_EQ(final_score.p1, s->final_score.p1);
    EXPECT_EQ(final_score.p2, s->final_score.p2);
    const int p1_margin = p->side_to_move == engine::Player::kOne ? expected : -expected;
    EXPECT_EQ(final_score.p1 - final_score.p2, p1_margin);
    // Windowed values bound the exact one correctly (fail-soft).
    const auto low = solver.value(*p, expected, expected + 1);
    ASSERT_TRUE(low);
    EXPECT_LE(*low, expected);
    ++checked;
  }
  EXPECT_GE(checked, 100);
}

TEST(YinYangSolver, StopCheckAbandonsTheSolve) {
  const Game g;
  Solver solver(16);
  std::mt19937_64 rng(5);
  const auto p = random_position(g, 18, rng);
  ASSERT_TRUE(p);
  EXPECT_FALSE(solver.solve(*p, [] { return true; }));
}

TEST(YinYangSolver, SearchPlaysThePerfectLineAtTheRoot) {
  auto typed = make_typed<Game>("yinyang");
  const Game& g = typed->game();
  Solver solver(18);
  std::mt19937_64 rng(321);
  int checked = 0;
  for (int i = 0; i < 200 && checked < 10; ++i) {
    const auto p = random_position(g, 10 + static_cast<int>(rng() % 5), rng);
    if (!p) continue;
    engine::GameLine<Game> line(g, *p);
    engine::Searcher<Game> searcher(g);
    engine::SearchLimits limits;
    limits.depth = 2;  // the solver answers regardless of the depth limit
    const auto run = run_search(searcher, line, limits);
    ASSERT_TRUE(run.result.best);
    const auto exact = solver.solve(*p);
    ASSERT_TRUE(exact);
    const int score = run.last().score;
    ASSERT_TRUE(engine::is_mate_score(score));
    EXPECT_EQ(score > 0, exact->side_to_move_wins);
    // The chosen move keeps the exact margin.
    const auto after = solver.solve(g.make(*p, *run.result.best));
    ASSERT_TRUE(after);
    EXPECT_EQ(-after->margin, exact->margin);
    EXPECT_TRUE(pv_is_legal(line, run.last().pv));
    EXPECT_EQ(engine::mate_plies(score) * (score > 0 ? 1 : -1),
              static_cast<int>(run.last().pv.size()));
    ++checked;
  }
  EXPECT_GE(checked, 10);
}

}  // namespace
}  // namespace triad::search_test
