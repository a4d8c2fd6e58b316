// triad-analyse -mpi under mpirun (3 ranks: rank 0 reads, schedules and writes, ranks 1 and
// 2 run the engines): the same output as the one-machine run for deterministic settings,
// and the errors that must end every rank cleanly.
#include <gtest/gtest.h>

#include "tests/analysis/analyse_support.h"
#include "tests/cluster/mpi_support.h"

namespace triad::analysis::testing {
namespace {

using tournament::testing::mpirun_words;
using tournament::testing::processes_mentioning;
using tournament::testing::run_job;

tournament::testing::ProcessResult run_mpi_analyse(int ranks, const std::vector<std::string>& args,
                                                   const std::filesystem::path& dir) {
  auto words = mpirun_words(ranks);
  words.push_back(kTriadAnalyse);
  words.push_back("-mpi");
  words.insert(words.end(), args.begin(), args.end());
  static int runs = 0;  // each job's stdout/stderr files in a folder of their own
  const auto folder = dir / ("job" + std::to_string(++runs));
  std::filesystem::create_directories(folder);
  return run_job(words, folder);
}

TEST(MpiAnalyse, WritesExactlyTheOutputOfTheLocalRun) {
  TempDir dir("mpi_analyse_same");
  std::string text;
  for (const auto& p : positions("yinyang", 14)) text += p + "\n";
  write_text(dir / "in.txt", text + "not a position\n");
  // The engine under a name of its own, to look for leftover processes afterwards.
  const std::string engine = (dir / "triad-analysed").string();
  std::filesystem::create_symlink(TRIAD_BINARY_DIR "/triad", engine);
  const std::vector<std::string> settings = {"-variant",
                                             "yinyang",
                                             "-nodes",
                                             "4000",
                                             "-multipv",
                                             "2",
                                             "-engine",
                                             "cmd=" + engine,
                                             "option.Threads=1",
                                             "-quiet",
                                             (dir / "in.txt").string()};
  auto local_args = settings;
  local_args.insert(local_args.end(), {"-output", (dir / "local.jsonl").string()});
  const auto local = run_analyse(local_args, dir.path());
  ASSERT_EQ(local.exit_code, 0) << local.err;
  auto mpi_args = settings;
  // Units of 3 positions, 2 engines per worker: units finish out of order.
  mpi_args.insert(mpi_args.end(),
                  {"-output", (dir / "mpi.jsonl").string(), "-chunk", "3", "-concurrency", "2"});
  const auto mpi = run_mpi_analyse(3, mpi_args, dir.path());
  ASSERT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  const std::string expected = read_text(dir / "local.jsonl");
  EXPECT_EQ(lines_of(expected).size(), 15u);
  EXPECT_EQ(without_times(read_text(dir / "mpi.jsonl")), without_times(expected));
  EXPECT_EQ(check_moves(expected, 2), 14);
  EXPECT_NE(mpi.err.find("rank 1 ("), std::string::npos) << mpi.err;
  EXPECT_NE(mpi.err.find("rank 2 ("), std::string::npos) << mpi.err;
  EXPECT_EQ(processes_mentioning(engine), 0);
}

TEST(MpiAnalyse, ErrorsEndEveryRankWithOneMessage) {
  TempDir dir("mpi_analyse_errors");
  write_text(dir / "in.txt", "6/6/2DL2/2LD2/6/6 1 0\n");
  const std::vector<std::string> base = {"-variant", "yinyang", "-depth", "1",
                                         (dir / "in.txt").string()};
  auto with = [&base](const std::vector<std::string>& more) {
    auto words = base;
    words.insert(words.end(), more.begin(), more.end());
    return words;
  };
  // One rank: nobody to analyse.
  const auto single = run_mpi_analyse(1, base, dir.path());
  EXPECT_EQ(single.exit_code, 2);
  EXPECT_NE(single.err.find("-mpi needs at least 2 MPI ranks"), std::string::npos) << single.err;
  // The engine missing on the workers: rank 0 names the rank and the reason.
  const auto missing =
      run_mpi_analyse(3, with({"-engine", "cmd=" + (dir / "no-engine").string()}), dir.path());
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  EXPECT_FALSE(missing.timed_out);
  EXPECT_NE(missing.err.find("no-engine' does not exist"), std::string::npos) << missing.err;
  EXPECT_NE(missing.err.find("rank "), std::string::npos) << missing.err;
  // An output rank 0 cannot write.
  const auto unwritable =
      run_mpi_analyse(3, with({"-output", (dir / "no/folder/out.jsonl").string()}), dir.path());
  EXPECT_EQ(unwritable.exit_code, 2) << unwritable.err;
  EXPECT_FALSE(unwritable.timed_out);
  EXPECT_NE(unwritable.err.find("-output"), std::string::npos) << unwritable.err;
}

}  // namespace
}  // namespace triad::analysis::testing
