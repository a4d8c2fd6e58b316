// triad-analyse's bad input: one clear error and exit status 2 before any analysis (input
// file, output, engine, settings), and engines that crash during the run (restarted and the
// position retried; an error line after the retries; the run stops when the engine fails
// on every position), leaving no engine process behind.
#include <signal.h>
#include <sys/stat.h>

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <thread>

#include <gtest/gtest.h>

#include "tests/analysis/analyse_support.h"

namespace triad::analysis::testing {
namespace {

const std::string kFlaky = TRIAD_SOURCE_DIR "/tests/analysis/engines/flaky.py";
const std::string kMisbehave = TRIAD_SOURCE_DIR "/tests/tournament/engines/misbehave.py";
const std::string kTriad = TRIAD_BINARY_DIR "/triad";

struct BadCase {
  std::vector<std::string> args;  // after the input file (in.txt) and -depth 1
  std::string message;            // part of the one error line
};

TEST(AnalyseErrors, BadSettingsAndFilesGiveOneClearErrorBeforeAnyAnalysis) {
  TempDir dir("analyse_bad");
  write_text(dir / "in.txt", "6/6/2DL2/2LD2/6/6 1 0\n");
  write_text(dir / "comments.txt", "# nothing\n\n");
  write_text(dir / "broken.pgn", "[Variant \"yinyang\"]\n\n1. c4b4 {never closed\n");
  ::mkfifo((dir / "fifo").c_str(), 0600);
  {
    std::ofstream(dir / "huge.txt").close();
    std::filesystem::resize_file(dir / "huge.txt", (std::uintmax_t{256} << 20) + 1);  // sparse
  }
  const auto d = [&dir](const std::string& f) { return (dir / f).string(); };
  const std::vector<BadCase> cases = {
      {{"-input", d("missing.txt")}, "missing.txt': cannot open it"},
      {{"-input", dir.path().string()}, "is a directory"},
      {{"-input", d("fifo")}, "not a regular file"},
      {{"-input", d("huge.txt")}, "larger than"},
      {{"-input", d("comments.txt")}, "holds no position"},
      {{"-input", d("broken.pgn")}, "unterminated comment"},
      {{"-output", d("no/such/folder/out.jsonl")}, "-output"},
      {{"-output", dir.path().string()}, "-output"},
      {{"-engine", "cmd=" + d("no-engine")}, "no-engine' does not exist"},
      {{"-engine", "cmd=builtin:random"}, "needs a UCI/UGI engine"},
      {{"-engine", "tc=10+0.1"}, "give the limit as -depth"},
      // A line break in an option would reach the engine as a command of its own.
      {{"-engine", "option.Hash=8\nsetoption name Debug Log File value " + d("log")},
       "contains a control character"},
      // Options the engine does not offer, or values outside their declaration, are refused
      // before the first position (a typo would otherwise be ignored by the engine).
      {{"-engine", "option.Threds=1"}, "-engine: the engine offers no option 'Threds'"},
      {{"-engine", "option.Hash=abc"}, "-engine: option 'Hash' takes a whole number from 1 to"},
      {{"-engine", "option.OwnBook=yes"}, "option 'OwnBook' takes true or false, not 'yes'"},
      {{"-multipv", "0"}, "-multipv '0' is outside 1..256"},
      // Every number is range-checked, in one wording (a negative -nodes once became 2^63-1).
      {{"-nodes=-9223372036854775809"}, "-nodes '-9223372036854775809' is outside 1.."},
      {{"-nodes=-1"}, "-nodes '-1' is outside 1.."},
      {{"-nodes", "99999999999999999999999"}, "-nodes '99999999999999999999999' is outside 1.."},
      {{"-multipv", "1x"}, "-multipv '1x' is not an integer"},
      {{"-movetime=-5"}, "-movetime '-5' is outside 1..86400000"},
      {{"-concurrency", "2147483648"}, "-concurrency '2147483648' is outside 1..1024"},
      {{"-chunk", "0"}, "-chunk '0' is outside 1..4096"},
      {{"-mpilease", "0"}, "-mpilease '0' is outside 1..3600"},
      {{"-timeout", "1e3"}, "-timeout '1e3' is not an integer"},
      {{"-retries", "11"}, "-retries '11' is outside 0..10"},
      {{"-output", "/dev/null"}, "not a regular file"},
      {{"-format", "pgn"}, "must be auto, positions or records"},
      {{"-resume"}, "-resume needs -output"},
      {{"-variant", "chess"}, "unknown variant 'chess'"},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"-depth", "1"};
    if (c.args[0] != "-variant") args.insert(args.end(), {"-variant", "yinyang"});
    if (c.args[0] != "-input") args.push_back(d("in.txt"));
    args.insert(args.end(), c.args.begin(), c.args.end());
    const auto r = run_analyse(args, dir.path());
    const std::string what = c.args.back();
    EXPECT_EQ(r.exit_code, 2) << what << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << what << "\n" << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    EXPECT_EQ(r.out, "") << what;
  }
  const auto no_limit = run_analyse({d("in.txt")}, dir.path());
  EXPECT_EQ(no_limit.exit_code, 2);
  EXPECT_NE(no_limit.err.find("no search limit"), std::string::npos) << no_limit.err;
}

// An output that is the input, or the other output, under any name (the same spelling,
// ./name, a symlink, a hard link) is refused before anything is read or written: the user's
// records once became JSON lines, and -annotate once replaced the -output it named.
TEST(AnalyseErrors, AnOutputThatIsTheInputOrTheOtherOutputIsRefusedAndLeftUntouched) {
  TempDir dir("analyse_same_file");
  const std::string record = "[Variant \"yinyang\"]\n\n1. c4b4 {a comment} c3d3 $2 *\n";
  write_text(dir / "g.pgn", record);
  write_text(dir / "r.jsonl", "{}\n");
  std::filesystem::create_symlink("g.pgn", dir / "link.pgn");
  std::filesystem::create_hard_link(dir / "g.pgn", dir / "hard.pgn");
  const auto d = [&dir](const std::string& f) { return (dir / f).string(); };
  const std::string dotted = (dir / "." / "g.pgn").string();
  const std::vector<std::vector<std::string>> cases = {
      {"-output", d("g.pgn")},
      {"-output", dotted},
      {"-output", d("link.pgn")},
      {"-output", d("hard.pgn")},
      {"-annotate", d("g.pgn")},
      {"-annotate", d("hard.pgn")},
      {"-output", d("r.jsonl"), "-annotate", (dir / "." / "r.jsonl").string()},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"-review", "-depth", "1", d("g.pgn")};
    args.insert(args.end(), c.begin(), c.end());
    const auto r = run_analyse(args, dir.path());
    EXPECT_EQ(r.exit_code, 2) << c[1] << "\n" << r.err;
    EXPECT_NE(r.err.find("is the same file as"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    EXPECT_EQ(read_text(dir / "g.pgn"), record) << c[1];
    EXPECT_EQ(read_text(dir / "r.jsonl"), "{}\n") << c[1];
  }
  // Plain analysis too.
  write_text(dir / "in.txt", "6/6/2DL2/2LD2/6/6 1 0\n");
  const auto plain = run_analyse({"-depth", "1", "-variant", "yinyang", d("in.txt"), "-output",
                                  (dir / "." / "in.txt").string()},
                                 dir.path());
  EXPECT_EQ(plain.exit_code, 2) << plain.err;
  EXPECT_EQ(read_text(dir / "in.txt"), "6/6/2DL2/2LD2/6/6 1 0\n");
}

// A form feed or a vertical tab in a record file is a blank; other control bytes are one
// error naming the record and the line. Either way triad-analyse ends (it once spun for ever).
TEST(AnalyseErrors, OddBytesInARecordFileNeitherHangNorPassSilently) {
  TempDir dir("analyse_odd_bytes");
  write_text(dir / "blanks.pgn", "[Variant \"razzledazzle\"]\n\n1. b1c3 \f c8d6 \v 1-0\n");
  const auto blanks = run_analyse({"-nodes", "100", "-quiet", (dir / "blanks.pgn").string()},
                                  dir.path(), std::chrono::seconds(30));
  ASSERT_FALSE(blanks.timed_out) << "a form feed hung triad-analyse";
  EXPECT_EQ(blanks.exit_code, 0) << blanks.err;
  EXPECT_EQ(lines_of(blanks.out).size(), 3u) << blanks.out;  // start, after b1c3, after c8d6
  write_text(dir / "binary.pgn", "[Variant \"razzledazzle\"]\n\n1. b1c3 \x01\x02 c8d6 1-0\n");
  const auto binary = run_analyse({"-nodes", "100", "-quiet", (dir / "binary.pgn").string()},
                                  dir.path(), std::chrono::seconds(30));
  ASSERT_FALSE(binary.timed_out) << "binary bytes hung triad-analyse";
  EXPECT_EQ(binary.exit_code, 2);
  EXPECT_NE(binary.err.find("record 1 (line 1): byte 0x01 on line 3 is not text"),
            std::string::npos)
      << binary.err;
  EXPECT_EQ(binary.err.find('\n'), binary.err.size() - 1) << "one line: " << binary.err;
}

// Whether `pid` is a running process (not gone, not a zombie).
bool running(int pid) {
  const std::string status = read_text("/proc/" + std::to_string(pid) + "/status");
  return !status.empty() && status.find("State:\tZ") == std::string::npos;
}

// No process listed in `pids_file` ("<pid> <pid>" lines) is still running.
void expect_all_ended(const std::filesystem::path& pids_file) {
  std::ifstream in(pids_file);
  int count = 0;
  for (int pid; in >> pid; ++count) {
    // A killed process group may take a moment to go.
    for (int i = 0; i < 50 && running(pid); ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    EXPECT_FALSE(running(pid)) << "engine process " << pid << " outlived triad-analyse";
  }
  EXPECT_GT(count, 0);
}

TEST(AnalyseErrors, ACrashedEngineIsRestartedAndThePositionTriedAgain) {
  TempDir dir("analyse_crash");
  // Three positions; the engine crashes once at the first `go`, and always on the second
  // position (recognised by its board, which no other position has).
  const auto input = positions("yinyang", 3);
  write_text(dir / "in.txt", input[0] + "\n" + input[1] + "\n" + input[2] + "\n");
  const std::string board = input[1].substr(0, input[1].find(' '));
  const auto r = run_analyse(
      {"-variant", "yinyang", "-depth", "2", "-retries", "1", "-quiet", (dir / "in.txt").string(),
       "-engine", "cmd=/usr/bin/python3", "arg=" + kFlaky, "arg=" + kTriad,
       "arg=" + (dir / "crashed").string(), "arg=" + board, "arg=" + (dir / "pids").string()},
      dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir / "crashed"));  // it did crash once
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), 3u) << r.out;
  EXPECT_EQ(check_moves(r.out, 1), 2);  // the first (on the second attempt) and the third
  const YAML::Node failed = YAML::Load(out[1]);
  EXPECT_EQ(failed["position"].as<std::string>(), input[1]);
  EXPECT_NE(
      failed["error"].as<std::string>().find("the engine failed on this position (attempts: 2)"),
      std::string::npos)
      << out[1];
  expect_all_ended(dir / "pids");
}

