// The triad binary as a child process for the protocol tests (engine_child.h), on
// Boost.Process: pipes for standard input and output, a thread that reads the output lines.
#include "tests/protocol/engine_child.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include <boost/process.hpp>
#include <boost/process/extend.hpp>

namespace triad::protocol::testing {

namespace bp = boost::process;

namespace {

// Sets the limit in the child, between fork and exec.
struct LimitHandler : bp::extend::handler {
  rlim_t bytes = RLIM_INFINITY;
  template <class Executor>
  void on_exec_setup(Executor&) const {
    const rlimit limit{bytes, bytes};
    setrlimit(RLIMIT_AS, &limit);
  }
};

}  // namespace

struct EngineChild::Impl {
  bp::opstream in;
  bp::ipstream out;
  bp::child child;
  std::thread reader;
  std::mutex mutex;
  std::condition_variable cv;
  std::deque<std::string> lines;
  bool eof = false;

  Impl(std::vector<std::string> args, AddressSpaceLimit limit) {
    LimitHandler handler;
    handler.bytes = limit.bytes;
    child = bp::child(bp::exe = TRIAD_BINARY_DIR "/triad", bp::args = std::move(args),
                      bp::std_in<in, bp::std_out> out, bp::std_err > bp::null, handler);
    reader = std::thread([this] {
      std::string line;
      while (std::getline(out, line)) {
        std::lock_guard lock(mutex);
        lines.push_back(line);
        cv.notify_all();
      }
      std::lock_guard lock(mutex);
      eof = true;
      cv.notify_all();
    });
  }
};

EngineChild::EngineChild(std::vector<std::string> args, AddressSpaceLimit limit)
    : impl_(std::make_unique<Impl>(std::move(args), limit)) {}

EngineChild::~EngineChild() {
  std::error_code ec;
  if (impl_->child.running(ec)) impl_->child.terminate(ec);
  impl_->child.wait(ec);
  impl_->reader.join();
}

void EngineChild::send(const std::string& line) {
  impl_->in << line << std::endl;
}

void EngineChild::close_input() {
  impl_->in.flush();
  impl_->in.pipe().close();
}

std::optional<std::string> EngineChild::read_line(std::chrono::milliseconds timeout) {
  std::unique_lock lock(impl_->mutex);
  if (!impl_->cv.wait_for(lock, timeout, [&] { return !impl_->lines.empty() || impl_->eof; }))
    return std::nullopt;
  if (impl_->lines.empty()) return std::nullopt;
  std::string line = std::move(impl_->lines.front());
  impl_->lines.pop_front();
  return line;
}

std::optional<std::string> EngineChild::wait_for(const std::string& prefix,
                                                 std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    auto line =
        read_line(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()));
    if (!line) return std::nullopt;
    if (line->rfind(prefix, 0) == 0) return line;
  }
  return std::nullopt;
}

std::vector<std::string> EngineChild::lines_until(const std::string& prefix,
                                                  std::chrono::milliseconds timeout) {
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

std::optional<int> EngineChild::wait_exit(std::chrono::milliseconds timeout) {
  const auto deadline = Clock::now() + timeout;
  std::error_code ec;
  while (impl_->child.running(ec) && Clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (impl_->child.running(ec)) return std::nullopt;
  impl_->child.wait(ec);
  return impl_->child.exit_code();
}

}  // namespace triad::protocol::testing
