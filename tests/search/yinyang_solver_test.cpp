// The Yin Yang solvers (the fast Solver and the ReferenceSolver) against plain minimax on
// random positions with up to 12 empty squares, against each other on 14-18 empty squares
// (exact margins, win/loss verdicts, one and two threads), their perfect lines, stopping,
// the bound table, the board symmetries, the resumable Prover (and its skipping of mirror
// images), and the search's use of the solver at the root (exact
// final score reported as a forced win or loss at the length of the perfect line).
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <random>
#include <unordered_map>

#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/prover.h"
#include "engine/games/yinyang/reference_solver.h"
#include "engine/games/yinyang/solver.h"
#include "engine/games/yinyang/symmetry.h"
#include "tests/search/search_test_util.h"

namespace triad::search_test {
namespace {

using games::yinyang::Game;
using games::yinyang::Position;
using games::yinyang::ReferenceSolver;
using games::yinyang::Solver;

// Plain minimax of the final margin from the side to move: no pruning, no bounds, every
// move searched; positions already valued are remembered (by the full bitboards and side,
// so no hash collision can mislead it).
class BruteForce {
 public:
  explicit BruteForce(const Game& g) : g_(g) {}
  int margin(const Position& pos) {
    const auto key = games::yinyang::StonesKey::of(pos);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    Game::MoveList moves;
    g_.generate(pos, {}, moves);
    int best = -100;
    if (moves.empty()) best = games::yinyang::final_margin(pos);
    for (const auto& m : moves) best = std::max(best, -margin(g_.make(pos, m)));
    memo_.emplace(key, best);
    return best;
  }

