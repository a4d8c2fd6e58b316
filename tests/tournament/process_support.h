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

#include "tests/support/child_process.h"
#include "tests/tournament/match_support.h"

namespace triad::tournament::testing {

inline const std::string kTriadMatch = TRIAD_BINARY_DIR "/triad-match";

struct ProcessResult {
  int exit_code = -1;
  bool timed_out = false;
  std::string out;
  std::string err;
};

// The words that start triad-match with `args`: directly, or through a shell that first
// limits the address space to `address_space_kib` (0 = no limit).
inline std::vector<std::string> command_words(const std::vector<std::string>& args,
                                              long address_space_kib) {
  std::vector<std::string> words;
  if (address_space_kib > 0)
    words = {"/bin/sh", "-c",
             "ulimit -v " + std::to_string(address_space_kib) + " && exec \"$0\" \"$@\""};
  words.push_back(kTriadMatch);
  words.insert(words.end(), args.begin(), args.end());
  return words;
}

// A running triad-match whose output goes to files in `dir`.
class MatchProcess {
 public:
  MatchProcess(const std::vector<std::string>& args, const std::filesystem::path& dir,
               long address_space_kib = 0)
      : MatchProcess(FullCommand{command_words(args, address_space_kib)}, dir) {}
  // Any command (program first: a path), e.g. mpirun with triad-match among its words.
  struct FullCommand {
    std::vector<std::string> words;
  };
  MatchProcess(const FullCommand& command, const std::filesystem::path& dir)
      : out_(dir / "stdout.txt"), err_(dir / "stderr.txt"), child_({command.words, out_, err_}) {}

  void signal(int number) { ::kill(child_.pid(), number); }
  int pid() { return child_.pid(); }
  std::string out_so_far() const { return read_text(out_); }

  // Waits up to `timeout` for the exit; kills the child if it overruns.
  ProcessResult wait(std::chrono::milliseconds timeout) {
    ProcessResult r;
    const auto code = child_.wait(timeout);
    r.timed_out = !code;
    r.exit_code = code.value_or(-1);
    r.out = read_text(out_);
    r.err = read_text(err_);
    return r;
  }

 private:
  std::filesystem::path out_;
  std::filesystem::path err_;
  triad::testing::ChildProcess child_;
};

inline ProcessResult run_triad_match(const std::vector<std::string>& args,
                                     const std::filesystem::path& dir,
                                     std::chrono::milliseconds timeout = std::chrono::seconds(60),
                                     long address_space_kib = 0) {
  MatchProcess process(args, dir, address_space_kib);
  return process.wait(timeout);
}

}  // namespace triad::tournament::testing
