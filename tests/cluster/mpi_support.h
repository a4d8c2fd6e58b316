// Runs triad-match and triad-analyse under mpirun for the distributed-run tests, with a timeout
// that ends the whole job, and finds processes a job may have left behind.
#pragma once

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "tests/tournament/match_support.h"
#include "tests/tournament/process_support.h"

namespace triad::tournament::testing {

// The mpirun words before the program: N ranks, oversubscribed (the test machine may have
// fewer cores than ranks), no CPU binding.
inline std::vector<std::string> mpirun_words(int ranks) {
  return {triad::testing::find_program("mpirun"),
          "-np",
          std::to_string(ranks),
          "--oversubscribe",
          "--bind-to",
          "none"};
}

// A running command (program first, a path) with its output in files of `dir`, started
// through env(1) with these variables: Open MPI may run as root (CI containers); under the
// asan preset, LeakSanitizer ignores what Open MPI keeps past MPI_Finalize (its plugins stay
// loaded and stacks are unwound fully so that the suppressions can name Open MPI's
// libraries; a leak in Triad's code still fails), and ASan does not track the dynamic TLS of
// those plugins (intercept_tls_get_addr=0): with it, a rank's leak check at exit read a
// garbage range ("DTLS 6 at 0x4654-0x400005756") and LeakSanitizer's tracer crashed, in
// every error-path job on a loaded machine. The ranks inherit mpirun's environment.
inline std::vector<std::string> with_mpi_environment(const std::vector<std::string>& words) {
  std::vector<std::string> out = {"/usr/bin/env",
                                  "OMPI_ALLOW_RUN_AS_ROOT=1",
                                  "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1",
                                  "OMPI_MCA_mca_base_component_disable_dlclose=1",
                                  "ASAN_OPTIONS=fast_unwind_on_malloc=0:intercept_tls_get_addr=0",
                                  "LSAN_OPTIONS=print_suppressions=0:suppressions=" TRIAD_SOURCE_DIR
                                  "/tests/cluster/lsan-openmpi.supp"};
  out.insert(out.end(), words.begin(), words.end());
  return out;
}

class JobProcess : public MatchProcess {
 public:
  JobProcess(const std::vector<std::string>& words, const std::filesystem::path& dir)
      : MatchProcess(FullCommand{with_mpi_environment(words)}, dir) {}
};

// A job to its end (60 s at most).
inline ProcessResult run_job(const std::vector<std::string>& words,
                             const std::filesystem::path& dir) {
  return JobProcess(words, dir).wait(std::chrono::seconds(60));
}

// triad-match -mpi `args` on `ranks` ranks, to the end.
inline ProcessResult run_mpi_match(int ranks, const std::vector<std::string>& args,
                                   const std::filesystem::path& dir) {
  auto words = mpirun_words(ranks);
  words.push_back(kTriadMatch);
  words.push_back("-mpi");
  words.insert(words.end(), args.begin(), args.end());
  return run_job(words, dir);
}

// The lines of `text` that start with `start` (e.g. the [Game "N"] tags of a record file).
inline std::vector<std::string> lines_starting(const std::string& text, const std::string& start) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(start, 0) == 0) out.push_back(line);
  return out;
}

// The running processes that have `text` in their command line (to find orphaned ranks or
// engines after a job ended, or a daemon), not counting this test program.
inline std::vector<int> processes_with(const std::string& text) {
  std::vector<int> found;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string pid = entry.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    if (pid == std::to_string(::getpid())) continue;
    std::string cmdline = read_text(entry.path() / "cmdline");
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    if (cmdline.find(text) != std::string::npos) found.push_back(std::stoi(pid));
  }
  return found;
}
inline int processes_mentioning(const std::string& text) {
  return static_cast<int>(processes_with(text).size());
}