 private:
  const Game& g_;
  std::unordered_map<games::yinyang::StonesKey, int, games::yinyang::StonesKeyHash> memo_;
};

int brute_margin(const Game& g, const Position& pos) {
  return BruteForce(g).margin(pos);
}

// The line is legal, ends the game, and reaches the final score and margin claimed.
void expect_perfect_line(const Game& g, const Position& start, const games::yinyang::Solution& s,
                         int margin) {
  Position q = start;
  for (const auto& m : s.pv) {
    ASSERT_TRUE(is_legal(g, q, {}, m));
    q = g.make(q, m);
  }
  Game::MoveList rest;
  g.generate(q, {}, rest);
  EXPECT_TRUE(rest.empty());
  const auto final_score = games::yinyang::score(q);
  EXPECT_EQ(final_score, s.final_score);
  const int p1_margin = start.side_to_move == engine::Player::kOne ? margin : -margin;
  EXPECT_EQ(final_score.p1 - final_score.p2, p1_margin);
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

TEST(YinYangSolver, ReferenceAgreesWithBruteForceOnRandomSmallPositions) {
  const Game g;
  ReferenceSolver solver(16);
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
    expect_perfect_line(g, *p, *s, expected);
    // Windowed values bound the exact one correctly (fail-soft).
    const auto low = solver.value(*p, expected, expected + 1);
    ASSERT_TRUE(low);
    EXPECT_LE(*low, expected);
    ++checked;
  }
  EXPECT_GE(checked, 100);
}

TEST(YinYangSolver, FastSolverAgreesWithBruteForceUpToTwelveEmpties) {
  const Game g;
  Solver solver(16);
  std::mt19937_64 rng(2024);
  int checked = 0;
  for (int i = 0; i < 400 && checked < 60; ++i) {
    const int empties = 1 + static_cast<int>(rng() % 12);  // 1..12
    const auto p = random_position(g, empties, rng);
    if (!p) continue;
    const int expected = brute_margin(g, *p);
    solver.clear();
    const auto verdict = solver.win_loss(*p);
    ASSERT_TRUE(verdict);
    const bool wins = games::yinyang::margin_wins(expected, p->side_to_move);
    EXPECT_EQ(verdict->side_to_move_wins, wins) << "empties " << empties;
    EXPECT_LE(verdict->lower, expected);
    EXPECT_GE(verdict->upper, expected);
    ASSERT_TRUE(verdict->best);
    // A winning move really wins.
    if (wins) {
      EXPECT_FALSE(games::yinyang::margin_wins(brute_margin(g, g.make(*p, *verdict->best)),
                                               engine::other(p->side_to_move)));
    }
    const auto s = solver.solve(*p);  // on the warm table: the bounds must still hold
    ASSERT_TRUE(s);
    EXPECT_EQ(s->margin, expected) << "empties " << empties;
    EXPECT_EQ(s->side_to_move_wins, wins);
    expect_perfect_line(g, *p, *s, expected);
    ++checked;
  }
  EXPECT_GE(checked, 50);
}

// The solver reads the moves onto the last two empty squares from the stones around them
// (one- and two-square slides) instead of generating them: many small positions check it.
TEST(YinYangSolver, FastSolverAgreesWithBruteForceOnTheLastEmptySquares) {
  const Game g;
  Solver solver(10);
  std::mt19937_64 rng(31);
  int checked = 0;
  for (int i = 0; i < 3000; ++i) {
    const int empties = 3 + static_cast<int>(rng() % 2);  // 3..4: the children have 2..3
    const auto p = random_position(g, empties, rng);
    if (!p) continue;
    solver.clear();
    const auto margin =
        solver.value(*p, -games::yinyang::kSquares - 1, games::yinyang::kSquares + 1);
    ASSERT_TRUE(margin);
    EXPECT_EQ(*margin, brute_margin(g, *p)) << "empties " << empties;
    ++checked;
  }
  EXPECT_GE(checked, 800);
}

// 14 to 18 empty squares: the fast exact solver (one and two threads), its win/loss verdict
// and the reference solver give the same answers.
TEST(YinYangSolver, SolversAgreeOnFourteenToEighteenEmpties) {
  const Game g;
  Solver one(18), two(18);
  two.set_threads(2);
  ReferenceSolver reference(18);
  std::mt19937_64 rng(77);
  int checked = 0;
  for (int i = 0; i < 100 && checked < 12; ++i) {
    const int empties = 14 + static_cast<int>(rng() % 5);  // 14..18
    const auto p = random_position(g, empties, rng);
    if (!p) continue;
    const auto expected = reference.solve(*p);
    ASSERT_TRUE(expected);
    for (Solver* s : {&one, &two}) {
      s->clear();
      const auto verdict = s->win_loss(*p);
      ASSERT_TRUE(verdict);
      EXPECT_EQ(verdict->side_to_move_wins, expected->side_to_move_wins);
      s->clear();
      const auto exact = s->solve(*p);
      ASSERT_TRUE(exact);
      EXPECT_EQ(exact->margin, expected->margin) << "empties " << empties;
      expect_perfect_line(g, *p, *exact, expected->margin);
    }
    ++checked;
  }
  EXPECT_GE(checked, 10);
}

TEST(YinYangSolver, ProgressReportsNarrowingBounds) {
  const Game g;
  Solver solver(16);
  std::mt19937_64 rng(8);
  const auto p = random_position(g, 14, rng);
  ASSERT_TRUE(p);
  std::vector<games::yinyang::SolveProgress> steps;
  solver.set_progress([&](const games::yinyang::SolveProgress& s) { steps.push_back(s); });
  const auto s = solver.solve(*p);
  ASSERT_TRUE(s);
  ASSERT_FALSE(steps.empty());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    EXPECT_LE(steps[i].lower, s->margin);
    EXPECT_GE(steps[i].upper, s->margin);
    if (i > 0) {
      EXPECT_LE(steps[i].upper - steps[i].lower, steps[i - 1].upper - steps[i - 1].lower);
    }
  }
  EXPECT_EQ(steps.back().lower, s->margin);
  EXPECT_EQ(steps.back().upper, s->margin);
}

TEST(YinYangSolver, StopCheckAbandonsTheSolve) {
  const Game g;
  std::mt19937_64 rng(5);
  const auto p = random_position(g, 18, rng);
  ASSERT_TRUE(p);
  ReferenceSolver reference(16);
  EXPECT_FALSE(reference.solve(*p, [] { return true; }));
  for (int threads : {1, 2}) {
    Solver solver(16);
    solver.set_threads(threads);
    EXPECT_FALSE(solver.solve(*p, [] { return true; }));
    EXPECT_FALSE(solver.win_loss(*p, [] { return true; }));
    // Stopped solves leave no wrong bounds behind: a full solve afterwards is still right.
    const auto s = solver.solve(*p);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->margin, reference.solve(*p)->margin);
  }
}

