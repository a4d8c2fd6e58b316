// Runs the triad-match binary as a child process for the process-level tests: exit code,
// standard output and error, with a timeout (the child is killed if it overruns), and a way
// to send it a signal while it runs.
#pragma once

#include <signal.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <boost/process.hpp>

#include "tests/tournament/match_support.h"

namespace triad::tournament::testing {

inline const std::string kTriadMatch = TRIAD_BINARY_DIR "/triad-match";

struct ProcessResult {
  int exit_code = -1;
  bool timed_out = false;
  std::string out;
  std::string err;
};

// A running triad-match whose output goes to files in `dir`.
class MatchProcess {
 public:
  MatchProcess(const std::vector<std::string>& args, const std::filesystem::path& dir)
      : out_(dir / "stdout.txt"),
        err_(dir / "stderr.txt"),
        child_(kTriadMatch, boost::process::args(args), boost::process::std_out > out_.string(),
               boost::process::std_err > err_.string(),
               boost::process::std_in < boost::process::null) {}
  ~MatchProcess() {
    std::error_code ec;
    if (child_.running(ec)) child_.terminate(ec);
  }

  void signal(int number) { ::kill(child_.id(), number); }
  int pid() { return child_.id(); }
  std::string out_so_far() const { return read_text(out_); }

  // Waits up to `timeout` for the exit; kills the child if it overruns.
  ProcessResult wait(std::chrono::milliseconds timeout) {
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

inline ProcessResult run_triad_match(const std::vector<std::string>& args,
                                     const std::filesystem::path& dir,
                                     std::chrono::milliseconds timeout = std::chrono::seconds(60)) {
  MatchProcess process(args, dir);
  return process.wait(timeout);
}

}  // namespace triad::tournament::testing