// One line per running process with `text` in its command line: its pid, state and parent
// (from /proc/PID/stat) and the start of its command line, for a failure message.
inline std::string describe_processes_with(const std::string& text) {
  std::string out;
  for (const int pid : processes_with(text)) {
    const std::string proc = "/proc/" + std::to_string(pid);
    std::string stat = read_text(proc + "/stat"), cmdline = read_text(proc + "/cmdline");
    const auto after_name = stat.rfind(')');  // "PID (NAME) STATE PPID ..."
    stat = after_name == std::string::npos ? stat : stat.substr(after_name + 2, 12);
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    out += "  pid " + std::to_string(pid) +
           " (state, parent: " + stat.substr(0, stat.find(' ', 2)) +
           "): " + cmdline.substr(0, 160) + "\n";
  }
  return out;
}

// The processes with `text` in their command line still running after `bound` (one line each,
// as describe_processes_with gives them; "" once all have ended), polled every 10 ms.
inline std::string survivors_after(const std::string& text, std::chrono::milliseconds bound) {
  const auto end = std::chrono::steady_clock::now() + bound;
  while (processes_mentioning(text) > 0 && std::chrono::steady_clock::now() < end)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  return describe_processes_with(text);
}

// The value of `name` in the environment of process `pid` ("" if it has none).
inline std::string environment_value(int pid, const std::string& name) {
  std::string environment = read_text("/proc/" + std::to_string(pid) + "/environ");
  std::replace(environment.begin(), environment.end(), '\0', '\n');
  const auto at = ("\n" + environment).find("\n" + name + "=");
  if (at == std::string::npos) return "";
  const auto start = at + name.size() + 1, end = environment.find('\n', start);
  return environment.substr(start, end == std::string::npos ? end : end - start);
}

// The process id of MPI rank `rank` of a running job whose command line has `text`, or -1.
// The rank is read from the process's environment: `variable` (mpirun's; srun sets
// SLURM_PROCID).
inline int rank_process(const std::string& text, int rank,
                        const std::string& variable = "OMPI_COMM_WORLD_RANK") {
  for (const int pid : processes_with(text)) {
    const std::string cmdline = read_text("/proc/" + std::to_string(pid) + "/cmdline");
    if (cmdline.find("mpirun") != std::string::npos) continue;
    if (environment_value(pid, variable) == std::to_string(rank)) return pid;
  }
  return -1;
}

// The words of an MPI job of `program -mpi args` whose ranks run in other folders (rank 0 in
// `rank0`, two workers in `workers`): the same command line, so a relative path names another
// file on the workers, as the same path can on other hosts.
inline std::vector<std::string> mpirun_in_folders(const std::string& program,
                                                  const std::filesystem::path& rank0,
                                                  const std::filesystem::path& workers,
                                                  const std::vector<std::string>& args) {
  const auto all = mpirun_words(1);  // mpirun, -np 1, the shared options
  std::vector<std::string> words(all.begin(), all.begin() + 1);
  words.insert(words.end(), all.begin() + 3, all.end());
  for (const auto& [ranks, folder] : {std::pair{"1", rank0}, std::pair{"2", workers}}) {
    if (folder != rank0) words.push_back(":");
    words.insert(words.end(), {"-np", ranks, "-wdir", folder.string(), program, "-mpi"});
    words.insert(words.end(), args.begin(), args.end());
  }
  return words;
}

// `mpirun -np 3 --enable-recovery <program> -mpi` (a dead rank does not end the job at once).
inline std::vector<std::string> mpirun_with_recovery(const std::string& program) {
  auto words = mpirun_words(3);
  words.insert(words.end(), {"--enable-recovery", program, "-mpi"});
  return words;
}