TEST(YinYangSolverTable, KeepsTheTighterBoundsAndRejectsOtherKeys) {
  games::yinyang::SolverTable table(1 << 12);
  games::yinyang::SolverTable::Entry e;
  EXPECT_FALSE(table.probe(12345, e));
  table.store(12345, 10, -3, 37, 2);
  table.store(12345, 10, -37, 5, -1);
  ASSERT_TRUE(table.probe(12345, e));
  EXPECT_EQ(e.lower, -3);
  EXPECT_EQ(e.upper, 5);
  EXPECT_EQ(e.best, 2);  // kept when the new store names no move
  EXPECT_FALSE(table.probe(12345 + (std::uint64_t{1} << 40), e));  // same bucket, other key
  table.clear();
  EXPECT_FALSE(table.probe(12345, e));
  EXPECT_EQ(table.bytes(), std::size_t{1} << 12);
  EXPECT_EQ(games::yinyang::SolverTable(3 * 64).bytes(), 3u * 64);  // any number of buckets
}

// The solver's two tables (shallow and deep positions) take exactly the memory it is given.
TEST(YinYangSolverTable, SolverTablesTakeTheWholeBudget) {
  Solver solver(10);
  for (const std::size_t bytes :
       {std::size_t{16} << 10, std::size_t{6} << 20, std::size_t{64} << 20}) {
    solver.set_memory(bytes);
    EXPECT_EQ(solver.memory(), bytes);
  }
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

namespace triad::search_test {
namespace {

// A ProofStore in memory that can simulate an interruption after `stop_after` new proofs.
class MemoryStore final : public games::yinyang::ProofStore {
 public:
  std::optional<games::yinyang::ProvedPosition> find(const Position& pos) const override {
    for (const auto& p : proofs)
      if (games::yinyang::StonesKey::of(p.pos) == games::yinyang::StonesKey::of(pos)) return p;
    return std::nullopt;
  }
  void add(const games::yinyang::ProvedPosition& p) override { proofs.push_back(p); }
  std::vector<games::yinyang::ProvedPosition> proofs;
};

TEST(YinYangProver, ProvesWhatTheSolverSaysAndResumesAfterAnInterruption) {
  const Game g;
  std::mt19937_64 rng(404);
  int checked = 0;
  for (int i = 0; i < 50 && checked < 4; ++i) {
    const auto p = random_position(g, 14, rng);
    if (!p) continue;
    Solver solver(16);
    const auto expected = solver.win_loss(*p);
    ASSERT_TRUE(expected);

    // Interrupted after a few proofs, then resumed from the same store.
    MemoryStore store;
    games::yinyang::Prover first(solver, store, 3);
    const auto finished = first.prove(*p, [&] { return store.proofs.size() >= 3; });
    const std::size_t kept = store.proofs.size();
    games::yinyang::Prover resumed(solver, store, 3);
    const auto value = resumed.prove(*p);
    ASSERT_TRUE(value);
    EXPECT_EQ(*value, expected->side_to_move_wins);
    if (finished) {
      EXPECT_EQ(resumed.solved(), 0);  // nothing left to solve
    }
    EXPECT_GE(store.proofs.size(), kept);

    // Every stored proof is right, and a winning move really wins.
    ReferenceSolver reference(16);
    for (const auto& proved : store.proofs) {
      const auto exact = reference.solve(proved.pos);
      ASSERT_TRUE(exact);
      EXPECT_EQ(proved.side_to_move_wins, exact->side_to_move_wins);
      ASSERT_TRUE(proved.best);
      ASSERT_TRUE(is_legal(g, proved.pos, {}, *proved.best));
      if (proved.side_to_move_wins) {
        EXPECT_FALSE(reference.solve(g.make(proved.pos, *proved.best))->side_to_move_wins);
      }
    }
    ++checked;
  }
  EXPECT_GE(checked, 4);
}

// A mirror image (with the stone colours swapped where the squares' colours are) has the
// same moves (count) and the same value; the start position is its own image under all 8.
TEST(YinYangSymmetry, MirrorImagesHaveTheSameValue) {
  namespace yy = games::yinyang;
  const Game g;
  for (int s = 0; s < yy::kSymmetries; ++s)
    EXPECT_EQ(yy::transformed(g.start_position(), s), g.start_position());
  std::mt19937_64 rng(31);
  int checked = 0;
  for (int i = 0; i < 100 && checked < 20; ++i) {
    const auto p = random_position(g, 4 + static_cast<int>(rng() % 6), rng);
    if (!p) continue;
    const int margin = brute_margin(g, *p);
    for (int s = 1; s < yy::kSymmetries; ++s) {
      const Position q = yy::transformed(*p, s);
      EXPECT_EQ(std::popcount(q.empty()), std::popcount(p->empty()));
      EXPECT_EQ(g.count_moves(q, {}), g.count_moves(*p, {})) << "symmetry " << s;
      EXPECT_EQ(brute_margin(g, q), margin) << "symmetry " << s;
      EXPECT_EQ(yy::canonical_key(q), yy::canonical_key(*p));
    }
    ++checked;
  }
  EXPECT_GE(checked, 20);
  // The 8 first moves are one move up to symmetry.
  Game::MoveList first;
  g.generate(g.start_position(), {}, first);
  ASSERT_EQ(first.size(), 8u);
  for (const auto& m : first)
    EXPECT_EQ(yy::canonical_key(g.make(g.start_position(), m)),
              yy::canonical_key(g.make(g.start_position(), first[0])));
}

// The Prover tries one move per symmetry class of the resulting positions: on positions
// symmetric about the a1-f6 diagonal that the side to move loses (so every move is tried),
// exactly the moves leading to an image of an earlier one are skipped, and the value stays
// right.
TEST(YinYangProver, SkipsMovesLeadingToMirrorImages) {
  namespace yy = games::yinyang;
  const Game g;
  std::mt19937_64 rng(77);
  int checked = 0;
  for (int i = 0; i < 4000 && checked < 5; ++i) {
    const auto p = random_position(g, 12, rng);
    if (!p) continue;
    // Keep the squares on and below the diagonal, mirror them above it.
    games::yinyang::Bitboard light = 0, dark = 0;
    for (int sq = 0; sq < games::yinyang::kSquares; ++sq) {
      const int f = games::yinyang::file_of(sq), r = games::yinyang::rank_of(sq);
      const int src = f <= r ? sq : games::yinyang::make_square(r, f);
      if (p->light & games::yinyang::bit(src)) light |= games::yinyang::bit(sq);
      if (p->dark & games::yinyang::bit(src)) dark |= games::yinyang::bit(sq);
    }
    const Position q = yy::make_position(light, dark, p->side_to_move, 0);
    ASSERT_EQ(yy::transformed(q, 4), q);
    if (std::popcount(q.empty()) > 12) continue;
    Game::MoveList moves;
    g.generate(q, {}, moves);
    std::vector<games::yinyang::StonesKey> classes;
    for (const auto& m : moves) {
      const auto key = yy::canonical_key(g.make(q, m));
      if (std::find(classes.begin(), classes.end(), key) == classes.end()) classes.push_back(key);
    }
    const int margin = brute_margin(g, q);
    if (moves.empty() || classes.size() == moves.size() || yy::margin_wins(margin, q.side_to_move))
      continue;
    Solver solver(16);
    MemoryStore store;
    yy::Prover prover(solver, store, 1);
    const auto value = prover.prove(q);
    ASSERT_TRUE(value);
    EXPECT_FALSE(*value);
    EXPECT_EQ(prover.skipped_by_symmetry(), static_cast<int>(moves.size() - classes.size()));
    ++checked;
  }
  EXPECT_GE(checked, 5);
}

// deepen(): below a shallow proof, every position of the winner's strategy down to the
// depth asked has a proof in the store (exactly or as a mirror image): the winner's with a
// move that wins, the loser's above that depth with every move leading to a proved win; and
// every stored proof is right (checked by the ReferenceSolver).
TEST(YinYangProver, DeepenStoresTheWinnersStrategyDownToTheDepthAsked) {
  namespace yy = games::yinyang;
  const Game g;
  std::mt19937_64 rng(515);
  int checked = 0;
  for (int i = 0; i < 50 && checked < 3; ++i) {
    const auto p = random_position(g, 13, rng);
    if (!p) continue;
    Solver solver(16);
    MemoryStore store;
    yy::Prover prover(solver, store, 1);
    constexpr int kPlies = 5;
    const auto value = prover.deepen(*p, kPlies);
    ASSERT_TRUE(value);
    const auto proof_of = [&](const Position& pos) -> std::optional<yy::ProvedPosition> {
      for (const auto& proved : store.proofs)
        if (yy::canonical_key(proved.pos) == yy::canonical_key(pos)) return proved;
      return std::nullopt;
    };
    // Walk the strategy: the winner's positions down to kPlies, the loser's above it.
    int winner_positions = 0;
    const std::function<void(const Position&, bool, int)> walk = [&](const Position& pos, bool wins,
                                                                     int ply) {
      if (g.count_moves(pos, {}) == 0 || (ply >= kPlies && !wins)) return;
      const auto proved = proof_of(pos);
      ASSERT_TRUE(proved) << "ply " << ply;
      ASSERT_EQ(proved->side_to_move_wins, wins);
      if (wins) {
        ++winner_positions;
        // The loser's position at the depth limit is not stored (its parent holds the move).
        if (ply + 1 >= kPlies) return;
        // The stored proof may be of a mirror image: play its value, not its move.
        Game::MoveList moves;
        g.generate(pos, {}, moves);
        bool found = false;
        for (const auto& m : moves) {
          const auto child = proof_of(g.make(pos, m));
          if (child && !child->side_to_move_wins) {
            walk(g.make(pos, m), false, ply + 1);
            found = true;
            break;
          }
        }
        EXPECT_TRUE(found) << "no proved losing reply at ply " << ply;
        return;
      }
      Game::MoveList moves;
      g.generate(pos, {}, moves);
      for (const auto& m : moves) walk(g.make(pos, m), true, ply + 1);
    };
    walk(*p, *value, 0);
    EXPECT_GT(winner_positions, 1);
    ReferenceSolver reference(16);
    for (const auto& proved : store.proofs) {
      const auto exact = reference.solve(proved.pos);
      ASSERT_TRUE(exact);
      EXPECT_EQ(proved.side_to_move_wins, exact->side_to_move_wins);
      if (proved.side_to_move_wins) {
        ASSERT_TRUE(proved.best);
        EXPECT_FALSE(reference.solve(g.make(proved.pos, *proved.best))->side_to_move_wins);
      }
    }
    ++checked;
  }
  EXPECT_GE(checked, 3);
}

// deepen() on an altered store: a win stored without its move is solved again, and a win
// the solver finds lost is counted as a contradiction; neither crashes.
TEST(YinYangProver, DeepenSurvivesAnAlteredStore) {
  namespace yy = games::yinyang;
  const Game g;
  std::mt19937_64 rng(616);
  bool saw_win = false, saw_loss = false;
  for (int i = 0; i < 100 && !(saw_win && saw_loss); ++i) {
    const auto p = random_position(g, 12, rng);
    if (!p) continue;
    Solver solver(16);
    const bool wins = solver.win_loss(*p)->side_to_move_wins;
    if (wins ? saw_win : saw_loss) continue;
    MemoryStore store;
    store.add({*p, true, std::nullopt, 0, 0});  // "win -": claimed won, no move
    yy::Prover prover(solver, store, 1);
    const auto value = prover.deepen(*p, 2);
    ASSERT_TRUE(value);
    EXPECT_TRUE(*value);  // what the store claims
    EXPECT_EQ(prover.contradictions(), wins ? 0 : 1);
    if (wins) {
      EXPECT_TRUE(std::any_of(store.proofs.begin(), store.proofs.end(), [&](const auto& q) {
        return q.pos == *p && q.best && q.side_to_move_wins;
      })) << "the winning move was not found again";
    }
    (wins ? saw_win : saw_loss) = true;
  }
  EXPECT_TRUE(saw_win && saw_loss);
}

}  // namespace
}  // namespace triad::search_test
