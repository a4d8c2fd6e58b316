// The search on every game (typed tests): forced wins found at their exact distance and
// played, legal PVs, determinism at one thread, stop / tiny clock / ponder / mate limits,
// MultiPV and searchmoves, helper threads.
#include <gtest/gtest.h>

#include <chrono>
#include <random>
#include <thread>
#include <type_traits>

#include "adapters/ivesdama/notation.h"
#include "adapters/razzle/notation.h"
#include "adapters/yinyang/notation.h"
#include "engine/games/ivesdama/game.h"
#include "engine/games/razzle/game.h"
#include "engine/games/yinyang/game.h"
#include "engine/games/yinyang/search_hooks.h"
#include "engine/games/yinyang/solver.h"
#include "tests/all_games.h"
#include "tests/search/search_test_util.h"

namespace triad::search_test {
namespace {

using engine::kMateScore;
using engine::SearchConfig;
using engine::Searcher;
using engine::SearchLimits;

template <class G>
struct GameTraits;
template <>
struct GameTraits<games::yinyang::Game> {
  static constexpr const char* kVariant = "yinyang";
  static constexpr int kMaxWinPlies = 5;  // brute force stays cheap near the end
  static constexpr int kMinPlies = 14, kMaxPlies = 31;
};
template <>
struct GameTraits<games::razzle::Game> {
  static constexpr const char* kVariant = "razzledazzle";
  static constexpr int kMaxWinPlies = 3;
  static constexpr int kMinPlies = 6, kMaxPlies = 60;
};
template <>
struct GameTraits<games::ivesdama::Game> {
  static constexpr const char* kVariant = "ivesdama";
  static constexpr int kMaxWinPlies = 5;
  static constexpr int kMinPlies = 4, kMaxPlies = 60;
};

template <class G>
class SearchTest : public ::testing::Test {
 protected:
  void SetUp() override { typed_ = make_typed<G>(GameTraits<G>::kVariant); }
  const G& game() const { return typed_->game(); }
  // A middle-game line reached by a fixed random opening.
  engine::GameLine<G> opening(std::uint64_t seed = 7) const {
    std::mt19937_64 rng(seed);
    for (int tries = 0; tries < 100; ++tries)
      if (auto line = random_line(game(), 6, rng)) return *line;
    return engine::GameLine<G>(game(), game().start_position());
  }
  std::unique_ptr<adapters::TypedGame<G>> typed_;
};

using Games = triad::testing::AllGames<::testing::Types>;  // every game (from TRIAD_GAMES)
TYPED_TEST_SUITE(SearchTest, Games);

TYPED_TEST(SearchTest, DepthSearchIsDeterministicAtOneThread) {
  const auto line = this->opening();
  SearchLimits limits;
  limits.depth = 6;
  Searcher<TypeParam> a(this->game()), b(this->game());
  const auto ra = run_search(a, line, limits);
  a.clear();
  const auto ra2 = run_search(a, line, limits);
  const auto rb = run_search(b, line, limits);
  ASSERT_FALSE(ra.infos.empty());
  EXPECT_EQ(ra.last().nodes, rb.last().nodes);
  EXPECT_EQ(ra.last().nodes, ra2.last().nodes);
  EXPECT_EQ(ra.last().score, rb.last().score);
  EXPECT_TRUE(*ra.result.best == *rb.result.best);
  EXPECT_TRUE(ra.last().pv == rb.last().pv);
}

TYPED_TEST(SearchTest, BestMoveAndEveryPvAreLegal) {
  const auto line = this->opening(11);
  SearchLimits limits;
  limits.depth = 6;
  Searcher<TypeParam> s(this->game());
  const auto run = run_search(s, line, limits);
  ASSERT_TRUE(run.result.best);
  EXPECT_TRUE(is_legal(this->game(), line.current(), line.history(), *run.result.best));
  for (const auto& info : run.infos) {
    ASSERT_FALSE(info.pv.empty());
    EXPECT_TRUE(pv_is_legal(line, info.pv)) << "depth " << info.depth;
  }
  EXPECT_TRUE(run.last().pv.front() == *run.result.best);
  EXPECT_EQ(run.last().depth, 6);
}

TYPED_TEST(SearchTest, FindsForcedWinsAtTheirDistanceAndPlaysThem) {
  std::mt19937_64 rng(2024);
  int found[6] = {};
  const int wanted = 4;  // positions per distance
  for (int attempt = 0; attempt < 4000; ++attempt) {
    const int plies = GameTraits<TypeParam>::kMinPlies +
                      static_cast<int>(rng() % (GameTraits<TypeParam>::kMaxPlies -
                                                GameTraits<TypeParam>::kMinPlies));
    auto line = random_line(this->game(), plies, rng);
    if (!line) continue;
    // The shortest forced win by brute force, if any within the limit.
    int distance = 0;
    for (int d = 1; d <= GameTraits<TypeParam>::kMaxWinPlies && !distance; d += 2)
      if (forced_win_within(*line, d)) distance = d;
    if (!distance || found[distance] >= wanted) continue;
    ++found[distance];
    // A fresh line from this position (no game history: the search's repetition rule
    // cannot interfere with the brute force, which ignores it).
    engine::GameLine<TypeParam> fresh(this->game(), line->current());
    Searcher<TypeParam> s(this->game());
    SearchLimits limits;
    limits.depth = distance + 4;
    const auto run = run_search(s, fresh, limits);
    ASSERT_TRUE(run.result.best);
    EXPECT_TRUE(pv_is_legal(fresh, run.last().pv));
    engine::GameLine<TypeParam> after = fresh;
    after.play(*run.result.best);
    const auto o = after.outcome({});
    if constexpr (std::is_same_v<TypeParam, games::yinyang::Game>) {
      // Yin Yang plays for the largest final margin (the solver), not the fastest end: the
      // score is a win and the exact margin after the chosen move is still a win.
      EXPECT_GE(run.last().score, engine::kMateBound);
      games::yinyang::Solver solver(16);
      const auto rest = solver.solve(after.current());
      ASSERT_TRUE(rest);
      EXPECT_FALSE(rest->side_to_move_wins);
      continue;
    }
    // Other games: the shortest win, and playing it keeps the win within distance - 1.
    EXPECT_EQ(run.last().score, kMateScore - distance) << "distance " << distance;
    if (distance == 1) {
      EXPECT_TRUE(o.over());
    } else if (!o.over()) {
      typename TypeParam::MoveList replies;
      after.legal_moves(replies);
      for (const auto& r : replies) {
        engine::GameLine<TypeParam> next = after;
        next.play(r);
        EXPECT_TRUE(next.outcome({}).over() || forced_win_within(next, distance - 2));
      }
    }
    if (found[1] >= wanted && found[3] >= wanted &&
        (GameTraits<TypeParam>::kMaxWinPlies < 5 || found[5] >= wanted))
      break;
  }
  EXPECT_GE(found[1], 1) << "no win-in-1 position met";
  EXPECT_GE(found[3], 1) << "no win-in-3-plies position met";
}

TYPED_TEST(SearchTest, StopReturnsALegalMoveAtOnce) {
  const auto line = this->opening(3);
  Searcher<TypeParam> s(this->game());
  SearchLimits limits;
  limits.infinite = true;
  SearchRun<TypeParam> run;
  start_search(s, line, limits, run);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  s.stop();
  s.wait();
  ASSERT_TRUE(run.result.best);
  EXPECT_TRUE(is_legal(this->game(), line.current(), line.history(), *run.result.best));
  ASSERT_FALSE(run.infos.empty());
  EXPECT_TRUE(run.last().pv.front() == *run.result.best);
}

TYPED_TEST(SearchTest, TinyClockStillAnswersWithALegalMove) {
  const auto line = this->opening(5);
  Searcher<TypeParam> s(this->game());
  SearchLimits limits;
  limits.time_ms = {1, 1};
  const auto run = run_search(s, line, limits);
  ASSERT_TRUE(run.result.best);
  EXPECT_TRUE(is_legal(this->game(), line.current(), line.history(), *run.result.best));
  EXPECT_FALSE(run.infos.empty());
}

TYPED_TEST(SearchTest, PonderRunsUntilPonderhitThenUsesTheClock) {
  const auto line = this->opening(9);
  Searcher<TypeParam> s(this->game());
  SearchLimits limits;
  limits.ponder = true;
  limits.time_ms = {200, 200};
  SearchRun<TypeParam> run;
  start_search(s, line, limits, run);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  s.ponderhit();
  s.wait();  // returns by itself once the budget from the ponderhit is spent
  ASSERT_TRUE(run.result.best);
  EXPECT_TRUE(is_legal(this->game(), line.current(), line.history(), *run.result.best));
}

TYPED_TEST(SearchTest, MultiPvReportsDistinctOrderedLines) {
  // The first fixed opening with at least three legal moves.
  auto line = this->opening(13);
  for (std::uint64_t seed = 14; seed < 100; ++seed) {
    typename TypeParam::MoveList legal;
    line.legal_moves(legal);
    if (legal.size() >= 3) break;
    line = this->opening(seed);
  }
  Searcher<TypeParam> s(this->game());
  SearchLimits limits;
  limits.depth = 4;
  SearchConfig config;
  config.multipv = 3;
  const auto run = run_search(s, line, limits, config);
  std::vector<engine::SearchInfo<typename TypeParam::Move>> last;
  for (const auto& info : run.infos)
    if (info.depth == 4) last.push_back(info);
  ASSERT_EQ(last.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(last[i].multipv, i + 1);
  EXPECT_FALSE(last[0].pv.front() == last[1].pv.front());
  EXPECT_FALSE(last[1].pv.front() == last[2].pv.front());
  EXPECT_FALSE(last[0].pv.front() == last[2].pv.front());
  EXPECT_GE(last[0].score, last[1].score);
  EXPECT_GE(last[1].score, last[2].score);
}

TYPED_TEST(SearchTest, SearchmovesRestrictsTheRoot) {
  const auto line = this->opening(17);
  typename TypeParam::MoveList legal;
  line.legal_moves(legal);
  ASSERT_FALSE(legal.empty());
  const auto only = legal[legal.size() - 1];
  Searcher<TypeParam> s(this->game());
  SearchLimits limits;
  limits.depth = 4;
  const auto run = run_search(s, line, limits, {}, {only});
  ASSERT_TRUE(run.result.best);
  EXPECT_TRUE(*run.result.best == only);
}

TYPED_TEST(SearchTest, NodeLimitIsDeterministicAndRespected) {
  const auto line = this->opening(19);
  SearchLimits limits;
  limits.nodes = 20000;
  Searcher<TypeParam> a(this->game()), b(this->game());
  const auto ra = run_search(a, line, limits);
  const auto rb = run_search(b, line, limits);
  EXPECT_TRUE(*ra.result.best == *rb.result.best);
  EXPECT_EQ(ra.last().nodes, rb.last().nodes);
  EXPECT_LE(ra.last().nodes, limits.nodes);
}

TYPED_TEST(SearchTest, MateLimitStopsOnceTheWinIsFound) {
  std::mt19937_64 rng(77);
  for (int attempt = 0; attempt < 4000; ++attempt) {
    auto line = random_line(this->game(),
                            GameTraits<TypeParam>::kMinPlies + static_cast<int>(rng() % 20), rng);
    if (!line || !forced_win_within(*line, 1)) continue;
    engine::GameLine<TypeParam> fresh(this->game(), line->current());
    Searcher<TypeParam> s(this->game());
    SearchLimits limits;
    limits.mate = 1;  // no other limit: the search must end by itself
    const auto run = run_search(s, fresh, limits);
    EXPECT_EQ(run.last().score, kMateScore - 1);
    return;
  }
  FAIL() << "no win-in-1 position met";
}

// With helper threads the move and line are still legal, and `go nodes` limits every
// thread's nodes together (as GUIs and runners expect of a node budget), give or take the
// check interval and a solver call's nodes, counted at once. (If only the main thread's
// nodes counted, the reported total would reach up to twice the limit: up to 197 000 nodes
// in trial runs.)
TYPED_TEST(SearchTest, HelperThreadsGiveALegalMoveWithinTheNodeLimit) {
  const auto line = this->opening(19);
  Searcher<TypeParam> s(this->game());
  SearchLimits limits;
  limits.nodes = 100000;
  SearchConfig config;
  config.threads = 2;
  const auto run = run_search(s, line, limits, config);
  ASSERT_TRUE(run.result.best);
  EXPECT_TRUE(is_legal(this->game(), line.current(), line.history(), *run.result.best));
  EXPECT_TRUE(pv_is_legal(line, run.last().pv));
  EXPECT_LE(run.last().nodes, limits.nodes * 11 / 10);
}

TYPED_TEST(SearchTest, FinishedGameGivesNoMoveButOneInfo) {
  std::mt19937_64 rng(31);
  engine::GameLine<TypeParam> line(this->game(), this->game().start_position());
  for (int i = 0; i < 2000 && !line.outcome({0, 0}).over(); ++i) {
    typename TypeParam::MoveList moves;
    line.legal_moves(moves);
    line.play(moves[rng() % moves.size()]);
  }
  ASSERT_TRUE(line.outcome({0, 0}).over()) << "random game did not end";
  Searcher<TypeParam> s(this->game());
  SearchLimits limits;
  limits.depth = 3;
  const auto run = run_search(s, line, limits);
  EXPECT_FALSE(run.result.best);
  EXPECT_EQ(run.infos.size(), 1u);
}

// The Yin Yang solvers' tables are counted in the Hash option: a worker's tables stay within
// the share it is given, only the main worker has a root solver, and a large share gets the
// full-size tables.
TEST(YinYangThreadTables, StayWithinTheirShareOfHash) {
  using Tables = engine::SearchHooks<games::yinyang::Game>::ThreadTables;
  for (const std::size_t mb : {1, 4, 8, 64}) {
    const std::size_t budget = mb << 20;
    const Tables main(budget, true), helper(budget, false);
    EXPECT_LE(main.bytes(), budget) << mb;
    EXPECT_LE(helper.bytes(), budget) << mb;
    EXPECT_LT(helper.bytes(), main.bytes()) << mb;
  }
  EXPECT_EQ(Tables(std::size_t{64} << 20, true).bytes(), std::size_t{17} << 20);  // 16 + 1 MB
}

}  // namespace
}  // namespace triad::search_test

namespace triad::search_test {
namespace {

// Hand-made positions: the side to move wins at once and the search must say so and play it.
template <class G>
void expect_win_in_one(const std::string& variant, const std::string& fen,
                       const std::string& winning_move) {
  auto typed = make_typed<G>(variant, fen);
  ASSERT_NE(typed, nullptr);
  Searcher<G> s(typed->game());
  SearchLimits limits;
  limits.depth = 4;
  const auto run = run_search(s, typed->line(), limits);
  ASSERT_TRUE(run.result.best);
  EXPECT_EQ(
      adapters::Notation<G>::format_move(typed->game(), typed->line().current(), *run.result.best),
      winning_move);
  EXPECT_EQ(run.last().score, kMateScore - 1);
}

// A position whose side to move wins on the third ply (and not sooner): a ply limit one ply
// earlier turns the win into a draw; a limit on that very ply does not (a goal ends the game
// before the limit applies). Yin Yang has no such case: its solver decides whole games.
template <class G>
void expect_ply_limit_consistency(const std::string& variant) {
  auto typed = make_typed<G>(variant);
  ASSERT_NE(typed, nullptr);
  const G& g = typed->game();
  std::mt19937_64 rng(4242);
  for (int attempt = 0; attempt < 4000; ++attempt) {
    auto line = random_line(g, 6 + static_cast<int>(rng() % 30), rng);
    if (!line || forced_win_within(*line, 1) || !forced_win_within(*line, 3)) continue;
    engine::GameLine<G> fresh(g, line->current());
    const int ply = g.ply(fresh.current());
    SearchLimits limits;
    limits.depth = 6;
    SearchConfig config;
    config.draw.max_plies = ply + 2;
    Searcher<G> cut(g);
    EXPECT_LT(run_search(cut, fresh, limits, config).last().score, engine::kMateBound);
    config.draw.max_plies = ply + 3;
    Searcher<G> full(g);
    EXPECT_EQ(run_search(full, fresh, limits, config).last().score, kMateScore - 3);
    return;
  }
  FAIL() << "no win-in-3-plies position met";
}

TEST(PlyLimit, RazzleDazzleWinBeyondTheLimitIsADraw) {
  expect_ply_limit_consistency<games::razzle::Game>("razzledazzle");
}

TEST(PlyLimit, IvesDamaWinBeyondTheLimitIsADraw) {
  expect_ply_limit_consistency<games::ivesdama::Game>("ivesdama");
}

TEST(HandMadeWins, RazzleDazzlePassDownTheOpenFile) {
  // Player 1's piece on d8 stands on the goal rank; the d-file from the ball on d1 is open.
  expect_win_in_one<games::razzle::Game>("razzledazzle", "3P3/7/ppp2bp/7/7/7/7/1PPBP2 1 - - 0",
                                         "d1d8");
}

TEST(HandMadeWins, IvesDamaStepOntoTheBasePoint) {
  // Player 1's stone on c8 steps onto Player 2's empty base point c9; no capture is possible.
  expect_win_in_one<games::ivesdama::Game>("ivesdama", "1/1P1/5/3/1/3/4p/3/P 1 0", "c8c9");
}

// Íves dáma positions with few stones come from the endgame table: the root reports the exact
// distance (Player 1's c2 + c1 against c7 win in nine plies) with a legal line that ends the
// game, and a win the ply limit would cut short is not claimed.
TEST(Endgame, IvesDamaRootFromTheTableWithTheExactDistance) {
  using G = games::ivesdama::Game;
  auto typed = make_typed<G>("ivesdama", "1/3/2p2/3/1/3/5/1P1/P 1 0");
  ASSERT_NE(typed, nullptr);
  const G& g = typed->game();
  SearchLimits limits;
  limits.depth = 1;
  Searcher<G> searcher(g);
  const auto run = run_search(searcher, typed->line(), limits);
  EXPECT_EQ(run.last().score, kMateScore - 9);
  const auto& pv = run.last().pv;
  ASSERT_EQ(pv.size(), 9u);
  EXPECT_TRUE(pv_is_legal(typed->line(), pv));
  auto end = typed->line().current();
  for (const auto& m : pv) end = g.make(end, m);
  EXPECT_EQ(g.terminal(end).result, engine::GameResult::kP1Win);

  SearchConfig config;
  config.draw.max_plies = 8;  // the game is drawn before the ninth ply
  limits.depth = 6;
  Searcher<G> limited(g);
  EXPECT_FALSE(
      engine::is_mate_score(run_search(limited, typed->line(), limits, config).last().score));
  config.draw.max_plies = 9;
  Searcher<G> enough(g);
  EXPECT_EQ(run_search(enough, typed->line(), limits, config).last().score, kMateScore - 9);
}

// Player 2's stone on c2 steps onto Player 1's base c1 next move and Player 1's lone stone
// cannot stop it, but Player 1 can step d7e7 back into a position the game has seen. Whether
// that saves the game depends on the repetition house rule, and the search must agree.
TEST(Repetition, IvesDamaEscapesALostGameOnlyWhenTheRuleMakesItADraw) {
  using G = games::ivesdama::Game;
  auto typed = make_typed<G>("ivesdama", "1/3/4P/3/1/3/5/1p1/1 2 0");
  ASSERT_NE(typed, nullptr);
  for (const char* m : {"c2b2", "e7d7", "b2c2"}) ASSERT_TRUE(typed->play(m).ok()) << m;
  SearchLimits limits;
  limits.depth = 4;
  auto search_with = [&](int repetitions) {
    SearchConfig config;
    config.draw.repetitions = repetitions;
    Searcher<G> searcher(typed->game());
    return run_search(searcher, typed->line(), limits, config);
  };
  // Off, or threefold (the position would only occur twice): lost in two plies.
  EXPECT_EQ(search_with(0).last().score, -(kMateScore - 2));
  EXPECT_EQ(search_with(3).last().score, -(kMateScore - 2));
  // Twofold: repeating is a draw, so the search repeats and reports no forced result.
  const auto run = search_with(2);
  ASSERT_TRUE(run.result.best);
  EXPECT_EQ(
      adapters::Notation<G>::format_move(typed->game(), typed->line().current(), *run.result.best),
      "d7e7");
  EXPECT_FALSE(engine::is_mate_score(run.last().score)) << run.last().score;
}

}  // namespace
}  // namespace triad::search_test
