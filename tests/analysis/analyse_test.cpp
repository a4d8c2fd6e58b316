// triad-analyse on one machine with the triad engine: the JSON lines (every best move and
// PV legal by the game core), every position of game records, input order kept with
// several engines, -resume after a kill that cut the last line, and Triad's own book off.
#include <yaml-cpp/yaml.h>

#include <algorithm>

#include <gtest/gtest.h>

#include "adapters/yinyang/notation.h"
#include "adapters/yinyang/perfect_book.h"
#include "tests/analysis/analyse_support.h"

namespace triad::analysis::testing {
namespace {

// Deterministic settings: a node limit, one search thread.
const std::vector<std::string> kDeterministic = {"-nodes", "3000", "-engine", "option.Threads=1",
                                                 "-quiet"};

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

TEST(Analyse, PositionLinesGiveOneJsonLineEachWithLegalMovesAndPvs) {
  TempDir dir("analyse_lines");
  const auto input = positions("yinyang", 6);
  // Comments and blank lines are skipped; a malformed line gets an error line of its own.
  write_text(dir / "in.txt",
             "# six positions and a bad line\n\n" + joined(input) + "6/6/2DL2/2LD2/6 1 0\n");
  const auto r = run_analyse(
      with(kDeterministic, {"-variant", "yinyang", "-multipv", "3", (dir / "in.txt").string()}),
      dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), 7u) << r.out;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const YAML::Node line = YAML::Load(out[i]);
    EXPECT_EQ(line["index"].as<std::size_t>(), i);
    EXPECT_EQ(line["line"].as<std::size_t>(), i + 3);  // after the comment and the blank line
    if (i < input.size()) {
      EXPECT_EQ(line["position"].as<std::string>(), input[i]);
      EXPECT_EQ(line["variant"].as<std::string>(), "yinyang");
      EXPECT_FALSE(line["error"]) << out[i];
    }
  }
  EXPECT_EQ(check_moves(r.out, 3), 6);
  const YAML::Node bad = YAML::Load(out[6]);
  EXPECT_NE(bad["error"].as<std::string>().find("6 ranks"), std::string::npos) << out[6];
  EXPECT_NE(r.err.find("line 9: "), std::string::npos) << r.err;  // said on stderr too
}

TEST(Analyse, AnEnginesOwnBookIsTurnedOffUnlessTheUserAsksForIt) {
  TempDir dir("analyse_book");
  // A position of Triad's built-in Yin Yang book, where OwnBook answers at depth 0.
  namespace yb = adapters::yinyang;
  const games::yinyang::Game g;
  const yb::ProofTable* table = yb::perfect_play_table();
  ASSERT_TRUE(table && table->size() > 0);
  write_text(dir / "in.txt",
             adapters::Notation<games::yinyang::Game>::format_position(g, table->at(0).pos) + "\n");
  for (const bool book : {false, true}) {
    auto args = with(kDeterministic, {"-variant", "yinyang", (dir / "in.txt").string()});
    if (book) args.insert(args.end(), {"-engine", "option.OwnBook=true"});
    const auto r = run_analyse(args, dir.path());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const YAML::Node line = YAML::Load(lines_of(r.out).at(0));
    if (book)
      EXPECT_EQ(line["depth"].as<int>(), 0) << r.out;  // the book's answer
    else
      EXPECT_GE(line["depth"].as<int>(), 1) << r.out;  // a search
  }
}

