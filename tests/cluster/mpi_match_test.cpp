// triad-match -mpi under mpirun (3 ranks: rank 0 schedules, ranks 1 and 2 play): the same
// games, records and statistics as the one-machine run, an SPRT stop that ends every rank,
// a run killed as a whole and resumed, and the errors that must end every rank cleanly.
#include <signal.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "tests/cluster/mpi_support.h"
#include "tests/support/text_scan.h"

namespace triad::tournament::testing {
namespace {

using namespace std::chrono_literals;

std::string game_tags(const std::filesystem::path& pgn) {
  std::string out;
  for (const auto& line : lines_starting(read_text(pgn), "[Game ")) out += line + "\n";
  return out;
}

TEST(MpiMatch, PlaysExactlyTheGamesOfTheLocalRun) {
  TempDir dir("mpi_same");
  const auto match = builtin_match(3);
  const auto local = run_triad_match(with(match, {"-pgnout", (dir / "local.pgn").string(),
                                                  "-jsonout", (dir / "local.json").string()}),
                                     dir.path());
  ASSERT_EQ(local.exit_code, 0) << local.err;
  const auto mpi =
      run_mpi_match(3,
                    with(match, {"-concurrency", "2", "-pgnout", (dir / "mpi.pgn").string(),
                                 "-jsonout", (dir / "mpi.json").string()}),
                    dir.path());
  ASSERT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  // Records in game-number order, byte for byte the local run's (same openings, moves,
  // scores, results) but for the measured move times; the summary (statistics, pentanomial
  // counts) byte for byte.
  EXPECT_EQ(without_move_times(read_text(dir / "mpi.pgn")),
            without_move_times(read_text(dir / "local.pgn")));
  EXPECT_EQ(read_text(dir / "mpi.json"), read_text(dir / "local.json"));
  EXPECT_EQ(lines_starting(read_text(dir / "mpi.pgn"), "[Game ").size(), 12u);
  // Both workers played, and rank 0 says which did what.
  EXPECT_NE(mpi.out.find("rank 1 ("), std::string::npos) << mpi.out;
  EXPECT_NE(mpi.out.find("rank 2 ("), std::string::npos) << mpi.out;
}

TEST(MpiMatch, TriadEnginesWithFixedNodesPlayTheSameGames) {
  TempDir dir("mpi_engines");
  // The engine under a name of its own, to look for leftover processes afterwards.
  const std::string triad = (dir / "triad-engine").string();
  std::filesystem::create_symlink(TRIAD_BINARY_DIR "/triad", triad);
  const std::vector<std::string> match = {"-engine",
                                          "name=T1",
                                          "cmd=" + triad,
                                          "nodes=300",
                                          "-engine",
                                          "name=T2",
                                          "cmd=" + triad,
                                          "nodes=600",
                                          "-each",
                                          "option.Threads=1",
                                          "-variant",
                                          "razzledazzle",
                                          "-games",
                                          "2",
                                          "-rounds",
                                          "2",
                                          "-repeat",
                                          "-seed",
                                          "5",
                                          "-openings",
                                          "plies=4",
                                          "-maxplies",
                                          "60"};
  const auto local =
      run_triad_match(with(match, {"-pgnout", (dir / "local.pgn").string()}), dir.path());
  ASSERT_EQ(local.exit_code, 0) << local.err;
  const auto mpi =
      run_mpi_match(3, with(match, {"-pgnout", (dir / "mpi.pgn").string()}), dir.path());
  ASSERT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  // The same moves, scores and results; only the measured move times differ.
  EXPECT_EQ(without_move_times(read_text(dir / "mpi.pgn")),
            without_move_times(read_text(dir / "local.pgn")));
  EXPECT_EQ(processes_mentioning(triad), 0) << "every rank and engine process has ended";
}

TEST(MpiMatch, SprtDecisionStopsEveryRankEarly) {
  TempDir dir("mpi_sprt");
  // Greedy is far stronger than random: the SPRT accepts H0 (Random is not stronger) long
  // before the 20 000 games planned.
  const auto match =
      with(builtin_match(5000), {"-sprt", "elo0=0", "elo1=100", "alpha=0.05", "beta=0.05"});
  const auto local =
      run_triad_match(with(match, {"-jsonout", (dir / "local.json").string()}), dir.path());
  ASSERT_EQ(local.exit_code, 0) << local.err;
  const auto mpi = run_mpi_match(
      3, with(match, {"-concurrency", "2", "-jsonout", (dir / "mpi.json").string()}), dir.path());
  ASSERT_FALSE(mpi.timed_out);
  ASSERT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  EXPECT_NE(mpi.out.find("Stopped early: SPRT: H0 accepted"), std::string::npos) << mpi.out;
  EXPECT_LT(lines_starting(mpi.out, "Finished game ").size(), 1000u);
  // Units are committed in order, so the decision falls on the same game pair as in the
  // one-machine run: the same games counted, the same statistics.
  EXPECT_EQ(read_text(dir / "mpi.json"), read_text(dir / "local.json"));
}

TEST(MpiMatch, ARunKilledAsAWholeResumesWithExactlyThePlannedGames) {
  TempDir dir("mpi_resume");
  const auto match = builtin_match(400);  // 1600 games
  const auto outputs = std::vector<std::string>{"-concurrency", "2",
                                                "-pgnout",      (dir / "mpi.pgn").string(),
                                                "-resume",      (dir / "state.json").string(),
                                                "-jsonout",     (dir / "mpi.json").string()};
  {
    auto words = mpirun_words(3);
    words.push_back(kTriadMatch);
    words.push_back("-mpi");
    words.insert(words.end(), match.begin(), match.end());
    words.insert(words.end(), outputs.begin(), outputs.end());
    JobProcess job(words, dir.path());
    // Kill the job once some games are in the resume state, long before the end.
    for (int i = 0; i < 600 && !std::filesystem::exists(dir / "state.json"); ++i)
      std::this_thread::sleep_for(10ms);
    ::kill(job.pid(), SIGTERM);  // mpirun ends every rank
    const auto killed = job.wait(std::chrono::seconds(60));
    ASSERT_FALSE(killed.timed_out);
  }
  EXPECT_EQ(processes_mentioning((dir / "state.json").string()), 0) << "no rank outlives mpirun";
  const auto before = lines_starting(read_text(dir / "mpi.pgn"), "[Game ").size();
  ASSERT_GT(before, 0u);
  ASSERT_LT(before, 1600u) << "the job ended before it was killed; make the match longer";
  const auto resumed = run_mpi_match(3, with(match, outputs), dir.path());
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
  EXPECT_NE(resumed.out.find("Resuming: "), std::string::npos);

  const auto local = run_triad_match(with(match, {"-pgnout", (dir / "local.pgn").string(),
                                                  "-jsonout", (dir / "local.json").string()}),
                                     dir.path());
  ASSERT_EQ(local.exit_code, 0) << local.err;
  // Every planned game exactly once, in order, and the statistics of the uninterrupted run.
  EXPECT_EQ(game_tags(dir / "mpi.pgn"), game_tags(dir / "local.pgn"));
  EXPECT_EQ(read_text(dir / "mpi.json"), read_text(dir / "local.json"));
}

// A job cancelled as a batch system cancels it (SIGTERM to triad-mpi-run, which passes it on
// to mpirun, and mpirun to every rank) ends with status 130, which triad-mpi-run(6) lists for
// "interrupted": a batch script tells it from a finished match. Rank 0 must not block on its
// progress, which mpirun stops reading: its summary says why it stopped.
TEST(MpiMatch, ACancelledJobEndsWithStatus130) {
  TempDir dir("mpi_cancelled");
  const auto pgn = dir / "mpi.pgn";
  auto words = with({TRIAD_SOURCE_DIR "/cluster/triad-mpi-run"}, mpirun_words(3));
  words = with(with(words, {kTriadMatch, "-mpi"}), builtin_match(400));  // 1600 games
  // Paced (20 ms between a worker's games): the job lasts long enough to be cancelled.
  JobProcess job(
      with(words, {"-wait", "20", "-pgnout", pgn.string(), "-jsonout", (dir / "s.json").string()}),
      dir.path());
  for (int i = 0; i < 3000 && lines_starting(read_text(pgn), "[Game ").size() < 2; ++i)
    std::this_thread::sleep_for(10ms);
  ::kill(job.pid(), SIGTERM);
  const auto cancelled = job.wait(std::chrono::seconds(60));
  ASSERT_FALSE(cancelled.timed_out);
  ASSERT_LT(lines_starting(read_text(pgn), "[Game ").size(), 1600u)
      << "the job ended before it was cancelled; make the match longer";
  EXPECT_EQ(cancelled.exit_code, 130) << cancelled.out << cancelled.err;
  EXPECT_NE(read_text(dir / "s.json").find("\"stopped_early\":\"interrupted\""), std::string::npos)
      << read_text(dir / "s.json");
}

// Triad under a name of its own (`triad`, to look for leftover processes afterwards) at 200
// nodes against the random player: games that last long enough to kill a rank mid-run.
std::vector<std::string> triad_against_random(const std::string& triad, const std::string& rounds) {
  return {"-engine",
          "name=T",
          "cmd=" + triad,
          "nodes=200",
          "-engine",
          "name=R",
          "cmd=builtin:random",
          "-variant",
          "razzledazzle",
          "-games",
          "2",
          "-rounds",
          rounds,
          "-repeat",
          "-maxplies",
          "40"};
}

// The words of `mpirun -np 3 --enable-recovery triad-match -mpi <match>`.
std::vector<std::string> job_with_recovery(const std::vector<std::string>& match) {
  return with(mpirun_with_recovery(kTriadMatch), match);
}

// Waits until `pgn` holds a few records, then kills MPI rank `rank` of the job writing it.
void kill_rank_once_started(const std::string& pgn, int rank, JobProcess& job) {
  kill_rank_once_written(pgn, "[Game ", rank, job);
}

// A worker rank killed in the middle of a run started with --enable-recovery: rank 0 misses
// its heartbeats for a lease (-mpilease 3), gives its units to the other worker, and the run
// ends with every planned game exactly once and the statistics of the one-machine run; every
// rank and engine process ends.
TEST(MpiFailure, AWorkerKilledMidRunLosesNoGameWithRecovery) {
  TempDir dir("mpi_worker_killed");
  const std::string triad = (dir / "triad-engine").string();
  std::filesystem::create_symlink(TRIAD_BINARY_DIR "/triad", triad);
  const auto match = with(
      triad_against_random(triad, "30"),
      {"-each", "option.Threads=1", "-seed", "7", "-openings", "plies=4", "-ratinginterval", "0"});
  const std::string pgn = (dir / "mpi.pgn").string();
  auto words = job_with_recovery(match);
  words = with(words, {"-mpilease", "3", "-pgnout", pgn, "-jsonout", (dir / "mpi.json").string()});
  ProcessResult mpi;
  {
    JobProcess job(words, dir.path());
    kill_rank_once_started(pgn, 1, job);  // long before the end
    mpi = job.wait(std::chrono::seconds(120));
  }
  ASSERT_FALSE(mpi.timed_out) << mpi.out << mpi.err;
  ASSERT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  ASSERT_NE(mpi.out.find("Lost rank 1 ("), std::string::npos)
      << "the job ended before rank 1 was killed; make the match longer\n"
      << mpi.out;
  EXPECT_NE(mpi.out.find("Finished match"), std::string::npos) << mpi.out;

  const auto local = run_triad_match(with(match, {"-pgnout", (dir / "local.pgn").string(),
                                                  "-jsonout", (dir / "local.json").string()}),
                                     dir.path());
  ASSERT_EQ(local.exit_code, 0) << local.err;
  EXPECT_EQ(game_tags(dir / "mpi.pgn"), game_tags(dir / "local.pgn"));
  EXPECT_EQ(without_move_times(read_text(dir / "mpi.pgn")),
            without_move_times(read_text(dir / "local.pgn")));
  EXPECT_EQ(read_text(dir / "mpi.json"), read_text(dir / "local.json"));
  // The killed rank's engines end when their input closes (give them a moment to notice).
  EXPECT_EQ(survivors_after(triad, 5s), "") << "every rank and engine process has ended";
}

// Rank 0 killed with --enable-recovery: the workers miss its heartbeats for a lease and
// leave, with their engines; the job ends instead of waiting for good.
TEST(MpiFailure, WorkersLeaveWhenRankZeroIsKilled) {
  TempDir dir("mpi_rank0_killed");
  const std::string triad = (dir / "triad-engine").string();
  std::filesystem::create_symlink(TRIAD_BINARY_DIR "/triad", triad);
  const std::string pgn = (dir / "mpi.pgn").string();
  JobProcess job(job_with_recovery(
                     with(triad_against_random(triad, "1000"), {"-mpilease", "2", "-pgnout", pgn})),
                 dir.path());
  kill_rank_once_started(pgn, 0, job);
  const auto r = job.wait(std::chrono::seconds(60));
  ASSERT_FALSE(r.timed_out) << r.out << r.err;
  EXPECT_NE(r.err.find("rank 0 not heard from for 2 s; leaving the run"), std::string::npos)
      << r.err;
  EXPECT_EQ(survivors_after(triad, 5s), "") << "every rank and engine process has ended";
}

// The sum over the workers of the `label N` items of rank 0's per-worker lines
// ("  rank 2 (host): 3 games, 1.50 games/s, disconnect 3, engine failures 3").
int per_worker_total(const std::string& out, const std::string& label) {
  int total = 0;
  for (const auto& line : lines_starting(out, "  rank "))
    for (const auto& n : triad::testing::scan_numbers(line, ", " + label + " {}"))
      total += static_cast<int>(n[0]);
  return total;
}

// Rank 0 counts, per worker, how its games ended and how many engines failed in them: an
// engine that crashes at its first move (restarted for every game) shows on the workers
// that played it.
TEST(MpiMatch, PerWorkerStatisticsCountCrashesAndTerminations) {
  TempDir dir("mpi_per_worker");
  const std::vector<std::string> match = {
      "-engine", "name=Crash", "cmd=" TRIAD_SOURCE_DIR "/tests/tournament/engines/misbehave.py",
      "arg=" TRIAD_BINARY_DIR "/triad", "arg=crash", "arg=1", "option.OwnBook=false", "-engine",
      "name=R", "cmd=builtin:random", "-each", "st=0.05", "timemargin=2000",
      // Restarted engines must not stall for load alone:
      // the ranks poll, and the sanitizer builds are slow.
      "-handshaketimeout", "30000", "-variant", "yinyang", "-games", "2", "-rounds", "3", "-repeat",
      "-concurrency", "1"};
  const auto mpi = run_mpi_match(3, match, dir.path());
  ASSERT_FALSE(mpi.timed_out);
  ASSERT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  EXPECT_EQ(lines_starting(mpi.out, "  rank ").size(), 2u) << mpi.out;
  EXPECT_EQ(per_worker_total(mpi.out, "disconnect"), 6) << mpi.out;
  EXPECT_EQ(per_worker_total(mpi.out, "engine failures"), 6) << mpi.out;
}

TEST(MpiErrors, MpiWithoutMpirunOrWithOneRankIsRefused) {
  TempDir dir("mpi_one_rank");
  const auto match = with(builtin_match(1), {"-mpi"});
  for (const bool under_mpirun : {false, true}) {
    std::vector<std::string> words;
    if (under_mpirun) words = mpirun_words(1);
    words.push_back(kTriadMatch);
    words.insert(words.end(), match.begin(), match.end());
    const auto r = run_job(words, dir.path());
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("-mpi needs at least 2 MPI ranks"), std::string::npos) << r.err;
  }
}

TEST(MpiErrors, UnwritableOutputEndsEveryRank) {
  TempDir dir("mpi_output");
  const auto r = run_mpi_match(
      3, with(builtin_match(1), {"-pgnout", (dir / "missing" / "x.pgn").string()}), dir.path());
  ASSERT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("-pgnout"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("Started game"), std::string::npos) << "nothing may be played";
}

TEST(MpiErrors, BadSettingsAreReportedOnceByRankZero) {
  TempDir dir("mpi_settings");
  const auto r = run_mpi_match(3, with(builtin_match(1), {"-games", "zero"}), dir.path());
  ASSERT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  const auto first = r.err.find("triad-match: ");
  ASSERT_NE(first, std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("triad-match: ", first + 1), std::string::npos) << "one error: " << r.err;
}

// Another openings file at the same path on the workers (as on other hosts): rank 0 refuses
// their first unit, every rank ends, and no record is written; the same file everywhere plays.
void write_file(const std::filesystem::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
}

TEST(MpiErrors, AWorkerThatReadOtherOpeningsIsRefused) {
  TempDir dir("mpi_openings");
  const auto rank0 = dir / "rank0";
  const auto workers = dir / "workers";
  std::filesystem::create_directories(rank0);
  std::filesystem::create_directories(workers);
  write_file(rank0 / "openings.txt", "6/6/2DL2/2LD2/6/6 1 0\n");
  write_file(workers / "openings.txt", "6/6/2DL2/2LD2/6/6 1 0 moves c4b4\n");
  const auto args = [&](const std::string& pgn) {
    return std::vector<std::string>{"-engine",
                                    "name=Random",
                                    "cmd=builtin:random",
                                    "-engine",
                                    "name=Greedy",
                                    "cmd=builtin:greedy",
                                    "-variant",
                                    "yinyang",
                                    "-games",
                                    "2",
                                    "-rounds",
                                    "2",
                                    "-openings",
                                    "file=openings.txt",
                                    "-pgnout",
                                    (dir / pgn).string()};
  };
  const auto other =
      run_job(mpirun_in_folders(kTriadMatch, rank0, workers, args("other.pgn")), dir.path());
  ASSERT_FALSE(other.timed_out);
  EXPECT_EQ(other.exit_code, 2) << other.out << other.err;
  EXPECT_NE(other.err.find(") read other files than rank 0 at the same paths (its -openings "
                           "file has other lines); every rank must read the same -openings"),
            std::string::npos)
      << other.err;
  EXPECT_EQ(lines_starting(read_text(dir / "other.pgn"), "[Game ").size(), 0u);

  write_file(workers / "openings.txt", "6/6/2DL2/2LD2/6/6 1 0\n");
  const auto same =
      run_job(mpirun_in_folders(kTriadMatch, rank0, workers, args("same.pgn")), dir.path());
  ASSERT_EQ(same.exit_code, 0) << same.out << same.err;
  EXPECT_EQ(lines_starting(read_text(dir / "same.pgn"), "[Game ").size(), 4u);
}

// An engine program that exists where rank 0 runs but not where the workers run (here: on
// the workers' PATH): the worker's error reaches rank 0 and every rank ends.
TEST(MpiErrors, AnEngineMissingOnAWorkerIsReportedByRankZero) {
  TempDir dir("mpi_missing_engine");
  const auto bin = dir / "bin";
  std::filesystem::create_directories(bin);
  std::filesystem::create_symlink(TRIAD_BINARY_DIR "/triad", bin / "triad-engine-for-test");
  const std::vector<std::string> match = {
      "-mpi",     "-engine",      "name=T", "cmd=triad-engine-for-test",
      "nodes=50", "-engine",      "name=R", "cmd=builtin:random",
      "-variant", "razzledazzle", "-games", "2"};
  // MPMD: rank 0 with the folder on its PATH, ranks 1 and 2 without it.
  std::vector<std::string> words = {"mpirun",    "--oversubscribe",
                                    "--bind-to", "none",
                                    "-np",       "1",
                                    "-x",        "PATH=" + bin.string() + ":/usr/bin:/bin",
                                    kTriadMatch};
  words.insert(words.end(), match.begin(), match.end());
  for (const std::string w : {":", "-np", "2", "-x", "PATH=/usr/bin:/bin"}) words.push_back(w);
  words.push_back(kTriadMatch);
  words.insert(words.end(), match.begin(), match.end());
  const auto r = run_job(words, dir.path());
  ASSERT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  // The first worker to find out is named (rank 1 or 2), once.
  EXPECT_TRUE(r.err.find("triad-match: rank 1 (") != std::string::npos ||
              r.err.find("triad-match: rank 2 (") != std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("engine 'T': engine command 'triad-engine-for-test' was not found"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out.find("Finished game"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace triad::tournament::testing
