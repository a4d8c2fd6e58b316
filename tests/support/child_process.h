// Child processes for the tests that run Triad's programs: a command started with its
// standard output and error in files and an empty standard input, waited for with a timeout
// and killed if it overruns. Only child_process.cpp includes Boost.Process, which costs
// seconds of compile time per file (more under the sanitizers): the many process-level test
// files include this small header instead.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace triad::testing {

struct Command {
  // Where standard output and error go, emptied first; an empty path: this program's own.
  // An empty start folder: this program's working folder.
  Command(std::vector<std::string> words_, std::filesystem::path out_ = {},
          std::filesystem::path err_ = {}, std::filesystem::path start_dir_ = {})
      : words(std::move(words_)),
        out(std::move(out_)),
        err(std::move(err_)),
        start_dir(std::move(start_dir_)) {}
  std::vector<std::string> words;  // the program (a path) first, then its arguments
  std::filesystem::path out;
  std::filesystem::path err;
  std::filesystem::path start_dir;
};

class ChildProcess {
 public:
  explicit ChildProcess(const Command& command);
  ~ChildProcess();  // kills the child if it still runs
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  int pid() const;
  // Waits up to `timeout` for the exit: the exit code, or nothing (the child is then killed).
  std::optional<int> wait(std::chrono::milliseconds timeout);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// What a finished (or killed) command left: its exit code (nothing when it overran the
// timeout and was killed) and its two output files.
struct Finished {
  std::optional<int> exit_code;
  std::string out;
  std::string err;
};
// `command` from start to end; its outputs in `dir` (stdout.txt, stderr.txt) when the command
// names no files.
Finished run_to_end(Command command, const std::filesystem::path& dir,
                    std::chrono::milliseconds timeout);

// The file's whole text ("" if it cannot be read).
std::string read_file(const std::filesystem::path& file);

// The program `name` found on PATH, or "" when there is none.
std::string find_program(const std::string& name);

}  // namespace triad::testing
