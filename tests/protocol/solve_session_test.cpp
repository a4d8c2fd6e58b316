// `go solve` through the protocol (in process): the win/loss and exact reports agree with
// the reference solver, the best move keeps the value, the perfect line is legal, the form
// errors, games without a solver, and `stop` ending a solve of the start position.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <sstream>

#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/reference_solver.h"
#include "session_driver.h"

namespace triad::protocol::testing {
namespace {

namespace yy = games::yinyang;
using Lines = std::vector<std::string>;

// A random Yin Yang position with `empties` empty squares and a move to play.
yy::Position random_position(int empties, std::uint64_t seed) {
  const yy::Game g;
  std::mt19937_64 rng(seed);
  while (true) {
    yy::Position p = g.start_position();
    yy::MoveList moves;
    while (std::popcount(p.empty()) > empties) {
      g.generate(p, {}, moves);
      if (moves.empty()) break;
      p = g.make(p, moves[rng() % moves.size()]);
    }
    g.generate(p, {}, moves);
    if (std::popcount(p.empty()) == empties && !moves.empty()) return p;
  }
}

std::string solved_line(const Lines& out) {
  for (const auto& l : out)
    if (l.find(" string solved ") != std::string::npos) return l;
  return "";
}

TEST(SolveSession, WinLossAndExactAgreeWithTheReferenceSolver) {
  const yy::Game g;
  for (std::uint64_t seed : {1, 2, 3, 4}) {
    const auto p = random_position(12, seed);
    yy::ReferenceSolver reference(16);
    const auto expected = reference.solve(p);
    ASSERT_TRUE(expected);
    const int p1_margin =
        p.side_to_move == engine::Player::kOne ? expected->margin : -expected->margin;
    const std::string winner = p1_margin > 0 ? "p1win" : "p2win";

    SessionDriver d;
    d.send("setoption name UCI_Variant value yinyang");
    d.send("position fen " + adapters::Notation<yy::Game>::format_position(g, p));
    const auto win_loss = d.send("go solve");
    ASSERT_FALSE(win_loss.empty());
    const std::string verdict = solved_line(win_loss);
    EXPECT_NE(verdict.find("solved " + winner + " margin "), std::string::npos) << verdict;
    EXPECT_TRUE(starts_with(win_loss.back(), "bestmove ")) << win_loss.back();
    // The best move keeps the win (or, for the loser, is legal).
    const std::string best(tokenize(win_loss.back())[1]);
    const auto move = adapters::Notation<yy::Game>::parse_move(g, p, {}, best);
    ASSERT_TRUE(move) << best;
    const auto after = reference.solve(g.make(p, *move));
    ASSERT_TRUE(after);
    if (expected->side_to_move_wins) {
      EXPECT_FALSE(after->side_to_move_wins);
    }

    const auto exact = d.send("go solve exact");
    const std::string line = solved_line(exact);
    EXPECT_NE(line.find("solved " + winner + " margin " + std::to_string(p1_margin) + " pv "),
              std::string::npos)
        << line;
    // The reported line replays legally to the end of the game.
    const auto pv_at = line.find(" pv ");
    ASSERT_NE(pv_at, std::string::npos);
    d.send("position fen " + adapters::Notation<yy::Game>::format_position(g, p) + " moves" +
           line.substr(pv_at + 3));
    EXPECT_EQ(d.query("gameover"), "true");
    EXPECT_EQ(d.query("result"), winner);
  }
}

TEST(SolveSession, FormErrorsAndGamesWithoutASolver) {
  SessionDriver d;
  const auto razzle = d.send("go solve");
  ASSERT_EQ(razzle.size(), 1u);
  EXPECT_TRUE(starts_with(razzle[0], "info string error go solve : no solver for razzledazzle"))
      << razzle[0];
  d.send("setoption name UCI_Variant value yinyang");
  const auto mixed = d.send("go solve depth 3");
  ASSERT_EQ(mixed.size(), 1u);
  EXPECT_NE(mixed[0].find("cannot be combined"), std::string::npos) << mixed[0];
  d.send("position fen L1D3/6/6/6/6/6 1 2");  // no legal move: the game is over
  const auto over = d.send("go solve exact");
  ASSERT_FALSE(over.empty());
  EXPECT_EQ(over.back(), "bestmove (none)");
}

TEST(SolveSession, StopEndsASolveOfTheStartPositionWithABestmove) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  d.send("setoption name Hash value 4");
  d.send_async("go solve exact");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  d.send_async("stop");
  d.send_async("position startpos");  // after stop, waits for the bestmove
  d.send_async("query fen");
  const auto out = d.finish();
  ASSERT_GE(out.size(), 3u);
  EXPECT_EQ(count_prefix(out, "bestmove "), 1);
  EXPECT_EQ(out.back(), "response 6/6/2DL2/2LD2/6/6 1 0");
  bool stopped = false;
  for (const auto& l : out) stopped |= l.find(" string solve stopped margin ") != std::string::npos;
  EXPECT_TRUE(stopped);
}

}  // namespace
}  // namespace triad::protocol::testing
