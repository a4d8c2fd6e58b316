// Ctrl-C as a process sees it: SIGINT during a game whose engine hangs without a clock
// ends the run at once (the hung engine is killed, finished games are kept, the summary is
// written; no engine process outlives the runner), and a second signal exits immediately.
#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "runner/signal_watcher.h"
#include "tests/tournament/process_support.h"

namespace triad::tournament {
namespace {

using testing::MatchProcess;
using testing::read_text;
using testing::TempDir;

const std::string kTriad = TRIAD_BINARY_DIR "/triad";
const std::string kMisbehave = TRIAD_SOURCE_DIR "/tests/tournament/engines/misbehave.py";

// A gauntlet of Triad against a random player (games 1 and 2, quickly finished) and an
// engine that hangs at its third `go` of every game (from game 3). No clock: only the
// 10-minute -movetimeout would end the wait.
std::vector<std::string> hanging_match(const TempDir& dir) {
  return {"-engine",
          "name=Triad",
          "cmd=" + kTriad,
          "-engine",
          "name=R",
          "cmd=builtin:random",
          "-engine",
          "name=Hang",
          "cmd=" + kMisbehave,
          "arg=" + kTriad,
          "arg=hang",
          "arg=3",
          "arg=" + (dir / "pids.txt").string(),
          "-tournament",
          "gauntlet",
          "-each",
          "depth=1",
          "-variant",
          "yinyang",
          "-games",
          "2",
          "-movetimeout",
          "600000",
          "-handshaketimeout",
          "60000",
          "-log",
          (dir / "logs").string(),
          "-debug",
          "-pgnout",
          (dir / "games.pgn").string(),
          "-jsonout",
          (dir / "summary.json").string(),
          "-resume",
          (dir / "state.json").string()};
}

// Waits (up to a minute) until Hang has received its third `go` (its transcript shows it),
// so that the game is stuck in a wait only the move timeout would end.
bool wait_for_the_hang(const TempDir& dir) {
  for (int i = 0; i < 600; ++i) {
    std::istringstream transcript(read_text(dir / "logs" / "Hang-0.io.log"));
    int goes = 0;
    for (std::string line; std::getline(transcript, line);)
      goes += line.find(" > go") != std::string::npos;
    if (goes >= 3) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

// Whether a process is still running (a zombie waiting for its parent counts as ended).
bool running(int pid) {
  if (::kill(pid, 0) != 0) return false;
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("State:", 0) == 0) return line.find('Z') == std::string::npos;
  return false;
}

void expect_no_engine_left(const TempDir& dir) {
  std::istringstream pids(read_text(dir / "pids.txt"));
  int count = 0;
  for (int pid; pids >> pid; ++count) {
    // Killed process groups go at once; allow the kernel a moment to finish them.
    for (int i = 0; i < 50 && running(pid); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_FALSE(running(pid)) << "engine process " << pid << " outlived triad-match";
  }
  EXPECT_GE(count, 2);  // the script and the engine it relays
}

TEST(Interrupt, CtrlCStopsAHungGameAtOnceAndKeepsFinishedGames) {
  TempDir dir("interrupt_once");
  MatchProcess match(hanging_match(dir), dir.path());
  ASSERT_TRUE(wait_for_the_hang(dir)) << match.out_so_far();
  match.signal(SIGINT);
  // Without prompt handling the run would wait for the 10-minute move timeout.
  const auto r = match.wait(std::chrono::seconds(30));
  ASSERT_FALSE(r.timed_out) << r.out;
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Abandoned game 3 (Triad vs Hang): interrupted"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Stopped early: interrupted"), std::string::npos);
  EXPECT_NE(r.out.find("Run the same command again"), std::string::npos);
  // The two finished games are kept: records, summary and resume state.
  const std::string summary = read_text(dir / "summary.json");
  EXPECT_NE(summary.find("\"stopped_early\":\"interrupted\""), std::string::npos) << summary;
  EXPECT_NE(summary.find("\"games_played\":2,"), std::string::npos) << summary;
  EXPECT_EQ(testing::parse_records(read_text(dir / "games.pgn")).size(), 2u);
  EXPECT_NE(read_text(dir / "state.json").find("\"played\":2,"), std::string::npos);
  expect_no_engine_left(dir);
}

// The second signal is tested on the watcher itself: two signals sent to a process one
// right after the other may be merged into one by the kernel.
TEST(InterruptDeathTest, ASecondSignalExitsAtOnceWith130) {
  EXPECT_EXIT(
      {
        std::atomic<bool> first{false};
        runner::SignalWatcher watcher([&first] { first = true; },
                                      [] { std::fputs("second\n", stderr); });
        ::raise(SIGINT);
        while (!first) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        ::raise(SIGINT);
        std::this_thread::sleep_for(std::chrono::seconds(30));  // never reached
        std::exit(0);
      },
      ::testing::ExitedWithCode(130), "second");
}

}  // namespace
}  // namespace triad::tournament
