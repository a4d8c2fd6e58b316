// triad-match -mpi across three "hosts" (network namespaces h0, h1, h2 joined by a bridge,
// tests/cluster/fixture/netns-hosts.sh, which starts this program): mpirun on h0 with a
// hostfile starts rank 0 there and one worker on h1 and h2 over TCP, through
// cluster/triad-mpi-run. The
// games (and triad-analyse's output) equal the one-machine run's, and after a fault on h2 (its
// worker killed, its link down for good, the whole host gone) every planned game is played exactly
// once and the job ends within its bound (docs/cluster.md, "A job that always ends"); when mpirun
// itself gives up on the host, the job ends at once and -resume plays exactly the rest.
#include <signal.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>

#include <gtest/gtest.h>

#include "tests/analysis/analyse_support.h"
#include "tests/cluster/mpi_support.h"

namespace triad::tournament::testing {
namespace {

using namespace std::chrono_literals;

// The fixture's settings (netns-hosts.sh run exports them).
std::string fixture(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? "" : value;
}

// The lease the fault tests give rank 0 and the wrapper's grace after rank 0 has ended.
constexpr int kLeaseSeconds = 4;
constexpr int kGraceSeconds = 5;
// The bound on a whole job here: the run itself (a few seconds), a lease for the cut-off
// worker to be presumed lost, one second for rank 0 to look, the grace and a loaded machine's
// slack. A job that hangs (mpirun waiting for a cut-off host) is ended at this point.
constexpr auto kJobBound = std::chrono::seconds(60);

class Hosts : public AgainstLocalRun {
 protected:
  Hosts() : AgainstLocalRun("hosts") {}
  void SetUp() override {
    if (fixture("TRIAD_NETNS_SCRIPT").empty())
      GTEST_FAIL() << "run this program through tests/cluster/fixture/netns-hosts.sh run 3";
  }

  // `triad-mpi-run mpirun --hostfile hosts.txt --map-by node ... <program> -mpi <args>`,
  // started on h0, as docs/cluster.md's hostfile recipe: one slot on each of h0, h1, h2.
  std::vector<std::string> hosts_job(const std::vector<std::string>& args, bool recovery,
                                     const std::string& program = kTriadMatch) {
    std::ofstream(dir / "hosts.txt") << "h0 slots=1\nh1 slots=1\nh2 slots=1\n";
    const std::string script = fixture("TRIAD_NETNS_SCRIPT");
    const std::string net = fixture("TRIAD_NETNS_NET");
    std::vector<std::string> words = {script,
                                      "as",
                                      "h0",
                                      TRIAD_SOURCE_DIR "/cluster/triad-mpi-run",
                                      "-grace",
                                      std::to_string(kGraceSeconds),
                                      triad::testing::find_program("mpirun"),
                                      "--hostfile",
                                      (dir / "hosts.txt").string(),
                                      "--map-by",
                                      "node",
                                      "-np",
                                      "3",
                                      "--bind-to",
                                      "none",
                                      "--mca",
                                      "plm_rsh_agent",
                                      script + " on",
                                      "--mca",
                                      "btl",
                                      "tcp,self",
                                      "--mca",
                                      "btl_tcp_if_include",
                                      net,
                                      "--mca",
                                      "oob_tcp_if_include",
                                      net};
    if (recovery) words.push_back("--enable-recovery");
    words.push_back(program);
    words.push_back("-mpi");
    words.insert(words.end(), args.begin(), args.end());
    return words;
  }

  // Runs the fault tests' paced match (kFaultRounds, kFaultPause) across the hosts with a fault
  // on h2 (`fault`, once rank 0 has written two records) and checks the outcome: status 0,
  // rank 2 lost, the local run's games.
  template <class Fault>
  void run_with_fault(bool recovery, Fault fault, const std::string& why) {
    const auto match = builtin_match(kFaultRounds);
    run_local(match);
    const std::string pgn = (dir / "mpi.pgn").string();
    ProcessResult mpi;
    {
      const auto paced =
          with(match, with(kFaultPause, {"-mpilease", std::to_string(kLeaseSeconds)}));
      JobProcess job(hosts_job(with(paced, outputs()), recovery), dir.path());
      for (int i = 0; i < 3000 && lines_starting(read_text(pgn), "[Game ").size() < 2; ++i)
        std::this_thread::sleep_for(10ms);
      fault();
      mpi = job.wait(kJobBound);
    }
    ASSERT_FALSE(mpi.timed_out) << why << ": the job did not end\n" << mpi.out << mpi.err;
    EXPECT_EQ(mpi.exit_code, 0) << why << "\n" << mpi.err;
    ASSERT_NE(mpi.out.find("Lost rank 2 (h2)"), std::string::npos)
        << why << ": the run ended before the fault; make the match longer\n"
        << mpi.out;
    EXPECT_NE(mpi.out.find("Finished match"), std::string::npos) << mpi.out;
    expect_local_games(why);
    last_err = mpi.err;
  }