TEST(AnalyseErrors, AnEngineThatFailsOnEveryPositionStopsTheRun) {
  TempDir dir("analyse_always_crash");
  write_text(dir / "in.txt", [] {
    std::string text;
    for (const auto& p : positions("yinyang", 6)) text += p + "\n";
    return text;
  }());
  const auto r =
      run_analyse({"-variant", "yinyang", "-depth", "2", "-retries", "0", "-quiet",
                   (dir / "in.txt").string(), "-output", (dir / "out.jsonl").string(), "-engine",
                   "cmd=/usr/bin/python3", "arg=" + kMisbehave, "arg=" + kTriad, "arg=crash",
                   "arg=1", "arg=" + (dir / "pids").string()},
                  dir.path());
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("the engine failed on 3 positions in a row"), std::string::npos) << r.err;
  // The third position's line is never written: the message itself says what went wrong.
  EXPECT_NE(r.err.find("at input line 3: the engine failed on this position (attempts: 1); last "
                       "error: "),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("output line"), std::string::npos) << r.err;
  // The positions before the third failure are written (as error lines); -resume would
  // start again at the third.
  const auto out = lines_of(read_text(dir / "out.jsonl"));
  ASSERT_EQ(out.size(), 2u);
  for (const auto& line : out)
    EXPECT_NE(line.find("\"error\":\"the engine failed on this position (attempts: 1)"),
              std::string::npos)
        << line;
  expect_all_ended(dir / "pids");
}

