// EngineProcess: one engine child process driven over pipes (Boost.Process + a reader
// thread). Every read has a timeout, a hung child can always be killed (with its whole
// process group), and the child's stderr goes to a log file. No protocol knowledge here.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.h"

namespace triad::protocol {

// A switch shared by engine processes (e.g. every engine of a match): after cancel(), every
// wait of every process attached to it returns at once with ReadStatus::kCancelled, and
// processes attached later are cancelled from the start. Thread-safe.
class CancelSignal {
 public:
  void cancel();
  bool cancelled() const;
  // Kills the process group of every attached process at once (for an immediate exit).
  void kill_all() const;

 private:
  friend class EngineProcess;
  // `wake` is called by cancel() (at once if it was called already); `group` is the
  // process group to kill.
  std::uint64_t attach(pid_t group, std::function<void()> wake);
  void detach(std::uint64_t id);

  struct Waiter {
    pid_t group;
    std::function<void()> wake;
  };
  mutable std::mutex mutex_;
  bool cancelled_ = false;
  std::uint64_t next_id_ = 0;
  std::map<std::uint64_t, Waiter> waiters_;
};

struct ProcessSpec {
  std::string command;                // a path, or a name looked up in PATH
  std::vector<std::string> args;      // passed as-is (no shell)
  std::filesystem::path working_dir;  // empty = the current directory
  std::filesystem::path stderr_log;   // appended to; empty = stderr discarded
  // Transcript of the dialogue, appended to: "<ms since start> > line" for what we send,
  // "<ms> < line" for what the engine prints. Empty = none.
  std::filesystem::path io_log;
  std::shared_ptr<CancelSignal> cancel;  // none = waits end only by a line or the timeout
};

enum class ReadStatus { kLine, kTimeout, kClosed, kCancelled };

struct ReadResult {
  ReadStatus status = ReadStatus::kClosed;
  std::string line;  // without the line end; only for kLine
};

class EngineProcess {
 public:
  // Starts the child. The error says which command failed and why (not found, not
  // executable, bad working directory). Ignores SIGPIPE process-wide, so that writing to a
  // dead child reports an error instead of killing the runner.
  static Result<std::unique_ptr<EngineProcess>> start(const ProcessSpec& spec);
  // Whether start() would find the program and the working directory (nothing is run).
  static Result<void> check(const ProcessSpec& spec);

  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  ~EngineProcess();  // kills the child if it still runs

  // Sends one line (a '\n' is appended). Fails if the child's stdin is closed.
  Result<void> write_line(std::string_view line);
  // The next line the child printed, waiting at most `timeout` (kCancelled at once once the
  // spec's CancelSignal is cancelled).
  ReadResult read_line(std::chrono::milliseconds timeout);
  // Removes and returns the lines received but not read yet (without waiting).
  std::vector<std::string> take_received();

  bool running();
  // Closes the child's stdin and waits up to `grace` for it to exit; kills it after that.
  void shut_down(std::chrono::milliseconds grace);
  // Kills the child and its process group at once.
  void kill();
  std::optional<int> exit_code() const { return exit_code_; }
  const ProcessSpec& spec() const { return spec_; }

 private:
  struct Impl;
  EngineProcess(ProcessSpec spec, std::unique_ptr<Impl> impl);
  void reap();

  ProcessSpec spec_;
  std::unique_ptr<Impl> impl_;
  std::optional<int> exit_code_;
  std::uint64_t cancel_id_ = 0;
};

}  // namespace triad::protocol
