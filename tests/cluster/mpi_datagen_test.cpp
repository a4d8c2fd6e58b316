// triad-datagen -mpi under mpirun (3 ranks: rank 0 schedules and writes, ranks 1 and 2 play):
// the bytes of the one-machine run (with the classical evaluation and with a net), a worker
// killed in the middle loses no game, and the errors that must end every rank with one
// message, among them workers that read another net than rank 0's.
#include <signal.h>

#include <thread>

#include <gtest/gtest.h>

#include "tests/cluster/mpi_support.h"
#include "tests/datagen/datagen_support.h"
#include "tests/nnue/random_net_file.h"

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
  // A setting no game can be played with: refused at the start, nothing written.
  auto never = settings(dir / "never.bin", 2);
  never[1] = "yinyang";
  never.insert(never.end(), {"-randomplies", "40"});
  const auto refused = run_mpi_datagen(3, never, dir.path());
  EXPECT_EQ(refused.exit_code, 2) << refused.err;
  EXPECT_FALSE(refused.timed_out);
  EXPECT_NE(refused.err.find("-randomplies 40: "), std::string::npos) << refused.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "never.bin"));
}

// An MPI job whose ranks run in other folders (tournament::testing::mpirun_in_folders): a
// relative -evalfile names another file on the workers, as the same path can on other hosts.
ProcessResult run_mpi_datagen_in(const std::filesystem::path& rank0,
                                 const std::filesystem::path& workers,
                                 const std::vector<std::string>& args,
                                 const std::filesystem::path& dir) {
  return run_command(
      tournament::testing::with_mpi_environment(
          tournament::testing::mpirun_in_folders(kTriadDatagen, rank0, workers, args)),
      dir);
}

TEST(MpiDatagen, ANetGivesTheLocalBytesAndEveryRankMustReadTheSameNet) {
  TempDir dir("mpi_datagen_net");
  const auto rank0 = dir / "rank0", workers = dir / "workers";
  std::filesystem::create_directories(rank0);
  std::filesystem::create_directories(workers);
  const std::string net = adapters::nnue::encode_net_file(adapters::nnue::random_razzle_net(1));
  write_bytes(rank0 / "net.nnue", net);
  write_bytes(workers / "net.nnue", net);
  auto args = settings(dir / "local.bin", 6);
  args.insert(args.end(), {"-evalfile", (rank0 / "net.nnue").string()});
  ASSERT_EQ(run_datagen(args, dir.path()).exit_code, 0);
  // The same net in both folders: the local run's bytes.
  auto relative = settings(dir / "same.bin", 6);
  relative.insert(relative.end(), {"-evalfile", "net.nnue"});
  const auto same = run_mpi_datagen_in(rank0, workers, relative, dir.path());
  ASSERT_EQ(same.exit_code, 0) << same.out << same.err;
  EXPECT_EQ(read_text(dir / "same.bin"), read_text(dir / "local.bin"));

  // Another net on the workers: refused before any of their games is written (the file is
  // made by the first game written: none is).
  write_bytes(workers / "net.nnue",
              adapters::nnue::encode_net_file(adapters::nnue::random_razzle_net(2)));
  relative[relative.size() - 3] = (dir / "other.bin").string();
  const auto other = run_mpi_datagen_in(rank0, workers, relative, dir.path());
  EXPECT_EQ(other.exit_code, 2) << other.err;
  EXPECT_FALSE(other.timed_out);
  EXPECT_NE(
      other.err.find(") read other files than rank 0 at the same paths (its -evalfile net "
                     "has digest " +
                     learn::net_digest_text(learn::net_digest(read_text(workers / "net.nnue"))) +
                     ", rank 0's " + learn::net_digest_text(learn::net_digest(net)) + ")"),
      std::string::npos)
      << other.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "other.bin"));
  // A bad net on the workers: their setup error ends the job, with nothing written.
  write_bytes(workers / "net.nnue", "not a net\n");
  const auto bad = run_mpi_datagen_in(rank0, workers, relative, dir.path());
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_FALSE(bad.timed_out);
  EXPECT_NE(bad.err.find("): -evalfile: net file 'net.nnue': is not a Triad net file"),
            std::string::npos)
      << bad.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "other.bin"));
}

// Whether `file` holds at least `records` positions on disk, counted or not yet counted in
// its header.
bool has_records(const std::filesystem::path& file, std::uintmax_t records) {
  std::error_code error;
  const auto size = std::filesystem::file_size(file, error);
  if (error || size < learn::kHeaderBytes) return false;
  const auto data = adapters::nnue::read_data_file(file);  // the header, for the size of one record
  return data && size >= learn::kHeaderBytes + records * data->header.record_bytes();
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
    // Rank 0 appends each game's positions as it comes and rewrites the header's counts only
    // once a second, so the file's size is what shows the first games, well before the end
    // (150 games take under a second on a fast machine).
    for (int i = 0; i < 3000 && !has_records(file, 40); ++i) std::this_thread::sleep_for(10ms);
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
