// Tournaments with real engine processes: triad against triad (UCI and UGI) at a fast time
// control, Yin Yang's perfect play kept at fast clocks, and misbehaving engines
// (tests/tournament/engines/misbehave.py relaying triad) that crash, hang, move illegally, overstep
// the time, print garbage or never get ready — each adjudicated correctly while the tournament goes
// on.
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/sanitizer.h"
#include "tests/tournament/match_support.h"

namespace triad::tournament {
namespace {

using testing::config_from;
using testing::parse_records;
using testing::read_text;
using testing::run_match;
using testing::TempDir;

const std::string kTriad = TRIAD_BINARY_DIR "/triad";
const std::string kMisbehave = TRIAD_SOURCE_DIR "/tests/tournament/engines/misbehave.py";

// An engine group for misbehave.py relaying triad, misbehaving at its `nth` go.
std::vector<std::string> misbehaving(const std::string& name, const std::string& mode, int nth) {
  return {"-engine",       "name=" + name, "cmd=" + kMisbehave,
          "arg=" + kTriad, "arg=" + mode,  "arg=" + std::to_string(nth)};
}

TEST(Engines, TriadAgainstTriadUciAndUgi) {
  TempDir dir("triad_vs_triad");
  const auto config =
      config_from({"-engine", "name=TriadUci", "cmd=" + kTriad, "proto=uci", "-engine",
                   "name=TriadUgi", "cmd=" + kTriad, "proto=ugi", "-each", "st=0.02",
                   // Generous: a loaded machine must not turn this protocol
                   // test into time forfeits.
                   "timemargin=3000", "option.Hash=8", "-variant", "yinyang", "-games", "2",
                   "-repeat", "-concurrency", "2", "-pgnout", (dir / "games.pgn").string(), "-log",
                   (dir / "logs").string(), "-maxplies", "200"});
  const auto run = run_match(config);
  ASSERT_TRUE(run.ok) << run.error;
  ASSERT_EQ(run.finished.size(), 2u);
  const auto records = parse_records(read_text(dir / "games.pgn"));
  ASSERT_EQ(records.size(), 2u);
  for (const auto& r : records) {
    testing::expect_valid_record(r);
    EXPECT_EQ(r.tags.at("Termination"), "normal") << run.output;
    EXPECT_EQ(r.tags.at("TimeControl"), "st=0.02");
    EXPECT_TRUE(r.tags.count("Score"));  // Yin Yang's final score
    // Which build played: the engines' own `id name` (Triad <version>[-<commit>]).
    for (const char* tag : {"Player1Engine", "Player2Engine"}) {
      ASSERT_TRUE(r.tags.count(tag)) << tag;
      EXPECT_EQ(r.tags.at(tag).rfind("Triad 0.", 0), 0u) << r.tags.at(tag);
    }
  }
  // Engine moves carry the engine's score and depth: {+0.50/7 0.020s}.
  EXPECT_NE(read_text(dir / "games.pgn").find("/"), std::string::npos);
  EXPECT_TRUE(std::filesystem::exists(dir / "logs"));
}

// Issue 28, item 11 (and issue 40, item 18: `movetime 50` too): Yin Yang is a Player 2 win,
// and Triad with its perfect-play book (the default) keeps every game as Player 2 at fast
// clocks: the book, then the root's win/loss test, whatever the opponent plays (random moves,
// or Triad searching without the book). The time margin only keeps a loaded machine from
// turning this into time forfeits: the engine still plans on the clock it is given.
// 16 games a match; 4 in a sanitizer build (the release run plays them all).
constexpr int kPerfectPlayGames = triad::testing::kSanitizedBuild ? 4 : 16;

TEST(Engines, YinYangPerfectPlayIsKeptAsPlayer2AtFastClocks) {
  for (const std::string& tc : std::vector<std::string>{"st=0.01", "st=0.05", "tc=0.1+0.001"}) {
    for (const bool random : {true, false}) {
      std::vector<std::string> words{"-variant",        "yinyang",       "-engine",
                                     "name=book",       "cmd=" + kTriad, tc,
                                     "timemargin=3000", "-engine",       "name=opponent"};
      if (random) {
        words.push_back("cmd=builtin:random");
      } else {
        words.insert(words.end(), {"cmd=" + kTriad, "option.OwnBook=false", tc, "timemargin=3000"});
      }
      words.insert(words.end(), {"-games", std::to_string(kPerfectPlayGames), "-concurrency", "2"});
      const auto run = run_match(config_from(words));
      ASSERT_TRUE(run.ok) << run.error;
      ASSERT_EQ(run.finished.size(), static_cast<std::size_t>(kPerfectPlayGames));
      int as_player2 = 0;
      for (const auto& g : run.finished) {
        if (g.engine[1] != 0) continue;  // the book side played Player 1
        ++as_player2;
        EXPECT_EQ(g.result, engine::GameResult::kP2Win)
            << tc << (random ? " against random" : " against Triad without the book") << ", game "
            << g.number << " (" << g.termination << ")\n"
            << run.output;
      }
      EXPECT_EQ(as_player2, kPerfectPlayGames / 2) << tc;
    }
  }
}

TEST(Engines, MisbehavingEnginesAreAdjudicatedAndTheTournamentGoesOn) {
  TempDir dir("misbehaving");
  std::vector<std::string> words = {"-engine", "name=Triad", "cmd=" + kTriad};
  for (const auto& [name, mode] :
       std::vector<std::pair<std::string, std::string>>{{"Crash", "crash"},
                                                        {"Hang", "hang"},
                                                        {"Illegal", "illegal"},
                                                        {"Slow", "slow"},
                                                        {"Garbage", "garbage"},
                                                        {"None", "none"}}) {
    const auto group = misbehaving(name, mode, 2);
    words.insert(words.end(), group.begin(), group.end());
  }
  for (const std::string w :
       {"-each", "st=0.05", "timemargin=700", "-tournament", "gauntlet", "-variant", "yinyang",
        "-games", "2", "-concurrency", "2", "-handshaketimeout", "60000", "-ratinginterval", "0"})
    words.push_back(w);
  words.push_back("-pgnout");
  words.push_back((dir / "games.pgn").string());
  const auto run = run_match(config_from(words));
  ASSERT_TRUE(run.ok) << run.error;
  ASSERT_EQ(run.finished.size(), 12u) << run.output;

  // Expected termination per misbehaving engine; each must lose both its games, except the
  // garbage printer, whose junk lines are ignored (its games end normally).
  const std::map<std::string, std::string> expected = {
      {"Crash", "disconnect"},  {"Hang", "time forfeit"}, {"Illegal", "illegal move"},
      {"Slow", "time forfeit"}, {"Garbage", "normal"},    {"None", "illegal move"}};
  const auto records = parse_records(read_text(dir / "games.pgn"));
  ASSERT_EQ(records.size(), 12u);
  for (const auto& r : records) {
    testing::expect_valid_record(r);
    const bool first = r.tags.at("Player1") != "Triad";
    const std::string culprit = first ? r.tags.at("Player1") : r.tags.at("Player2");
    SCOPED_TRACE(culprit);
    EXPECT_EQ(r.tags.at("Termination"), expected.at(culprit)) << run.output;
    if (culprit != "Garbage") {
      EXPECT_EQ(r.result, first ? "0-1" : "1-0");
    }
  }
}

// An engine that never answers `isready` stalls; the handshake limit is short here, and
// long in the test above, where a loaded machine may start the relay script slowly.
TEST(Engines, AnEngineThatNeverGetsReadyStalls) {
  auto words = misbehaving("NoReady", "noready", 1);
  for (const std::string w : {"-engine", "name=R", "cmd=builtin:random", "-variant", "yinyang",
                              "-games", "2", "-handshaketimeout", "3000"})
    words.push_back(w);
  const auto run = run_match(config_from(words));
  ASSERT_TRUE(run.ok) << run.error;
  ASSERT_EQ(run.finished.size(), 2u);
  for (const auto& g : run.finished) {
    EXPECT_EQ(g.termination, "stalled connection");
    EXPECT_EQ(g.result, g.engine[0] == 0 ? engine::GameResult::kP2Win : engine::GameResult::kP1Win);
  }
}

TEST(Engines, NoRecoverStopsAfterACrash) {
  // Three rounds of two games; one round in a sanitizer build (the release run plays three).
  const int rounds = triad::testing::kSanitizedBuild ? 1 : 3;
  const std::string rounds_word = std::to_string(rounds);
  auto words = misbehaving("Crash", "crash", 1);
  // A generous margin: the crash must be seen as a disconnect, never as a slow answer.
  for (const std::string w :
       {"-engine", "name=R", "cmd=builtin:random", "-each", "st=0.05", "timemargin=2000",
        "-variant", "yinyang", "-games", "2", "-rounds", rounds_word.c_str(), "-norecover"})
    words.push_back(w);
  const auto run = run_match(config_from(words));
  ASSERT_TRUE(run.ok) << run.error;
  EXPECT_EQ(run.finished.size(), 1u);
  EXPECT_NE(run.stop_reason.find("-norecover"), std::string::npos);

  // With recovery (the default) the crashed engine is restarted for every game.
  words.pop_back();
  const auto recovered = run_match(config_from(words));
  ASSERT_TRUE(recovered.ok) << recovered.error;
  EXPECT_EQ(recovered.finished.size(), static_cast<std::size_t>(2 * rounds));
  for (const auto& g : recovered.finished) EXPECT_EQ(g.termination, "disconnect");
}

}  // namespace
}  // namespace triad::tournament
