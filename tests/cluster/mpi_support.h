// Runs triad-match under mpirun for the distributed-run tests: `mpirun -np N
// --oversubscribe` (the test machine may have fewer cores than ranks), allowed as root (CI
// containers), with a timeout that kills the whole job.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include <boost/process.hpp>

#include "tests/tournament/match_support.h"
#include "tests/tournament/process_support.h"

namespace triad::tournament::testing {

// The mpirun words before the program: N ranks, oversubscribed, no CPU binding.
inline std::vector<std::string> mpirun_words(int ranks) {
  return {"mpirun", "-np", std::to_string(ranks), "--oversubscribe", "--bind-to", "none"};
}

// A running command (mpirun ... or triad-match) with its output in files of `dir`.
class JobProcess {
 public:
  JobProcess(const std::vector<std::string>& words, const std::filesystem::path& dir)
      : out_(dir / "stdout.txt"), err_(dir / "stderr.txt") {
    auto env = boost::this_process::environment();
    env["OMPI_ALLOW_RUN_AS_ROOT"] = "1";
    env["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1";
    const auto program = words[0].find('/') == std::string::npos
                             ? boost::process::search_path(words[0])
                             : boost::filesystem::path(words[0]);
    child_ = boost::process::child(
        program, boost::process::args(std::vector<std::string>(words.begin() + 1, words.end())),
        env, boost::process::std_out > out_.string(), boost::process::std_err > err_.string(),
        boost::process::std_in < boost::process::null);
  }
  ~JobProcess() {
    std::error_code ec;
    if (child_.running(ec)) child_.terminate(ec);
  }
  int pid() { return child_.id(); }
  std::string out_so_far() const { return read_text(out_); }

  ProcessResult wait(std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
    ProcessResult r;
    std::error_code ec;
    if (!child_.wait_for(timeout, ec)) {
      r.timed_out = true;
      child_.terminate(ec);
    } else {
      r.exit_code = child_.exit_code();
    }
    r.out = read_text(out_);
    r.err = read_text(err_);
    return r;
  }

 private:
  std::filesystem::path out_;
  std::filesystem::path err_;
  boost::process::child child_;
};

// triad-match -mpi `args` on `ranks` ranks, to the end.
inline ProcessResult run_mpi_match(int ranks, const std::vector<std::string>& args,
                                   const std::filesystem::path& dir) {
  auto words = mpirun_words(ranks);
  words.push_back(kTriadMatch);
  words.push_back("-mpi");
  words.insert(words.end(), args.begin(), args.end());
  return JobProcess(words, dir).wait();
}

// The lines of `text` that start with `start` (e.g. the [Game "N"] tags of a record file).
inline std::vector<std::string> lines_starting(const std::string& text, const std::string& start) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.rfind(start, 0) == 0) out.push_back(line);
  return out;
}

// How many running processes have `text` in their command line (to find orphaned ranks or
// engines after a job ended), not counting this test program.
inline int processes_mentioning(const std::string& text) {
  int n = 0;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string pid = entry.path().filename().string();
    if (pid.find_first_not_of("0123456789") != std::string::npos) continue;
    if (pid == std::to_string(::getpid())) continue;
    std::string cmdline = read_text(entry.path() / "cmdline");
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    if (cmdline.find(text) != std::string::npos) ++n;
  }
  return n;
}

}  // namespace triad::tournament::testing
