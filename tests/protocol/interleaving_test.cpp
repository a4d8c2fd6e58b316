// The one-bestmove rule under any interleaving: random sequences of go (every form, perft
// included), stop, ponderhit, isready, position, setoption, ucinewgame, queries and finally
// quit or end of input, sent with random short pauses. Every go the session accepted gets
// exactly one bestmove (every go perft one `Nodes searched` line), in order, legal in the
// position it searched: nothing is refused, what cannot run beside a search waits for it.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <random>
#include <set>
#include <thread>

#include "session_driver.h"
#include "tests/all_games.h"

namespace triad::protocol::testing {
namespace {

struct Command {
  std::string line;
  int position = -1;  // for `position`: index into the test's positions
};

class Interleaving : public ::testing::TestWithParam<std::string> {};

TEST_P(Interleaving, EveryAcceptedGoGetsExactlyOneLegalBestmove) {
  const std::string variant = GetParam();
  // A few positions of the game and their legal moves (from a separate session).
  std::vector<std::string> positions{"startpos"};
  std::vector<std::set<std::string>> legal;
  {
    SessionDriver probe;
    probe.send("setoption name UCI_Variant value " + variant);
    std::string moves;
    for (int i = 0; i < 3; ++i) {
      probe.send("position " + positions.back());
      std::set<std::string> now;
      const std::string moves_now = probe.query("moves");
      for (auto t : tokenize(moves_now)) now.emplace(t);
      legal.push_back(now);
      moves += " " + *now.begin();
      positions.push_back("startpos moves" + moves);
    }
    positions.pop_back();
  }
  const std::vector<std::string> gos{
      "go depth 2",        "go nodes 300",
      "go movetime 3",     "go infinite",
      "go ponder depth 2", "go wtime 40 btime 40 p1time 40 p2time 40",
      "go perft 2",        "go depth 1 searchmoves zz9"};
  const std::vector<std::string> others{"stop",
                                        "stop",
                                        "isready",
                                        "ponderhit",
                                        "query fen",
                                        "d",
                                        "ucinewgame",
                                        "setoption name Hash value 2",
                                        "setoption name Threads value 2",
                                        "setoption name Threads value 1",
                                        "setoption name MultiPV value 2",
                                        "eval",
                                        "uci"};

  std::mt19937 rng(20261130);
  for (int round = 0; round < 12; ++round) {
    SessionDriver d;
    d.send("setoption name UCI_Variant value " + variant);
    int current = 0;            // the session's position (index), as far as we know
    std::vector<int> searched;  // the position of each accepted search go, in order
    int perfts = 0;             // accepted go perft
    std::string all;            // every output line of this round
    const auto collect = [&](const std::vector<std::string>& lines) {
      for (const auto& l : lines) all += l + "\n";
      return lines;
    };
    for (int step = 0; step < 40; ++step) {
      const int kind = static_cast<int>(rng() % 10);
      std::string line;
      int position = -1;
      if (kind < 3) {
        line = gos[rng() % gos.size()];
      } else if (kind < 5) {
        position = static_cast<int>(rng() % positions.size());
        line = "position " + positions[static_cast<std::size_t>(position)];
      } else {
        line = others[rng() % others.size()];
      }
      d.send_async(line);
      collect(d.take_now());
      // Nothing is refused: a line that cannot run beside the search waits for it.
      if (starts_with(line, "go")) {
        if (line == "go perft 2")
          ++perfts;
        else
          searched.push_back(current);
      }
      if (position >= 0) current = position;
      if (line == "ucinewgame") current = 0;
      std::this_thread::sleep_for(std::chrono::microseconds(rng() % 3000));
    }
    // The end: quit or end of input, both with a search possibly running.
    if (rng() % 2) {
      EXPECT_FALSE(d.send_async("quit"));
    } else {
      d.send_async("stop");
    }
    collect(d.finish());

    std::vector<std::string> bestmoves;
    int perft_results = 0;
    std::istringstream text(all);
    for (std::string l; std::getline(text, l);) {
      if (starts_with(l, "bestmove ")) bestmoves.push_back(std::string(tokenize(l)[1]));
      if (starts_with(l, "Nodes searched: ")) ++perft_results;
    }
    EXPECT_EQ(all.find("a search is running"), std::string::npos) << all;
    ASSERT_EQ(bestmoves.size(), searched.size()) << "round " << round << "\n" << all;
    EXPECT_EQ(perft_results, perfts) << "round " << round;
    for (std::size_t i = 0; i < bestmoves.size(); ++i)
      EXPECT_TRUE(legal[static_cast<std::size_t>(searched[i])].count(bestmoves[i]))
          << "round " << round << " search " << i << " bestmove " << bestmoves[i] << "\n"
          << all;
  }
}

INSTANTIATE_TEST_SUITE_P(Games, Interleaving,
                         ::testing::ValuesIn(triad::testing::registered_game_names()));

}  // namespace
}  // namespace triad::protocol::testing
