// triad-match as a process: bad settings and unusable outputs end with one clear error and
// exit code 2 before the first game; outputs are replaced safely.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "runner/output_files.h"
#include "tests/support/sanitizer.h"
#include "tests/tournament/process_support.h"

namespace triad::tournament {
namespace {

using testing::read_text;
using testing::run_triad_match;
using testing::TempDir;

// Two built-in players in a short Yin Yang match, plus `extra` words.
std::vector<std::string> match_args(std::vector<std::string> extra) {
  std::vector<std::string> args = {"-engine",  "name=A",  "cmd=builtin:random",
                                   "-engine",  "name=B",  "cmd=builtin:random",
                                   "-variant", "yinyang", "-games",
                                   "2"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

// One error line on stderr containing `needle`, exit code 2, and no game started.
void expect_refused(const testing::ProcessResult& r, const std::string& needle) {
  ASSERT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("Started game"), std::string::npos) << r.out;
  EXPECT_EQ(r.err.find("terminate called"), std::string::npos) << r.err;
}

TEST(Cli, ASmallMatchRunsAndExitsWithZero) {
  TempDir dir("cli_ok");
  const auto r = run_triad_match(match_args({"-jsonout", (dir / "s.json").string()}), dir.path());
  ASSERT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Finished match"), std::string::npos);
  EXPECT_NE(read_text(dir / "s.json").find("\"games_played\":2"), std::string::npos);
}

TEST(Cli, HugeConcurrencyIsRefused) {
  TempDir dir("cli_concurrency");
  expect_refused(run_triad_match(match_args({"-concurrency", "100000"}), dir.path()),
                 "-concurrency '100000' is outside 1..1024");
}

TEST(Cli, OutOfRangeNumbersAreRefused) {
  TempDir dir("cli_numbers");
  // One wording for every number, as in every program (runner::parse_int).
  expect_refused(run_triad_match(match_args({"-games", "99999999999999999999"}), dir.path()),
                 "-games '99999999999999999999' is outside 1..2147483647");
  expect_refused(run_triad_match(match_args({"-games", "0"}), dir.path()),
                 "-games '0' is outside 1..2147483647");
  expect_refused(run_triad_match(match_args({"-games", "two"}), dir.path()),
                 "-games 'two' is not an integer");
  expect_refused(run_triad_match(match_args({"-movetimeout", "9223372036854775807"}), dir.path()),
                 "-movetimeout '9223372036854775807' is outside 1..2592000000");
  expect_refused(run_triad_match(match_args({"-each", "tc=1e300"}), dir.path()),
                 "above the maximum of 30 days");
}

TEST(Cli, ResumeFileThatIsAFolderIsRefused) {
  TempDir dir("cli_resume_dir");
  std::filesystem::create_directories(dir / "state");
  expect_refused(run_triad_match(match_args({"-resume", (dir / "state").string()}), dir.path()),
                 "is a folder");
}

TEST(Cli, JsonOutputThatIsAFolderIsRefusedAndNothingIsCreatedBesideIt) {
  TempDir dir("cli_json_dir");
  std::filesystem::create_directories(dir / "out");
  expect_refused(run_triad_match(match_args({"-jsonout", (dir / "out").string()}), dir.path()),
                 "is a folder");
  EXPECT_FALSE(std::filesystem::exists(dir / "out.tmp"));
}

TEST(Cli, UnwritableOutputsAreFoundBeforeTheFirstGame) {
  TempDir dir("cli_outputs");
  const std::string missing = (dir / "no" / "such" / "folder").string();
  expect_refused(run_triad_match(match_args({"-pgnout", missing + "/games.pgn"}), dir.path()),
                 "-pgnout");
  expect_refused(run_triad_match(match_args({"-jsonout", missing + "/s.json"}), dir.path()),
                 "does not exist");
  expect_refused(run_triad_match(match_args({"-resume", missing + "/state.json"}), dir.path()),
                 "does not exist");
  std::ofstream(dir / "plain") << "a file, not a folder\n";
  expect_refused(run_triad_match(match_args({"-log", (dir / "plain").string()}), dir.path()),
                 "-log");
}

TEST(Cli, AnOutputThatIsTheOpeningsFileOrAnotherOutputIsRefusedAndLeftUntouched) {
  TempDir dir("cli_same_file");
  const std::string opening = "6/6/2DL2/2LD2/6/6 1 0\n";
  std::ofstream(dir / "op.txt") << opening;
  std::filesystem::create_symlink("op.txt", dir / "link.txt");
  const std::string openings = "file=" + (dir / "op.txt").string();
  const std::string dotted = (dir / "." / "op.txt").string();
  expect_refused(
      run_triad_match(match_args({"-openings", openings, "-pgnout", dotted}), dir.path()),
      "is the same file as the openings file");
  expect_refused(
      run_triad_match(match_args({"-openings", openings, "-jsonout", (dir / "link.txt").string()}),
                      dir.path()),
      "is the same file as the openings file");
  EXPECT_EQ(read_text(dir / "op.txt"), opening);
  expect_refused(run_triad_match(match_args({"-pgnout", (dir / "g.pgn").string(), "-resume",
                                             (dir / "." / "g.pgn").string()}),
                                 dir.path()),
                 "is the same file as -pgnout");
}

TEST(Cli, ARefusedRunLeavesNoNewRecordFile) {
  // -pgnout is tried before the endgame tables are opened; a refusal after that must not
  // leave an empty record file where there was none.
  TempDir dir("cli_refused_pgnout");
  const auto pgn = dir / "games.pgn";
  expect_refused(run_triad_match({"-engine", "name=A", "cmd=builtin:random", "-engine", "name=B",
                                  "cmd=builtin:random", "-variant", "ivesdama", "-games", "2",
                                  "-tb", (dir / "no-tables").string(), "-pgnout", pgn.string()},
                                 dir.path()),
                 "-tb");
  EXPECT_FALSE(std::filesystem::exists(pgn));
}

TEST(Cli, AnOpeningsFileWithAByteOrderMarkIsRead) {
  TempDir dir("cli_openings_bom");
  std::ofstream(dir / "op.txt") << "\xEF\xBB\xBF"
                                << "6/6/2DL2/2LD2/6/6 1 0\n";
  const auto r =
      run_triad_match(match_args({"-openings", "file=" + (dir / "op.txt").string()}), dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Finished match"), std::string::npos) << r.out;
}

TEST(Cli, ControlCharactersInNamesAndOptionsAreRefused) {
  TempDir dir("cli_control");
  // A line break in an option value would send the engine a command of its own.
  expect_refused(run_triad_match(match_args({"-each", "option.Hash=8\ngo infinite"}), dir.path()),
                 "control character");
  expect_refused(run_triad_match(match_args({"-event", "a\nb"}), dir.path()), "control character");
}

TEST(Cli, OptionsTheEngineDoesNotOfferOrValuesOutsideTheirRangeAreRefused) {
  TempDir dir("cli_options");
  const std::string triad = TRIAD_BINARY_DIR "/triad";
  const auto with = [&triad](const std::string& option) {
    return std::vector<std::string>{
        "-engine",  "name=T",  "cmd=" + triad, option, "-engine", "name=R",  "cmd=builtin:random",
        "-variant", "yinyang", "-games",       "2",    "-each",   "nodes=50"};
  };
  expect_refused(run_triad_match(with("option.Threds=1"), dir.path()),
                 "engine 'T': the engine offers no option 'Threds'");
  expect_refused(run_triad_match(with("option.Skill Level=25"), dir.path()),
                 "engine 'T': option 'Skill Level' takes a whole number from 0 to 20, not '25'");
  const auto r = run_triad_match(with("option.threads=1"), dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

TEST(Cli, OpeningsFileThatIsNotARegularFileIsRefused) {
  TempDir dir("cli_openings");
  expect_refused(run_triad_match(match_args({"-openings", "file=/dev/zero"}), dir.path()),
                 "not a regular file");
  expect_refused(
      run_triad_match(match_args({"-openings", "file=" + (dir / "none.txt").string()}), dir.path()),
      "does not exist");
}

TEST(Cli, AHugePlannedScheduleStartsAtOnceInSmallMemory) {
  if (triad::testing::kSanitizedBuild)
    GTEST_SKIP() << "a sanitizer's shadow memory does not fit an address-space limit; the "
                    "release suite runs this test";
  // The schedule used to be built up front, ~170 bytes per game (34 GB and 340 GB here).
  // Now the run must start and play within a 2 GiB address space; the SPRT ends it early.
  TempDir dir("cli_huge");
  const std::vector<std::pair<std::vector<std::string>, std::string>> sizes = {
      {{"-rounds", "100000000", "-games", "2"}, "200000000"},
      {{"-games", "2000000000", "-rounds", "1000"}, "2000000000000"}};
  for (const auto& [size, scheduled] : sizes) {
    std::vector<std::string> args = {"-engine",
                                     "name=G",
                                     "cmd=builtin:greedy",
                                     "-engine",
                                     "name=R",
                                     "cmd=builtin:random",
                                     "-variant",
                                     "yinyang",
                                     "-repeat",
                                     "-ratinginterval",
                                     "0",
                                     "-sprt",
                                     "elo0=0",
                                     "elo1=200",
                                     "-jsonout",
                                     (dir / "s.json").string(),
                                     "-resume",
                                     (dir / "state.json").string()};
    args.insert(args.end(), size.begin(), size.end());
    std::filesystem::remove(dir / "state.json");
    const auto r = testing::run_triad_match(args, dir.path(), std::chrono::seconds(120),
                                            /*address_space_kib=*/2L * 1024 * 1024);
    ASSERT_FALSE(r.timed_out);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const std::string summary = read_text(dir / "s.json");
    EXPECT_NE(summary.find("\"games_scheduled\":" + scheduled + ","), std::string::npos) << summary;
    EXPECT_NE(summary.find("\"stopped_early\":\"SPRT: H1 accepted\""), std::string::npos)
        << summary;
    // The resume state holds counts, not a list of games: it stays small.
    EXPECT_LT(std::filesystem::file_size(dir / "state.json"), 2000u);
  }
}

TEST(OutputFiles, APlantedSymlinkIsNeverFollowed) {
  TempDir dir("atomic_symlink");
  std::ofstream(dir / "victim") << "precious\n";
  // The old fixed temporary name, planted as a symlink to another file.
  std::filesystem::create_symlink(dir / "victim", dir / "state.json.tmp");
  ASSERT_TRUE(runner::write_file_atomically(dir / "state.json", "{}\n"));
  EXPECT_EQ(read_text(dir / "victim"), "precious\n");
  EXPECT_EQ(read_text(dir / "state.json"), "{}\n");
  // Only the target and the planted files are left: no temporary behind.
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    (void)entry;
    ++files;
  }
  EXPECT_EQ(files, 3);
}

TEST(OutputFiles, AFolderTargetIsRefused) {
  TempDir dir("atomic_folder");
  auto r = runner::write_file_atomically(dir.path(), "{}\n");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("is a folder"), std::string::npos);
}

}  // namespace
}  // namespace triad::tournament
