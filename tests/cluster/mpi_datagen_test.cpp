// triad-datagen -mpi under mpirun (3 ranks: rank 0 schedules and writes, ranks 1 and 2 play):
// the bytes of the one-machine run, a worker killed in the middle loses no game, and the
// errors that must end every rank with one message.
#include <signal.h>

#include <thread>

#include <gtest/gtest.h>

#include "tests/cluster/mpi_support.h"
#include "tests/datagen/datagen_support.h"

namespace triad::datagen::testing {
namespace {

using namespace std::chrono_literals;
using tournament::testing::JobProcess;
using tournament::testing::mpirun_words;

ProcessResult run_mpi_datagen(int ranks, const std::vector<std::string>& args,
                              const std::filesystem::path& dir) {
  auto words = mpirun_words(ranks);
  words.push_back(kTriadDatagen);
  words.push_back("-mpi");
  words.insert(words.end(), args.begin(), args.end());
  return run_command(tournament::testing::with_mpi_environment(words), dir);
}

std::vector<std::string> settings(const std::filesystem::path& file, int games) {
  return {"-variant", "razzledazzle", "-games",  std::to_string(games), "-nodes", "1000", "-seed",
          "5",        "-quiet",       "-output", file.string()};
}

TEST(MpiDatagen, WritesTheBytesOfTheLocalRun) {
  TempDir dir("mpi_datagen_same");
  ASSERT_EQ(run_datagen(settings(dir / "local.bin", 12), dir.path()).exit_code, 0);
  auto args = settings(dir / "mpi.bin", 12);
  args.insert(args.end(), {"-concurrency", "2"});  // games finish out of order
  const auto mpi = run_mpi_datagen(3, args, dir.path());
  ASSERT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  EXPECT_EQ(read_text(dir / "mpi.bin"), read_text(dir / "local.bin"));
  EXPECT_NE(mpi.err.find("rank 1 ("), std::string::npos) << mpi.err;
  EXPECT_NE(mpi.err.find("rank 2 ("), std::string::npos) << mpi.err;
  // A finished file given to a distributed run again: nothing to add, the same bytes.
  ASSERT_EQ(run_mpi_datagen(3, args, dir.path()).exit_code, 0);
  EXPECT_EQ(read_text(dir / "mpi.bin"), read_text(dir / "local.bin"));
}

TEST(MpiDatagen, ErrorsEndEveryRankWithOneMessage) {
  TempDir dir("mpi_datagen_errors");
  const auto single = run_mpi_datagen(1, settings(dir / "a.bin", 2), dir.path());
  EXPECT_EQ(single.exit_code, 2);
  EXPECT_NE(single.err.find("-mpi needs at least 2 MPI ranks"), std::string::npos) << single.err;
  auto bad = settings(dir / "a.bin", 2);
  bad[5] = "lots";
  const auto flags = run_mpi_datagen(3, bad, dir.path());
  EXPECT_EQ(flags.exit_code, 2) << flags.err;
  EXPECT_FALSE(flags.timed_out);
  EXPECT_NE(flags.err.find("-nodes 'lots' is not an integer"), std::string::npos) << flags.err;
  const auto unwritable = run_mpi_datagen(3, settings(dir / "no/folder/a.bin", 2), dir.path());
  EXPECT_EQ(unwritable.exit_code, 2) << unwritable.err;
  EXPECT_FALSE(unwritable.timed_out);
  EXPECT_NE(unwritable.err.find("-output"), std::string::npos) << unwritable.err;
}

// A worker rank killed in the middle of a run started with --enable-recovery: rank 0 misses
// its heartbeats for a lease (-mpilease 3) and gives its games to the other worker; the file
// is the one-machine run's, byte for byte.
TEST(MpiDatagenFailure, AWorkerKilledMidRunLosesNoGame) {
  TempDir dir("mpi_datagen_worker_killed");
  const auto file = dir / "mpi.bin";
  auto args = settings(file, 150);
  ProcessResult mpi;
  {
    auto words = tournament::testing::mpirun_with_recovery(kTriadDatagen);
    words.insert(words.end(), args.begin(), args.end());
    words.insert(words.end(), {"-mpilease", "3"});
    std::filesystem::create_directories(dir / "job");
    JobProcess job(words, dir / "job");
    for (int i = 0; i < 3000; ++i) {
      const auto data = read_data_file(file);
      if (data && data->header.games >= 2) break;
      std::this_thread::sleep_for(10ms);
    }
    const int pid = tournament::testing::rank_process(file.string(), 1);
    ASSERT_GT(pid, 0) << job.out_so_far();
    ::kill(pid, SIGKILL);
    mpi = job.wait(std::chrono::seconds(180));
  }
  ASSERT_FALSE(mpi.timed_out) << mpi.err;
  ASSERT_EQ(mpi.exit_code, 0) << mpi.err;
  ASSERT_NE(mpi.err.find("Lost rank 1 ("), std::string::npos)
      << "the job ended before rank 1 was killed; make the run longer\n"
      << mpi.err;
  ASSERT_EQ(run_datagen(settings(dir / "local.bin", 150), dir.path()).exit_code, 0);
  EXPECT_EQ(read_text(file), read_text(dir / "local.bin"));
}

}  // namespace
}  // namespace triad::datagen::testing