TEST(Analyse, GameRecordsGiveEveryPositionOfEveryGame) {
  TempDir dir("analyse_records");
  const auto match = tournament::testing::run_triad_match(
      {"-engine", "name=A", "cmd=builtin:random", "-engine", "name=B", "cmd=builtin:random",
       "-variant", "yinyang", "-games", "2", "-seed", "5", "-pgnout", (dir / "games.pgn").string(),
       "-ratinginterval", "0"},
      dir.path());
  ASSERT_EQ(match.exit_code, 0) << match.err;
  const auto r = run_analyse({"-depth", "2", "-quiet", (dir / "games.pgn").string(), "-output",
                              (dir / "out.jsonl").string()},
                             dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string records = read_text(dir / "games.pgn");
  const auto plies = lines_of(records, "[PlyCount ");
  const auto results = lines_of(records, "[Result ");
  ASSERT_EQ(plies.size(), 2u);
  const std::string output = read_text(dir / "out.jsonl");
  const auto out = lines_of(output);
  std::size_t at = 0;
  const auto registry = adapters::VariantRegistry::builtin();
  for (int game = 1; game <= 2; ++game) {
    // [PlyCount "N"]
    const int count = std::stoi(plies[game - 1].substr(11));
    auto made = registry.create("yinyang");
    auto replay = std::move(*made);
    for (int ply = 0; ply <= count; ++ply, ++at) {
      ASSERT_LT(at, out.size());
      const YAML::Node line = YAML::Load(out[at]);
      EXPECT_EQ(line["index"].as<std::size_t>(), at);
      EXPECT_EQ(line["game"].as<int>(), game);
      EXPECT_EQ(line["ply"].as<int>(), ply);
      EXPECT_EQ(line["position"].as<std::string>(), replay->position_line()) << out[at];
      if (ply < count) {
        ASSERT_TRUE(line["played"]) << out[at];
        ASSERT_TRUE(replay->play(line["played"].as<std::string>()));
      } else {  // the final position: the game is over, and its result is the record's
        EXPECT_TRUE(line["gameover"].as<bool>()) << out[at];
        EXPECT_NE(results[game - 1].find(line["result"].as<std::string>()), std::string::npos);
      }
    }
  }
  EXPECT_EQ(at, out.size());
  EXPECT_EQ(check_moves(output, 1), static_cast<int>(out.size()) - 2);
}

TEST(Analyse, SeveralEnginesKeepTheInputOrderAndTheAnalysis) {
  TempDir dir("analyse_concurrency");
  write_text(dir / "in.txt", joined(positions("razzledazzle", 10)));
  const auto input = (dir / "in.txt").string();
  const auto one = run_analyse(with(kDeterministic, {input}), dir.path());
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto three = run_analyse(with(kDeterministic, {input, "-concurrency", "3"}), dir.path());
  ASSERT_EQ(three.exit_code, 0) << three.err;
  EXPECT_EQ(lines_of(three.out).size(), 10u);
  EXPECT_EQ(without_times(three.out), without_times(one.out));
  EXPECT_EQ(check_moves(three.out, 1), 10);
}

TEST(Analyse, ResumeKeepsTheWrittenLinesAndRemovesACutOffOne) {
  TempDir dir("analyse_resume");
  write_text(dir / "in.txt", joined(positions("razzledazzle", 7)));
  const auto input = (dir / "in.txt").string();
  const auto output = (dir / "out.jsonl").string();
  const auto full = run_analyse(with(kDeterministic, {input, "-output", output}), dir.path());
  ASSERT_EQ(full.exit_code, 0) << full.err;
  const std::string complete = read_text(output);
  const auto lines = lines_of(complete);
  ASSERT_EQ(lines.size(), 7u);
  // As a kill leaves it: three whole lines and part of the fourth.
  write_text(output, lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n" + lines[3].substr(0, 30));
  const auto resumed =
      run_analyse(with(kDeterministic, {input, "-output", output, "-resume"}), dir.path());
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(without_times(read_text(output)), without_times(complete));
  EXPECT_NE(resumed.err.find("7 of 7 positions written (4 in"), std::string::npos) << resumed.err;
  // The first three lines were kept as they were (not analysed again).
  EXPECT_EQ(read_text(output).substr(0, lines[0].size() + lines[1].size() + lines[2].size() + 3),
            lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n");
  // Finished: resuming again analyses nothing.
  const auto again =
      run_analyse(with(kDeterministic, {input, "-output", output, "-resume"}), dir.path());
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("7 of 7 positions written (0 in"), std::string::npos) << again.err;
  // An output of another input is refused, and left alone.
  auto reversed = positions("razzledazzle", 7);
  std::reverse(reversed.begin(), reversed.end());
  write_text(dir / "other.txt", joined(reversed));
  const auto other = run_analyse(
      with(kDeterministic, {(dir / "other.txt").string(), "-output", output, "-resume"}),
      dir.path());
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.err.find("is not the analysis of input position 0"), std::string::npos)
      << other.err;
  EXPECT_EQ(without_times(read_text(output)), without_times(complete));
}

}  // namespace
}  // namespace triad::analysis::testing
