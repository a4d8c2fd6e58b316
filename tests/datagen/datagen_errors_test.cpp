// triad-datagen's refusals: bad flags, outputs that are not regular files, foreign,
// truncated or other-version data files and a resume with other settings each get one
// clear error and exit status 2, and leave the file as it was; the C++ reader refuses the
// same files.
#include "tests/datagen/datagen_support.h"
#include "tests/support/sanitizer.h"

namespace triad::datagen::testing {
namespace {

TEST(DatagenErrors, BadFlagsGetOneClearError) {
  TempDir dir("datagen_flags");
  const std::string out = (dir / "out.bin").string();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"-output", out}, "no -games N"},
      {{"-games", "2"}, "no -output FILE"},
      {{"-games", "0", "-output", out}, "-games '0' is outside 1..4294967296"},
      {{"-games", "two", "-output", out}, "-games 'two' is not an integer"},
      {{"-games", "2", "-nodes", "-5", "-output", out}, "-nodes '-5' is outside"},
      {{"-games", "2", "-randomplies", "1e3", "-output", out}, "-randomplies '1e3' is not an"},
      {{"-games", "2", "-concurrency", "2000", "-output", out}, "-concurrency '2000' is outside"},
      {{"-games", "2", "-randommoves", "101", "-output", out},
       "-randommoves '101' is outside 0..100"},
      {{"-games", "2", "-frobnicate", "-output", out}, "unrecognised option"},
      {{"-games", "2", "-output", out, "extra"}, "too many positional options"},
      {{"-games", "2", "-variant", "chess", "-output", out},
       "-variant: unknown variant 'chess' (known: "},
      {{"-games", "2", "-openings", (dir / "none.txt").string(), "-output", out}, "does not exist"},
      {{"-games", "2", "-output", dir.path().string()}, "is a folder"},
      {{"-games", "2", "-output", "/dev/null"}, "is not a regular file"},
      // Yin Yang's board is full before 40 plies: no game can be played.
      {{"-games", "2", "-variant", "yinyang", "-randomplies", "40", "-output", out},
       "-randomplies 40: no sequence of 40 random plies that keeps the game going was found"},
  };
  for (const auto& [args, expected] : cases) {
    SCOPED_TRACE(expected);
    expect_refused(run_datagen(args, dir.path()), expected);
  }
  EXPECT_FALSE(std::filesystem::exists(out)) << "nothing written for a refused command line";
  const auto help = run_datagen({"-help"}, dir.path());
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("-randomplies"), std::string::npos) << help.out;
}

// The files a run must not continue: refused by the program and by the reader, unchanged.
TEST(DatagenErrors, ForeignTruncatedAndOtherVersionFilesAreRefused) {
  TempDir dir("datagen_files");
  const auto good = dir / "good.bin";
  const auto r =
      run_datagen({"-games", "2", "-nodes", "500", "-quiet", "-output", good.string()}, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string bytes = read_text(good);
  const auto data = adapters::nnue::read_data_file(good);
  ASSERT_TRUE(data);
  ASSERT_GT(data->header.records, 2u);
  std::string version3 = bytes;
  version3[8] = 3;
  std::string version0 = bytes;
  version0[8] = 0;
  std::string damaged = bytes;
  damaged[16] = 9;  // record bytes that do not fit the board
  // A record count of 2^63: times the record bytes it wraps around 2^64 to a few bytes.
  std::string huge_count = bytes;
  for (int i = 120; i < 127; ++i) huge_count[i] = '\0';
  huge_count[127] = '\x80';
  std::string huge_games = bytes;  // 2^63 games, which the scheduler would take as negative
  for (int i = 112; i < 119; ++i) huge_games[i] = '\0';
  huge_games[119] = '\x80';
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"a text file\n", "is not a triad-datagen data file"},
      {bytes.substr(0, 50), "is cut off inside its header (50 of 128 bytes)"},
      {version3,
       "has data format version 3; Triad reads versions 1 to 2 and writes "
       "version 2"},
      {version0, "has data format version 0"},
      {damaged, "has a damaged header"},
      {bytes.substr(0, bytes.size() - data->header.record_bytes() - 3), "is truncated"},
      {huge_count, "is truncated: its header counts 9223372036854775808 records, " +
                       std::to_string(data->header.records) + " are there"},
      {huge_games,
       "has a damaged header (it counts 9223372036854775808 games; a run has at most "
       "4294967296)"},
  };
  int n = 0;
  for (const auto& [content, expected] : cases) {
    SCOPED_TRACE(expected);
    const auto file = dir / ("bad" + std::to_string(++n) + ".bin");
    write_bytes(file, content);
    expect_refused(run_datagen({"-games", "2", "-nodes", "500", "-quiet", "-output", file.string()},
                               dir.path()),
                   expected);
    EXPECT_EQ(read_text(file), content) << "the file is left as it was";
    const auto read = adapters::nnue::read_data_file(file);
    ASSERT_FALSE(read);
    EXPECT_NE(read.error().message.find(expected), std::string::npos) << read.error().message;
  }
}

