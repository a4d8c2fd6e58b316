// triad-match -mpi on a real Slurm (tests/cluster/fixture/local-slurm.sh starts this program
// inside a local cluster of three nodes n1, n2, n3 with 2 CPUs each): the batch script of
// docs/cluster.md submitted with sbatch (mpirun inside the allocation, and srun --mpi=pmix),
// and srun --mpi=pmix from outside an allocation, all through cluster/triad-mpi-run. Each plays
// exactly the games of the one-machine run, and the job ends with the documented exit status: 0
// when the match finished (also after a worker was killed), 2 for an error at the start. A
// job ended by scancel or by its time limit is resumed by submitting the same script again.
// And cluster/slurm/triad-tables.sbatch builds the tables of the one-process build.
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include <gtest/gtest.h>

#include "engine/games/ivesdama/slice.h"
#include "tests/cluster/mpi_support.h"

namespace triad::tournament::testing {
namespace {

using namespace std::chrono_literals;

const std::string kWrapper = TRIAD_SOURCE_DIR "/cluster/triad-mpi-run";
// A whole job here takes seconds; one that hangs is ended at this point.
constexpr auto kJobBound = std::chrono::seconds(60);
constexpr int kLeaseSeconds = 4;
// How long a rank may run on once its job has left squeue. The fixture's Slurm tracks a
// step's processes by parentage (proctrack/linuxproc: a container has no cgroups of its
// own), so a rank whose Open MPI daemon ended before Slurm's SIGKILL is no longer the step's
// and is not killed: it ends by itself (SIGTERM reached it first, and it leaves when its
// daemon is gone), which can take a moment on a loaded machine. A cluster with
// proctrack/cgroup kills every process of the job.
constexpr auto kRankEndBound = std::chrono::seconds(10);

// The batch script docs/cluster.md gives for a match ("On a Slurm cluster") whose launcher
// line starts `launcher`, up to and with its `./triad-match -mpi \` line; the match
// settings after it are the test's. Empty if the document has no such script.
std::string documented_batch_script(const std::string& launcher) {
  const std::string doc = read_text(TRIAD_SOURCE_DIR "/docs/cluster.md");
  const std::string head = "#!/bin/bash\n#SBATCH --job-name=triad-sprt\n";
  const std::string program_line = "./triad-match -mpi \\\n";
  for (auto start = doc.find(head); start != std::string::npos; start = doc.find(head, start + 1)) {
    const auto end = doc.find(program_line, start);
    if (end == std::string::npos) break;
    const std::string script = doc.substr(start, end + program_line.size() - start);
    if (script.find("\n" + launcher) != std::string::npos) return script;
  }
  return "";
}

// `./triad-mpi-run srun --mpi=pmix -N 3 -n 3 ./triad-match -mpi <args>`.
std::vector<std::string> srun_job(const std::vector<std::string>& args) {
  return with({kWrapper, "-grace", "5", triad::testing::find_program("srun"), "--mpi=pmix", "-N",
               "3", "-n", "3", kTriadMatch, "-mpi"},
              args);
}

class Slurm : public AgainstLocalRun {
 protected:
  Slurm() : AgainstLocalRun("slurm") {}
  void SetUp() override {
    if (std::getenv("SLURM_CONF") == nullptr)
      GTEST_FAIL() << "run this program through tests/cluster/fixture/local-slurm.sh run 3";
  }