// An engine whose answer breaks the rules or does not fit gets an error line for that
// position, never an analysis: an illegal bestmove, an illegal move in a PV, a score beyond
// 32 bits (once recorded as 1215752191). The run goes on (exit status 0).
TEST(AnalyseErrors, AnAnswerThatBreaksTheRulesIsAnErrorLineNotAnAnalysis) {
  TempDir dir("analyse_refused");
  const auto input = positions("yinyang", 2);
  write_text(dir / "in.txt", input[0] + "\n" + input[1] + "\n");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"illegal", "the engine's bestmove 'a9z0' is not a legal move in this position"},
      {"illegalpv", "the engine's pv of line 1 is illegal at move 1: move 'a9z0'"},
      {"hugescore",
       "the engine's info line could not be read: score cp '99999999999' is outside "
       "-1000000000..1000000000"},
  };
  for (const auto& [mode, message] : cases) {
    const auto out = dir / (mode + ".jsonl");
    const auto r =
        run_analyse({"-variant", "yinyang", "-depth", "2", "-quiet", (dir / "in.txt").string(),
                     "-output", out.string(), "-engine", "cmd=/usr/bin/python3",
                     "arg=" + kMisbehave, "arg=" + kTriad, "arg=" + mode, "arg=1"},
                    dir.path());
    EXPECT_EQ(r.exit_code, 0) << mode << ": " << r.err;
    const auto lines = lines_of(read_text(out));
    ASSERT_EQ(lines.size(), 2u) << mode;
    for (const auto& text : lines) {
      const YAML::Node line = YAML::Load(text);
      EXPECT_FALSE(line["bestmove"]) << text;
      EXPECT_FALSE(line["lines"]) << text;
      ASSERT_TRUE(line["error"]) << text;
      EXPECT_NE(line["error"].as<std::string>().find(message), std::string::npos) << text;
    }
  }
}

// An input move the rules refuse is named once: "ply 1: move 'zz9': ...", not "move
// 'zz9': move 'zz9': ...".
TEST(AnalyseErrors, AnIllegalInputMoveIsNamedOnce) {
  TempDir dir("analyse_prefix");
  write_text(dir / "in.txt", "6/6/2DL2/2LD2/6/6 1 0 moves zz9\n");
  const auto r = run_analyse(
      {"-variant", "yinyang", "-depth", "1", "-quiet", (dir / "in.txt").string()}, dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("line 1: ply 1: move 'zz9': "), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("'zz9': move 'zz9'"), std::string::npos) << r.err;
  const YAML::Node line = YAML::Load(r.out);
  EXPECT_EQ(line["error"].as<std::string>().rfind("ply 1: move 'zz9': ", 0), 0u) << r.out;
}

}  // namespace
}  // namespace triad::analysis::testing
