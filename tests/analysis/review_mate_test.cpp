// Mates in the review are counted as the engine's UCI `score mate N` counts them (moves of the
// side that mates), signed from Player 1's point of view, with the plies beside them in
// "mate_plies"; the annotated record writes the same number (#+N / #-N). Each case compares
// the review's best-line score with the engine's own UCI answer for the same position at the
// same node limit.
#include <yaml-cpp/yaml.h>

#include <gtest/gtest.h>

#include "tests/analysis/analyse_support.h"
#include "tests/support/text_scan.h"

namespace triad::analysis::testing {
namespace {

const std::vector<std::string> kMateSettings = {"-nodes",           "3000",   "-engine",
                                                "option.Threads=1", "-quiet", "-review"};

// The last `score mate N` of the engine's best line (UCI) for `position` of Yin Yang at 3000
// nodes, with the options the review sets (MultiPV 2, UCI_ShowWDL, OwnBook off); `quit` is
// sent once the engine's `bestmove` is in its output.
int engine_mate(const std::string& position, const TempDir& dir) {
  write_text(dir / "uci.txt",
             "uci\nsetoption name Threads value 1\nsetoption name OwnBook value false\n"
             "setoption name UCI_ShowWDL value true\nsetoption name MultiPV value 2\n"
             "setoption name UCI_Variant value yinyang\nucinewgame\nposition fen " +
                 position + "\ngo nodes 3000\n");
  const std::string out = (dir / "uci.out").string();
  const std::string script = "{ cat '" + (dir / "uci.txt").string() +
                             "'; until grep -q bestmove '" + out +
                             "' 2>/dev/null; do sleep 0.1; done; echo quit; } | '" +
                             TRIAD_BINARY_DIR "/triad' > '" + out + "'";
  const auto r =
      tournament::testing::MatchProcess(
          tournament::testing::MatchProcess::FullCommand{{"/bin/sh", "-c", script}}, dir.path())
          .wait(std::chrono::seconds(60));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string text = read_text(out);
  const auto mates = triad::testing::scan_numbers(text, "multipv 1 score mate {}");
  EXPECT_FALSE(mates.empty()) << "the engine found no mate:\n" << text;
  return mates.empty() ? 0 : static_cast<int>(mates.back()[0]);
}

struct Case {
  std::string position, move;
  int player_one_sign;  // +1: Player 1 to move, -1: Player 2 (the score turns to Player 1's)
};

TEST(ReviewMate, TheReviewsMateIsTheEnginesUciMateInMovesFromPlayerOnesPointOfView) {
  const std::vector<Case> cases = {
      {"1L4/1DD3/2LLLL/LLLLDD/DDLLLD/D1LDDD 1 20", "b5a5", +1},   // Player 1 wins
      {"1L4/1LD3/1DLLLL/LLLLDD/DDLLLD/D1LDDD 2 21", "a3a4", -1},  // Player 2 wins
  };
  for (const auto& c : cases) {
    TempDir dir("review_mate");
    write_text(dir / "game.txt", c.position + " moves " + c.move + "\n");
    const auto r = run_analyse(
        with(kMateSettings, {"-variant", "yinyang", "-annotate", (dir / "annotated.pgn").string(),
                             (dir / "game.txt").string()}),
        dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const YAML::Node line = YAML::Load(lines_of(r.out).front());
    ASSERT_TRUE(line["before"]["mate"]) << r.out;
    const int moves = line["before"]["mate"].as<int>();
    const int plies = line["before"]["mate_plies"].as<int>();
    EXPECT_EQ(moves, c.player_one_sign * engine_mate(c.position, dir)) << r.out;
    // The side that mates makes the last ply: ceil(plies / 2) moves, the same sign.
    EXPECT_EQ(moves, plies > 0 ? (plies + 1) / 2 : -((1 - plies) / 2)) << r.out;
    // The annotated record's evaluation of the played move counts moves too.
    if (line["played"]["mate"]) {
      char text[32];
      std::snprintf(text, sizeof text, "#%+d", line["played"]["mate"].as<int>());
      EXPECT_NE(read_text(dir / "annotated.pgn").find(text), std::string::npos)
          << read_text(dir / "annotated.pgn");
    }
  }
}

}  // namespace
}  // namespace triad::analysis::testing