  // Writes the documented batch script of `launcher` with `match` as its settings into dir,
  // with the programs it names (./triad-match, ./triad-mpi-run) beside it, and submits it
  // with sbatch --wait and `resources` (scaled down to the local cluster: 3 nodes of 2 CPUs).
  // sbatch --wait exits with the job's status.
  ProcessResult sbatch(const std::string& launcher, const std::vector<std::string>& resources,
                       const std::vector<std::string>& match) {
    write_batch_script(launcher, match);
    return JobProcess(sbatch_words(with({"--wait"}, resources)), dir.path()).wait(kJobBound);
  }
  // job.sbatch in dir: the documented script of `launcher` with `match` as its settings, and
  // the programs it names beside it.
  void write_batch_script(const std::string& launcher, const std::vector<std::string>& match) {
    const std::string head = documented_batch_script(launcher);
    EXPECT_FALSE(head.empty()) << "docs/cluster.md: no batch script with '" << launcher
                               << " ... ./triad-match -mpi \\'";
    std::ofstream script(dir / "job.sbatch");
    script << head;
    for (std::size_t i = 0; i < match.size(); ++i)
      script << "    '" << match[i] << "'" << (i + 1 < match.size() ? " \\\n" : "\n");
    script.close();
    std::error_code exists;  // a second submission of the same folder keeps the links
    std::filesystem::create_symlink(kTriadMatch, dir / "triad-match", exists);
    std::filesystem::create_symlink(kWrapper, dir / "triad-mpi-run", exists);
  }
  // sbatch `options` job.sbatch, submitted from dir (the script runs in $SLURM_SUBMIT_DIR),
  // its output appended to job.log.
  std::vector<std::string> sbatch_words(const std::vector<std::string>& options) const {
    auto words = with({"/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", dir.path().string(),
                       triad::testing::find_program("sbatch"), "--time=5", "--output=job.log",
                       "--open-mode=append"},
                      options);
    words.push_back("job.sbatch");
    return words;
  }
  // What squeue says of `job` once it no longer lists it as pending, running or completing
  // (""), or after `bound`. sbatch --wait returns while a job's processes may still be ending
  // (COMPLETING); the job has ended when it has left squeue.
  std::string listed_after(const std::string& job, std::chrono::seconds bound) const {
    const auto squeue = triad::testing::find_program("squeue");
    const auto end = std::chrono::steady_clock::now() + bound;
    std::string listed;
    do {
      listed = run_job({squeue, "-h", "-o", "%T %r", "-t", "PD,R,CG", "-j", job}, dir.path()).out;
      if (listed.empty()) break;
      std::this_thread::sleep_for(100ms);
    } while (std::chrono::steady_clock::now() < end);
    return listed;
  }
  // The job number that sbatch --parsable printed first.
  static std::string job_number(const std::string& sbatch_output) {
    return sbatch_output.substr(0, sbatch_output.find_first_of(";\n"));
  }
  ProcessResult sbatch_mpirun(const std::vector<std::string>& match) {
    return sbatch("./triad-mpi-run mpirun", {"--nodes=3", "--cpus-per-task=2"}, match);
  }
};

TEST_F(Slurm, TheDocumentedBatchScriptPlaysTheGamesOfTheLocalRun) {
  const auto match = builtin_match(3);
  run_local(match);
  const auto job = sbatch_mpirun(with(match, outputs()));
  const auto log = read_text(dir / "job.log");
  ASSERT_FALSE(job.timed_out) << job.out << job.err << log;
  EXPECT_EQ(job.exit_code, 0) << job.err << log;
  expect_local_games("sbatch, mpirun");
  EXPECT_EQ(lines_starting(read_text(dir / "mpi.pgn"), "[Game ").size(), 12u);
  EXPECT_NE(log.find("Finished match"), std::string::npos) << log;
  // One worker on each of the three nodes (SLURM_NTASKS + 1 ranks).
  EXPECT_NE(log.find("  rank 3 (triad-slurm): "), std::string::npos) << log;
}

TEST_F(Slurm, TheBatchJobOfAMatchThatCannotStartEndsWithStatus2) {
  // mpirun --enable-recovery in the allocation does not end after the ranks here; the
  // wrapper's grace (10 s) ends it.
  const auto job = sbatch_mpirun(with(builtin_match(3), {"-engine", "cmd=./no-such-engine"}));
  const auto log = read_text(dir / "job.log");
  ASSERT_FALSE(job.timed_out) << job.out << job.err << log;
  EXPECT_EQ(job.exit_code, 2) << job.err << log;
  EXPECT_NE(log.find("no-such-engine"), std::string::npos) << log;
}

// cluster/slurm/triad-tables.sbatch, as shipped, at 4 stones under -memory 1M on the 3 nodes:
// the files of the one-process build, byte for byte, a worker on every node, status 0.
TEST_F(Slurm, TheTablesBatchScriptBuildsTheBytesOfTheLocalBuild) {
  const std::string tables = TRIAD_BINARY_DIR "/triad-tables";
  const auto local =
      run_job({tables, "-stones", "4", "-dir", (dir / "local").string(), "-quiet"}, dir.path());
  ASSERT_EQ(local.exit_code, 0) << local.err;
  std::filesystem::copy_file(TRIAD_SOURCE_DIR "/cluster/slurm/triad-tables.sbatch",
                             dir / "job.sbatch");
  std::filesystem::create_symlink(tables, dir / "triad-tables");
  std::filesystem::create_symlink(kWrapper, dir / "triad-mpi-run");
  const auto job = JobProcess(sbatch_words({"--wait", "--nodes=3", "--cpus-per-task=2",
                                            "--export=ALL,VARIANT=ivesdama,STONES=4,MEMORY=1M"}),
                              dir.path())
                       .wait(kJobBound);
  const auto log = read_text(dir / "job.log");
  ASSERT_FALSE(job.timed_out) << job.out << job.err << log;
  EXPECT_EQ(job.exit_code, 0) << job.err << log;
  EXPECT_NE(log.find("slices: 15 built, 0 kept; "), std::string::npos) << log;
  EXPECT_NE(log.find(", rank 3 ("), std::string::npos) << log;  // "Workers: rank 1 (n1) ..."
  for (const auto m : games::ivesdama::materials_up_to(4)) {
    const std::string name = "ives-" + std::to_string(m.a) + "-" + std::to_string(m.b) + ".tbl";
    const std::string built = read_text(dir / "tables" / "ivesdama" / name);
    EXPECT_FALSE(built.empty()) << name;
    EXPECT_TRUE(built == read_text(dir / "local" / name)) << name;
  }
}

TEST_F(Slurm, TheDocumentedSrunBatchScriptPlaysTheGamesOfTheLocalRun) {
  const auto match = builtin_match(3);
  run_local(match);
  const auto job = sbatch("./triad-mpi-run srun --mpi=pmix",
                          {"--nodes=3", "--ntasks=4", "--cpus-per-task=2"}, with(match, outputs()));
  const auto log = read_text(dir / "job.log");
  ASSERT_FALSE(job.timed_out) << job.out << job.err << log;
  EXPECT_EQ(job.exit_code, 0) << job.err << log;
  expect_local_games("sbatch, srun --mpi=pmix");
  // srun started the 4 tasks of the batch script (rank 0's summary lists workers 1 to 3). Not
  // their host: Open MPI's TCP start under load here sometimes kills a worker before it says
  // hello (a segfault after "failed to TCP connect to a peer", seen in 1 of about 30 runs); the
  // match then goes on without it, and the games above are still the local run's.
  EXPECT_NE(log.find("  rank 3 ("), std::string::npos) << log;
}

TEST_F(Slurm, SrunWithPmixPlaysTheGamesOfTheLocalRun) {
  const auto match = builtin_match(3);
  run_local(match);
  const auto job = JobProcess(srun_job(with(match, outputs())), dir.path()).wait(kJobBound);
  ASSERT_FALSE(job.timed_out) << job.out << job.err;
  EXPECT_EQ(job.exit_code, 0) << job.out << job.err;
  expect_local_games("srun --mpi=pmix");
  EXPECT_NE(job.out.find("  rank 2 ("), std::string::npos) << job.out;  // as above: 3 tasks
}

// scancel ends the job as Slurm ends any job (SIGTERM to the batch script and every step,
// SIGKILL after KillWait): rank 0 keeps the games it committed, no rank outlives the job,
// and the same script submitted again with its -resume file plays exactly the rest.
TEST_F(Slurm, AScancelledBatchJobResumesToTheGamesOfTheLocalRun) {
  const auto match = builtin_match(15000);  // 60 000 games
  run_local(match);
  const std::string pgn = (dir / "mpi.pgn").string(), state = (dir / "state.json").string();
  const auto outputs_and_state = with(outputs(), {"-resume", state});
  // Paced with -wait (at most 60 games a second, as below), so that scancel comes long
  // before the end however fast or loaded the machine; the second submission runs unpaced.
  write_batch_script("./triad-mpi-run mpirun",
                     with(match, with({"-wait", "50"}, outputs_and_state)));
  const auto submitted =
      JobProcess(sbatch_words({"--parsable", "--nodes=3", "--cpus-per-task=2"}), dir.path())
          .wait(kJobBound);
  ASSERT_EQ(submitted.exit_code, 0) << submitted.err;
  const std::string job = job_number(submitted.out);
  ASSERT_FALSE(job.empty()) << submitted.out;
  for (int i = 0; i < 3000 && lines_starting(read_text(pgn), "[Game ").size() < 2; ++i)
    std::this_thread::sleep_for(10ms);
  const auto scancel = run_job({triad::testing::find_program("scancel"), job}, dir.path());
  ASSERT_EQ(scancel.exit_code, 0) << scancel.err;
  ASSERT_EQ(listed_after(job, 30s), "") << "job " << job << " still listed 30 s after scancel";
  EXPECT_EQ(survivors_after(state, kRankEndBound), "") << "no rank outlives the cancelled job";
  const auto before = lines_starting(read_text(pgn), "[Game ").size();
  ASSERT_GT(before, 0u);
  ASSERT_LT(before, 60000u) << "the job ended before scancel; pace it more";

  write_batch_script("./triad-mpi-run mpirun", with(match, outputs_and_state));
  const auto resumed =
      JobProcess(sbatch_words({"--wait", "--nodes=3", "--cpus-per-task=2"}), dir.path())
          .wait(kJobBound);
  const auto log = read_text(dir / "job.log");
  const auto end_of_log = log.substr(log.size() - std::min<std::size_t>(log.size(), 2000));
  ASSERT_FALSE(resumed.timed_out) << end_of_log;
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err << end_of_log;
  EXPECT_NE(log.find("Resuming: "), std::string::npos) << end_of_log;
  expect_local_games("scancel, then the same script again");
}

// A time limit ends the job as scancel does (SIGTERM to the batch script and its steps, SIGKILL
// after KillWait). Slurm's smallest limit is a minute, checked about every 30 s, so the games
// are paced with -wait to last longer: the job ends within 60-95 s, rank 0 keeps the games it
// committed, no rank outlives the job, and the same script submitted again (without the
// pause) plays exactly the rest.
TEST_F(Slurm, ABatchJobPastItsTimeLimitEndsAndResumesToTheGamesOfTheLocalRun) {
  const auto match = builtin_match(2500);  // 10 000 games: at most 60 a second with the pause
  run_local(match);
  const std::string pgn = (dir / "mpi.pgn").string(), state = (dir / "state.json").string();
  const auto outputs_and_state = with(outputs(), {"-resume", state});
  write_batch_script("./triad-mpi-run mpirun",
                     with(match, with({"-wait", "50"}, outputs_and_state)));
  const auto started = std::chrono::steady_clock::now();
  const auto limited =
      JobProcess(
          sbatch_words({"--wait", "--parsable", "--time=1", "--nodes=3", "--cpus-per-task=2"}),
          dir.path())
          .wait(std::chrono::seconds(150));
  const auto took = std::chrono::steady_clock::now() - started;
  const auto log = read_text(dir / "job.log");
  ASSERT_FALSE(limited.timed_out) << "the job did not end 150 s after its start\n" << log;
  const std::string job = job_number(limited.out);
  ASSERT_FALSE(job.empty()) << limited.out;
  ASSERT_EQ(listed_after(job, 30s), "") << "job " << job << " still listed 30 s after its end";
  EXPECT_NE(log.find("DUE TO TIME LIMIT"), std::string::npos) << log;
  EXPECT_GE(took, std::chrono::seconds(60)) << log;
  EXPECT_EQ(survivors_after(state, kRankEndBound), "") << "no rank outlives the job";
  const auto before = lines_starting(read_text(pgn), "[Game ").size();
  ASSERT_GT(before, 0u) << log;
  ASSERT_LT(before, 10000u) << "the match ended before its time limit; pace it more";

  write_batch_script("./triad-mpi-run mpirun", with(match, outputs_and_state));
  const auto resumed =
      JobProcess(sbatch_words({"--wait", "--nodes=3", "--cpus-per-task=2"}), dir.path())
          .wait(kJobBound);
  const auto resumed_log = read_text(dir / "job.log");
  const auto end_of_log =
      resumed_log.substr(resumed_log.size() - std::min<std::size_t>(resumed_log.size(), 2000));
  ASSERT_FALSE(resumed.timed_out) << end_of_log;
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err << end_of_log;
  EXPECT_NE(resumed_log.find("Resuming: "), std::string::npos) << end_of_log;
  expect_local_games("a time limit, then the same script again without the pause");
}

// Slurm does not end a step when one of its tasks dies (KillOnBadExit=0, the default): the
// other ranks go on, rank 0 presumes the dead worker lost after a lease and its units are
// played by the other worker.
TEST_F(Slurm, AWorkerKilledUnderSrunLosesNoGame) {
  const auto match = builtin_match(kFaultRounds);
  run_local(match);
  const std::string pgn = (dir / "mpi.pgn").string();
  ProcessResult job;
  {
    const auto paced = with(match, with(kFaultPause, {"-mpilease", std::to_string(kLeaseSeconds)}));
    JobProcess process(srun_job(with(paced, outputs())), dir.path());
    // Once rank 2 has said hello and plays (rank 1 may play the first games alone): within
    // the job's bound, as the step's start under srun took over 30 s once on a loaded machine.
    const auto started_by = std::chrono::steady_clock::now() + kJobBound;
    while (std::chrono::steady_clock::now() < started_by &&
           process.out_so_far().find("on rank 2 (") == std::string::npos)
      std::this_thread::sleep_for(10ms);
    const int pid = rank_process(pgn, 2, "SLURM_PROCID");
    ASSERT_GT(pid, 0) << process.out_so_far();
    ::kill(pid, SIGKILL);
    job = process.wait(kJobBound);
  }
  ASSERT_FALSE(job.timed_out) << job.out << job.err;
  EXPECT_EQ(job.exit_code, 0) << job.err;
  ASSERT_NE(job.out.find("Lost rank 2 (triad-slurm)"), std::string::npos)
      << "the run ended before the fault; make the match longer\n"
      << job.out;
  expect_local_games("rank 2 killed under srun");
}

// The parent of process `pid` (field 4 of /proc/PID/stat, after the command in parentheses).
int parent_process(int pid) {
  const std::string stat = read_text("/proc/" + std::to_string(pid) + "/stat");
  const auto after_command = stat.rfind(") ");
  if (after_command == std::string::npos) return -1;
  std::istringstream fields(stat.substr(after_command + 2));
  char state = 0;
  int parent = -1;
  fields >> state >> parent;
  return parent;
}

// A node that stops answering for good (its power or its network gone), under the documented
// srun batch script: the node's slurmd, the step's daemon there and its task (a worker that
// plays) are stopped, not killed, so no connection to them closes. Rank 0 presumes that worker
// lost after a lease and the others play its units; srun waits for the silent node,
// triad-mpi-run ends it after its grace, and the job ends with rank 0's status.
TEST_F(Slurm, ANodeThatStopsAnsweringLosesNoGameAndTheJobEnds) {
  const auto match = builtin_match(kFaultRounds);
  run_local(match);
  const std::string pgn = (dir / "mpi.pgn").string();
  write_batch_script(
      "./triad-mpi-run srun --mpi=pmix",
      with(match,
           with(kFaultPause, with(outputs(), {"-mpilease", std::to_string(kLeaseSeconds)}))));
  ProcessResult job;
  std::vector<int> stopped;
  int victim = 0;
  {
    JobProcess process(sbatch_words({"--wait", "--nodes=3", "--ntasks=4", "--cpus-per-task=2"}),
                       dir.path());
    // A worker on a node of its own (ranks 2 and 3; rank 1 shares n1 with rank 0 and the
    // batch script) that has said hello and plays: the first to start a game.
    for (int i = 0; i < 3000 && victim == 0; ++i) {
      const std::string log = read_text(dir / "job.log");
      for (const int rank : {2, 3})
        if (victim == 0 && log.find("on rank " + std::to_string(rank) + " (") != std::string::npos)
          victim = rank;
      std::this_thread::sleep_for(10ms);
    }
    ASSERT_NE(victim, 0) << read_text(dir / "job.log");
    const int task = rank_process(pgn, victim, "SLURM_PROCID");
    ASSERT_GT(task, 0) << read_text(dir / "job.log");
    const std::string node = environment_value(task, "SLURMD_NODENAME");
    ASSERT_NE(node, "n1") << "rank " << victim << " shares the batch script's node";
    const auto daemon = processes_with("slurmd -D -N " + node + " ");
    ASSERT_EQ(daemon.size(), 1u) << "the slurmd of node " << node;
    const int step_daemon = parent_process(task);
    ASSERT_NE(read_text("/proc/" + std::to_string(step_daemon) + "/cmdline").find("slurmstepd"),
              std::string::npos);
    stopped = {daemon[0], step_daemon, task};
    for (const int pid : stopped) ASSERT_EQ(::kill(pid, SIGSTOP), 0) << pid;
    job = process.wait(kJobBound);
  }
  for (const int pid : stopped) ::kill(pid, SIGKILL);
  const auto log = read_text(dir / "job.log");
  ASSERT_FALSE(job.timed_out) << job.err << log;
  EXPECT_EQ(job.exit_code, 0) << job.err << log;
  ASSERT_NE(log.find("Lost rank " + std::to_string(victim) + " (triad-slurm)"), std::string::npos)
      << "the run ended before the fault; make the match longer\n"
      << log;
  EXPECT_NE(log.find("triad-mpi-run: rank 0 ended (status 0)"), std::string::npos) << log;
  expect_local_games("a node stopped under an srun batch script");
}

// Rank 0 killed under srun: the workers miss its heartbeats for a lease and leave, so the step
// ends (with srun's status for the killed task: rank 0 wrote none), and the same srun with the
// -resume file plays exactly the rest.
TEST_F(Slurm, RankZeroKilledUnderSrunEndsTheStepAndTheRunResumes) {
  const auto match = builtin_match(15000);
  run_local(match);
  const std::string pgn = (dir / "mpi.pgn").string(), state = (dir / "state.json").string();
  const auto settings =
      with(match, with(outputs(), {"-resume", state, "-mpilease", std::to_string(kLeaseSeconds)}));
  ProcessResult killed;
  {
    JobProcess process(srun_job(settings), dir.path());
    for (int i = 0; i < 3000 && lines_starting(read_text(pgn), "[Game ").size() < 2; ++i)
      std::this_thread::sleep_for(10ms);
    const int pid = rank_process(pgn, 0, "SLURM_PROCID");
    ASSERT_GT(pid, 0) << process.out_so_far();
    ::kill(pid, SIGKILL);
    killed = process.wait(kJobBound);
  }
  ASSERT_FALSE(killed.timed_out) << killed.err;
  EXPECT_NE(killed.exit_code, 0);
  EXPECT_NE(killed.err.find("rank 0 not heard from for " + std::to_string(kLeaseSeconds) +
                            " s; leaving the run"),
            std::string::npos)
      << killed.err;
  EXPECT_EQ(survivors_after(state, 5s), "") << "every rank has ended";
  const auto before = lines_starting(read_text(pgn), "[Game ").size();
  ASSERT_LT(before, 60000u) << "the run ended before rank 0 was killed; make the match longer";

  const auto resumed = JobProcess(srun_job(settings), dir.path()).wait(kJobBound);
  ASSERT_FALSE(resumed.timed_out) << resumed.err;
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.out.find("Resuming: "), std::string::npos);
  expect_local_games("rank 0 killed under srun, then resumed");
}

}  // namespace
}  // namespace triad::tournament::testing