TEST(DatagenErrors, AResumeWithOtherSettingsIsRefused) {
  TempDir dir("datagen_other_settings");
  const auto file = dir / "data.bin";
  const std::vector<std::string> base = {"-games", "2", "-quiet", "-output", file.string()};
  auto with = [&base](const std::vector<std::string>& more) {
    auto words = base;
    words.insert(words.end(), more.begin(), more.end());
    return words;
  };
  ASSERT_EQ(run_datagen(with({"-nodes", "500"}), dir.path()).exit_code, 0);
  const std::string before = read_text(file);
  expect_refused(run_datagen(with({"-nodes", "600"}), dir.path()),
                 "holds data made with other settings (-nodes 500 in the file, 600 here)");
  expect_refused(run_datagen(with({"-nodes", "500", "-seed", "3"}), dir.path()),
                 "(-seed 1 in the file, 3 here)");
  expect_refused(run_datagen(with({"-nodes", "500", "-variant", "ivesdama"}), dir.path()),
                 "(variant razzledazzle in the file, ivesdama here)");
  expect_refused(run_datagen(with({"-nodes", "500", "-randommoves", "5"}), dir.path()),
                 "(-randommoves 0 in the file, 5 here)");
  EXPECT_EQ(read_text(file), before);
}

// triad-datagen `args` in an address space of `kib` KiB.
ProcessResult run_datagen_in(long kib, const std::vector<std::string>& args,
                             const std::filesystem::path& dir) {
  std::vector<std::string> words = {"/bin/sh", "-c",
                                    "ulimit -v " + std::to_string(kib) + " && exec \"$0\" \"$@\"",
                                    kTriadDatagen};
  words.insert(words.end(), args.begin(), args.end());
  return run_command(words, dir);
}

// Game slots are made before the first game, each with an engine and its tables: no more
// than the games left (two games at -concurrency 1024 make two), and more than the machine
// holds are refused before anything is written.
TEST(DatagenErrors, NoSlotBeyondTheGamesAndTooManyForTheMachineAreRefused) {
  if (triad::testing::kSanitizedBuild)
    GTEST_SKIP() << "a sanitizer's shadow memory does not fit an address-space limit; the "
                    "release suite runs this test";
  TempDir dir("datagen_slots");
  const auto two = dir / "two.bin";
  constexpr long kKib = 1024 * 1024;  // 1 GiB: about a hundred slots of 1 MB tables
  const auto r = run_datagen_in(kKib,
                                {"-games", "2", "-concurrency", "1024", "-hash", "1", "-nodes",
                                 "300", "-quiet", "-output", two.string()},
                                dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto data = adapters::nnue::read_data_file(two);
  ASSERT_TRUE(data) << data.error().message;
  EXPECT_EQ(data->header.games, 2u);

  const auto many = dir / "many.bin";
  expect_refused(run_datagen_in(kKib,
                                {"-games", "5000", "-concurrency", "1024", "-hash", "1", "-nodes",
                                 "300", "-quiet", "-output", many.string()},
                                dir.path()),
                 " of 1024: ");
  EXPECT_FALSE(std::filesystem::exists(many)) << "nothing written";
}

}  // namespace
}  // namespace triad::datagen::testing
