// triad-analyse -mpi under mpirun (3 ranks: rank 0 reads, schedules and writes, ranks 1 and
// 2 run the engines): the same output as the one-machine run for deterministic settings,
// and the errors that must end every rank cleanly.
#include <signal.h>

#include <thread>

#include <gtest/gtest.h>

#include "tests/analysis/analyse_support.h"
#include "tests/cluster/mpi_support.h"

namespace triad::analysis::testing {
namespace {

using namespace std::chrono_literals;
using tournament::testing::JobProcess;
using tournament::testing::mpirun_words;
using tournament::testing::processes_mentioning;
using tournament::testing::run_job;
using tournament::testing::survivors_after;

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

TEST(MpiAnalyse, AReviewWritesTheBytesOfTheLocalReview) {
  TempDir dir("mpi_analyse_review");
  // Three games (position lines with moves), a unit each: two from the start, the third
  // inside the endgame solver's reach.
  std::string text;
  for (int k = 0; k < 2; ++k) {
    auto made = adapters::VariantRegistry::builtin().create("yinyang");
    ASSERT_TRUE(made);
    auto game = std::move(*made);
    text += game->position_line() + " moves";
    for (int ply = 0; ply < 2 + k; ++ply) {
      const auto moves = game->legal_moves();
      const auto& m = moves[static_cast<std::size_t>(ply + k) % moves.size()];
      ASSERT_TRUE(game->play(m));
      text += " " + m;
    }
    text += "\n";
  }
  write_text(dir / "in.txt", text + "1L4/1DD3/2LLLL/LLLLDD/DDLLLD/D1LDDD 1 20 moves b5b4 a3a4\n");
  const std::vector<std::string> settings = {"-review",
                                             "-variant",
                                             "yinyang",
                                             "-nodes",
                                             "3000",
                                             "-engine",
                                             "cmd=" TRIAD_BINARY_DIR "/triad",
                                             "option.Threads=1",
                                             "-quiet",
                                             (dir / "in.txt").string()};
  auto local_args = settings;
  local_args.insert(local_args.end(), {"-output", (dir / "local.jsonl").string(), "-annotate",
                                       (dir / "local.pgn").string()});
  const auto local = run_analyse(local_args, dir.path());
  ASSERT_EQ(local.exit_code, 0) << local.err;
  auto mpi_args = settings;
  mpi_args.insert(mpi_args.end(), {"-output", (dir / "mpi.jsonl").string(), "-annotate",
                                   (dir / "mpi.pgn").string(), "-concurrency", "2"});
  const auto mpi = run_mpi_analyse(3, mpi_args, dir.path());
  ASSERT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  const std::string expected = read_text(dir / "local.jsonl");
  EXPECT_EQ(lines_of(expected).size(), 10u);  // 7 moves and 3 summaries
  EXPECT_EQ(read_text(dir / "mpi.jsonl"), expected);
  EXPECT_EQ(read_text(dir / "mpi.pgn"), read_text(dir / "local.pgn"));
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

// The settings of the failure tests: `count` Yin Yang positions at 20 000 nodes, Triad under a
// name of its own (to look for leftover processes afterwards), written to `output`.
std::vector<std::string> long_analysis(const TempDir& dir, int count, const std::string& engine,
                                       const std::string& output) {
  std::string text;
  for (const auto& p : positions("yinyang", count)) text += p + "\n";
  write_text(dir / "in.txt", text);
  std::filesystem::create_symlink(TRIAD_BINARY_DIR "/triad", engine);
  return {"-variant",
          "yinyang",
          "-nodes",
          "20000",
          "-engine",
          "cmd=" + engine,
          "option.Threads=1",
          "-quiet",
          "-output",
          output,
          (dir / "in.txt").string()};
}

// `mpirun -np 3 --enable-recovery triad-analyse -mpi <args>`.
std::vector<std::string> job_with_recovery(const std::vector<std::string>& args) {
  auto words = tournament::testing::mpirun_with_recovery(kTriadAnalyse);
  words.insert(words.end(), args.begin(), args.end());
  return words;
}

// Waits until `output` holds a few lines, then kills MPI rank `rank` of the job writing it.
void kill_rank_once_started(const std::string& output, int rank, JobProcess& job) {
  tournament::testing::kill_rank_once_written(output, "{", rank, job);
}

// A worker rank killed in the middle of a run started with --enable-recovery: rank 0 misses
// its heartbeats for a lease (-mpilease 3), gives its units to the other worker, and the
// output is the one-machine run's (but for the measured times); every process ends.
TEST(MpiAnalyseFailure, AWorkerKilledMidRunLosesNoPosition) {
  TempDir dir("mpi_analyse_worker_killed");
  const std::string engine = (dir / "triad-analysed").string();
  const std::string output = (dir / "mpi.jsonl").string();
  const auto settings = long_analysis(dir, 60, engine, output);
  ProcessResult mpi;
  {
    auto args = settings;
    args.insert(args.end(), {"-mpilease", "3", "-chunk", "2"});
    std::filesystem::create_directories(dir / "job");
    JobProcess job(job_with_recovery(args), dir / "job");
    kill_rank_once_started(output, 1, job);  // long before the end
    mpi = job.wait(std::chrono::seconds(180));
  }
  ASSERT_FALSE(mpi.timed_out) << mpi.err;
  ASSERT_EQ(mpi.exit_code, 0) << mpi.err;
  ASSERT_NE(mpi.err.find("Lost rank 1 ("), std::string::npos)
      << "the job ended before rank 1 was killed; make the analysis longer\n"
      << mpi.err;
  EXPECT_NE(mpi.err.find("rank 1 ("), std::string::npos) << mpi.err;

  auto local_args = settings;
  local_args[local_args.size() - 2] = (dir / "local.jsonl").string();
  const auto local = run_analyse(local_args, dir.path(), std::chrono::seconds(180));
  ASSERT_EQ(local.exit_code, 0) << local.err;
  const std::string expected = read_text(dir / "local.jsonl");
  EXPECT_EQ(lines_of(expected).size(), 60u);
  EXPECT_EQ(without_times(read_text(output)), without_times(expected));
  // The killed rank's engine ends when its input closes (give it a moment to notice).
  EXPECT_EQ(survivors_after(engine, 5s), "") << "every rank and engine process has ended";
}

// Rank 0 killed with --enable-recovery: the workers miss its heartbeats for a lease and
// leave, with their engines; the job ends instead of waiting for good.
TEST(MpiAnalyseFailure, WorkersLeaveWhenRankZeroIsKilled) {
  TempDir dir("mpi_analyse_rank0_killed");
  const std::string engine = (dir / "triad-analysed").string();
  const std::string output = (dir / "mpi.jsonl").string();
  auto args = long_analysis(dir, 400, engine, output);
  args.insert(args.end(), {"-mpilease", "2"});
  JobProcess job(job_with_recovery(args), dir.path());
  kill_rank_once_started(output, 0, job);
  const auto r = job.wait(std::chrono::seconds(60));
  ASSERT_FALSE(r.timed_out) << r.out << r.err;
  EXPECT_NE(r.err.find("rank 0 not heard from for 2 s; leaving the run"), std::string::npos)
      << r.err;
  EXPECT_EQ(survivors_after(engine, 5s), "") << "every rank and engine process has ended";
}

// An engine program found where rank 0 and rank 1 run but not where rank 2 runs (here: on
// rank 2's PATH): rank 2's error reaches rank 0, which names it, and every rank ends.
TEST(MpiAnalyseErrors, AnEngineMissingOnOneWorkerIsReportedByRankZero) {
  TempDir dir("mpi_analyse_missing_engine");
  const auto bin = dir / "bin";
  std::filesystem::create_directories(bin);
  std::filesystem::create_symlink(TRIAD_BINARY_DIR "/triad", bin / "triad-engine-for-test");
  write_text(dir / "in.txt", "6/6/2DL2/2LD2/6/6 1 0\n");
  const std::vector<std::string> analysis = {kTriadAnalyse,
                                             "-mpi",
                                             "-variant",
                                             "yinyang",
                                             "-depth",
                                             "1",
                                             "-engine",
                                             "cmd=triad-engine-for-test",
                                             (dir / "in.txt").string()};
  // MPMD: ranks 0 and 1 with the folder on their PATH, rank 2 without it.
  std::vector<std::string> words = {"mpirun",    "--oversubscribe",
                                    "--bind-to", "none",
                                    "-np",       "2",
                                    "-x",        "PATH=" + bin.string() + ":/usr/bin:/bin"};
  words.insert(words.end(), analysis.begin(), analysis.end());
  for (const std::string w : {":", "-np", "1", "-x", "PATH=/usr/bin:/bin"}) words.push_back(w);
  words.insert(words.end(), analysis.begin(), analysis.end());
  const auto r = run_job(words, dir.path());
  ASSERT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("triad-analyse: rank 2 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("'triad-engine-for-test' was not found"), std::string::npos) << r.err;
  const auto first = r.err.find("triad-analyse: ");
  EXPECT_EQ(r.err.find("triad-analyse: ", first + 1), std::string::npos) << "one error: " << r.err;
}

}  // namespace
}  // namespace triad::analysis::testing