  std::string last_err;
};

void run_fixture(const std::vector<std::string>& words) {
  triad::testing::ChildProcess child(
      triad::testing::Command(with({fixture("TRIAD_NETNS_SCRIPT")}, words)));
  ASSERT_EQ(child.wait(std::chrono::minutes(5)), 0) << "netns-hosts.sh " << words.front();
}

TEST_F(Hosts, ThreeHostsPlayTheGamesOfTheLocalRunAndTheSummaryNamesEachHost) {
  const auto match = builtin_match(3);
  run_local(match);
  const auto mpi = JobProcess(hosts_job(with(match, outputs()), false), dir.path()).wait(kJobBound);
  ASSERT_FALSE(mpi.timed_out) << mpi.out << mpi.err;
  ASSERT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  expect_local_games("three hosts");
  EXPECT_EQ(lines_starting(read_text(dir / "mpi.pgn"), "[Game ").size(), 12u);
  EXPECT_NE(mpi.out.find("rank 1 (h1): "), std::string::npos) << mpi.out;
  EXPECT_NE(mpi.out.find("rank 2 (h2): "), std::string::npos) << mpi.out;
}

// triad-analyse -mpi across the hosts: the one-machine output but for the measured times, and
// each host named.
TEST_F(Hosts, ThreeHostsAnalyseLikeOneMachine) {
  std::string text;
  for (const auto& p : analysis::testing::positions("yinyang", 10)) text += p + "\n";
  analysis::testing::write_text(dir / "in.txt", text);
  const std::vector<std::string> settings = {"-variant",
                                             "yinyang",
                                             "-nodes",
                                             "2000",
                                             "-engine",
                                             "cmd=" TRIAD_BINARY_DIR "/triad",
                                             "option.Threads=1",
                                             "-quiet",
                                             (dir / "in.txt").string()};
  const auto local = analysis::testing::run_analyse(
      with(settings, {"-output", (dir / "local.jsonl").string()}), dir.path());
  ASSERT_EQ(local.exit_code, 0) << local.err;
  const auto mpi =
      JobProcess(hosts_job(with(settings, {"-output", (dir / "mpi.jsonl").string(), "-chunk", "2"}),
                           false, analysis::testing::kTriadAnalyse),
                 dir.path())
          .wait(kJobBound);
  ASSERT_FALSE(mpi.timed_out) << mpi.out << mpi.err;
  ASSERT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  const auto expected = read_text(dir / "local.jsonl");
  EXPECT_EQ(lines_starting(expected, "{").size(), 10u);
  EXPECT_EQ(analysis::testing::without_times(read_text(dir / "mpi.jsonl")),
            analysis::testing::without_times(expected));
  EXPECT_NE(mpi.err.find("rank 1 (h1)"), std::string::npos) << mpi.err;
  EXPECT_NE(mpi.err.find("rank 2 (h2)"), std::string::npos) << mpi.err;
}

TEST_F(Hosts, AWorkerKilledOnOneHostLosesNoGame) {
  run_with_fault(
      true,
      [&] {
        const int pid = rank_process((dir / "mpi.pgn").string(), 2);
        ASSERT_GT(pid, 0);
        ::kill(pid, SIGKILL);
      },
      "rank 2 killed on h2");
}

TEST_F(Hosts, AHostCutOffForGoodLosesNoGameAndTheJobEnds) {
  run_with_fault(
      true,
      [] {
        run_fixture({"cut", "h2"});
      },
      "h2's link down for good");
  // mpirun was still waiting for h2's daemon: the wrapper ended it.
  EXPECT_NE(last_err.find("triad-mpi-run: rank 0 ended (status 0)"), std::string::npos) << last_err;
}

TEST_F(Hosts, AHostThatDiesWithItsDaemonLosesNoGameAndTheJobEnds) {
  run_with_fault(
      true,
      [] {
        run_fixture({"crash", "h2"});
      },
      "h2 crashed (link and processes)");
}

// mpirun's own rule: when its session to a host ends (ssh giving up on a dead host; here the
// fixture's stand-in for it is killed), Open MPI ends the whole job at once, even with
// --enable-recovery. The records hold whole units in game-number order (a prefix of the
// local run's), and the same command with -resume (here on one machine) plays exactly the
// rest.
TEST_F(Hosts, WhenMpirunGivesUpOnAHostTheJobEndsAndResumes) {
  // Fewer games: with -resume each unit is synced to disk before it counts (slower).
  const auto match = builtin_match(100);
  run_local(match);
  const std::string pgn = (dir / "mpi.pgn").string();
  const auto resumable = with(outputs(), {"-resume", (dir / "state.json").string()});
  ProcessResult mpi;
  {
    // Paced (20 ms between a worker's games): under load the fault must still come mid-run.
    JobProcess job(hosts_job(with(with(match, {"-wait", "20"}), resumable), true), dir.path());
    for (int i = 0; i < 3000 && lines_starting(read_text(pgn), "[Game ").size() < 2; ++i)
      std::this_thread::sleep_for(10ms);
    run_fixture({"hangup", "h2"});
    mpi = job.wait(kJobBound);
  }
  ASSERT_FALSE(mpi.timed_out) << "the job did not end\n" << mpi.out << mpi.err;
  EXPECT_NE(mpi.exit_code, 0) << mpi.err;
  const auto played = read_text(dir / "mpi.pgn");
  const auto local_pgn = read_text(dir / "local.pgn");
  ASSERT_LT(played.size(), local_pgn.size()) << "the run ended before the fault";
  EXPECT_EQ(without_move_times(played), without_move_times(local_pgn.substr(0, played.size())));
  const auto resumed = run_triad_match(with(match, resumable), dir.path());
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.out.find("Resuming: "), std::string::npos) << resumed.out;
  expect_local_games("resumed after mpirun ended the job");
}

}  // namespace
}  // namespace triad::tournament::testing