// Waits until `file` holds two lines starting with `start` (records, output lines), then
// kills MPI rank `rank` of the job writing it (found by the file's name on its command line).
inline void kill_rank_once_written(const std::string& file, const std::string& start, int rank,
                                   JobProcess& job) {
  for (int i = 0; i < 3000 && lines_starting(read_text(file), start).size() < 2; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const int pid = rank_process(file, rank);
  ASSERT_GT(pid, 0) << job.out_so_far();
  ::kill(pid, SIGKILL);
}

// `words` followed by `more`.
inline std::vector<std::string> with(std::vector<std::string> words,
                                     const std::vector<std::string>& more) {
  words.insert(words.end(), more.begin(), more.end());
  return words;
}

// A record file without the measured move times (`1.234s}` becomes `s}`: they differ from
// run to run). A plain scan: std::regex costs each including test file seconds of compile.
inline std::string without_move_times(const std::string& pgn) {
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  std::string out;
  std::size_t from = 0;
  for (std::size_t at; (at = pgn.find("s}", from)) != std::string::npos; from = at + 2) {
    // Back over exactly three decimals, a point and at least one digit.
    std::size_t start = at;
    const bool decimals = start >= 5 && digit(pgn[start - 1]) && digit(pgn[start - 2]) &&
                          digit(pgn[start - 3]) && pgn[start - 4] == '.' && digit(pgn[start - 5]);
    if (decimals)
      for (start -= 5; start > from && digit(pgn[start - 1]);) --start;
    out.append(pgn, from, (decimals ? start : at) - from).append("s}");
  }
  return out.append(pgn, from, std::string::npos);
}

// A deterministic match of the built-in players (seeded by -seed and the game number), long
// enough for a fault in the middle: `rounds` rounds of 4 games (2 openings, colours swapped).
inline std::vector<std::string> builtin_match(int rounds) {
  return {"-engine",   "name=Random", "cmd=builtin:random",
          "-engine",   "name=Greedy", "cmd=builtin:greedy",
          "-variant",  "yinyang",     "-games",
          "4",         "-rounds",     std::to_string(rounds),
          "-repeat",   "-seed",       "11",
          "-openings", "plies=3",     "-ratinginterval",
          "0"};
}

// A fault test's match and the pause its distributed run adds between a game thread's games
// (-wait leaves the games as they are): a fault injected once the first records are written
// then comes long before the end however fast the machine (unpaced, 8000 games once ended
// before the worker to kill was found; paced, 800 games last at least 8 s with two workers),
// and they still end well inside a 60-s job bound when one worker plays nearly all of them
// (at most 50 games a second per game thread).
constexpr int kFaultRounds = 200;
inline const std::vector<std::string> kFaultPause = {"-wait", "20"};

// Tests that compare a distributed run (records mpi.pgn, summary mpi.json in `dir`) with the
// one-machine run of the same match.
class AgainstLocalRun : public ::testing::Test {
 protected:
  explicit AgainstLocalRun(const std::string& name) : dir(name) {}

  // The one-machine run of `match`, with its records and summary in dir.
  void run_local(const std::vector<std::string>& match) {
    const auto local = run_triad_match(with(match, {"-pgnout", (dir / "local.pgn").string(),
                                                    "-jsonout", (dir / "local.json").string()}),
                                       dir.path());
    ASSERT_EQ(local.exit_code, 0) << local.err;
  }

  // The distributed run's output flags.
  std::vector<std::string> outputs() const {
    return {"-pgnout", (dir / "mpi.pgn").string(), "-jsonout", (dir / "mpi.json").string()};
  }

  // Every planned game exactly once, records and summary those of the one-machine run.
  void expect_local_games(const std::string& why) {
    const auto mpi_pgn = read_text(dir / "mpi.pgn");
    const auto local_pgn = read_text(dir / "local.pgn");
    EXPECT_EQ(lines_starting(mpi_pgn, "[Game "), lines_starting(local_pgn, "[Game ")) << why;
    EXPECT_EQ(without_move_times(mpi_pgn), without_move_times(local_pgn)) << why;
    EXPECT_EQ(read_text(dir / "mpi.json"), read_text(dir / "local.json")) << why;
  }

  TempDir dir;
};

}  // namespace triad::tournament::testing
