// Test helper: the real triad binary as a child process (Boost.Process) with a reader thread,
// timed reads and a kill at the end, for the out-of-process protocol tests.
#pragma once

#include <sys/resource.h>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace triad::protocol::testing {

namespace bp = boost::process;
using Clock = std::chrono::steady_clock;

// Generous: CI runs these under ASan on a loaded machine.
inline constexpr std::chrono::milliseconds kTimeout{20000};

// Limits the child's address space (RLIMIT_AS) to `bytes` before it starts the engine.
struct AddressSpaceLimit : bp::extend::handler {
  rlim_t bytes = RLIM_INFINITY;
  template <class Executor>
  void on_exec_setup(Executor&) const {
    const rlimit limit{bytes, bytes};
    setrlimit(RLIMIT_AS, &limit);
  }
};

class EngineChild {
 public:
  explicit EngineChild(std::vector<std::string> args = {}, AddressSpaceLimit limit = {})
      : child_(bp::exe = TRIAD_BINARY_DIR "/triad", bp::args = std::move(args),
               bp::std_in<in_, bp::std_out> out_, bp::std_err > bp::null, limit) {
    reader_ = std::thread([this] {
      std::string line;
      while (std::getline(out_, line)) {
        std::lock_guard lock(mutex_);
        lines_.push_back(line);
        cv_.notify_all();
      }
      std::lock_guard lock(mutex_);
      eof_ = true;
      cv_.notify_all();
    });
  }
  ~EngineChild() {
    std::error_code ec;
    if (child_.running(ec)) child_.terminate(ec);
    child_.wait(ec);
    reader_.join();
  }

  void send(const std::string& line) { in_ << line << std::endl; }
  void close_input() {
    in_.flush();
    in_.pipe().close();
  }

  // The next output line, or nothing after `timeout` / at end of output.
  std::optional<std::string> read_line(std::chrono::milliseconds timeout = kTimeout) {
    std::unique_lock lock(mutex_);
    if (!cv_.wait_for(lock, timeout, [&] { return !lines_.empty() || eof_; })) return std::nullopt;
    if (lines_.empty()) return std::nullopt;
    std::string line = std::move(lines_.front());
    lines_.pop_front();
    return line;
  }
  // Reads until a line starting with `prefix`; returns it, or nothing on timeout/EOF.
  std::optional<std::string> wait_for(const std::string& prefix,
                                      std::chrono::milliseconds timeout = kTimeout) {
    const auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
      auto line =
          read_line(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
      if (!line) return std::nullopt;
      if (line->rfind(prefix, 0) == 0) return line;
    }
    return std::nullopt;
  }
  // Every line up to and including the first that starts with `prefix` (fewer on timeout).
  std::vector<std::string> lines_until(const std::string& prefix,
                                       std::chrono::milliseconds timeout = kTimeout) {
    std::vector<std::string> out;
    const auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
      auto line =
          read_line(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
      if (!line) break;
      out.push_back(*line);
      if (line->rfind(prefix, 0) == 0) break;
    }
    return out;
  }
  // The exit code, or nothing if the child has not exited in time.
  std::optional<int> wait_exit(std::chrono::milliseconds timeout = kTimeout) {
    const auto deadline = Clock::now() + timeout;
    std::error_code ec;
    while (child_.running(ec) && Clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (child_.running(ec)) return std::nullopt;
    child_.wait(ec);
    return child_.exit_code();
  }

 private:
  bp::opstream in_;
  bp::ipstream out_;
  bp::child child_;
  std::thread reader_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::string> lines_;
  bool eof_ = false;
};

}  // namespace triad::protocol::testing
