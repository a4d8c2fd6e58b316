// Test helper: the real triad binary as a child process with a reader thread, timed reads and
// a kill at the end, for the out-of-process protocol tests. The process itself is in
// engine_child.cpp (Boost.Process is costly to compile in every test file).
#pragma once

#include <sys/resource.h>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace triad::protocol::testing {

using Clock = std::chrono::steady_clock;

// Generous: CI runs these under ASan on a loaded machine.
inline constexpr std::chrono::milliseconds kTimeout{20000};

// A limit on the child's address space (RLIMIT_AS), set before it starts the engine.
struct AddressSpaceLimit {
  rlim_t bytes = RLIM_INFINITY;
};

class EngineChild {
 public:
  explicit EngineChild(std::vector<std::string> args = {}, AddressSpaceLimit limit = {});
  ~EngineChild();  // kills the engine if it still runs
  EngineChild(const EngineChild&) = delete;
  EngineChild& operator=(const EngineChild&) = delete;

  void send(const std::string& line);
  void close_input();

  // The next output line, or nothing after `timeout` / at end of output.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout = kTimeout);
  // Reads until a line starting with `prefix`; returns it, or nothing on timeout/EOF.
  std::optional<std::string> wait_for(const std::string& prefix,
                                      std::chrono::milliseconds timeout = kTimeout);
  // Every line up to and including the first that starts with `prefix` (fewer on timeout).
  std::vector<std::string> lines_until(const std::string& prefix,
                                       std::chrono::milliseconds timeout = kTimeout);
  // The exit code, or nothing if the child has not exited in time.
  std::optional<int> wait_exit(std::chrono::milliseconds timeout = kTimeout);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace triad::protocol::testing
