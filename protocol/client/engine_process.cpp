// EngineProcess implementation: Boost.Process v1 (Boost 1.74) for the child and its pipes,
// a reader thread that turns stdout into a queue of lines, and a condition variable for
// reads with a deadline.
#include "protocol/client/engine_process.h"

#include <fcntl.h>
#include <signal.h>
#include <condition_variable>

#include <csignal>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>

#include <boost/process.hpp>

namespace triad::protocol {

namespace bp = boost::process;

struct EngineProcess::Impl {
  bp::opstream in;
  bp::ipstream out;
  bp::group group;
  bp::child child;
  std::thread reader;
  std::mutex mutex;
  std::condition_variable ready;
  std::deque<std::string> lines;
  bool closed = false;
  bool cancelled = false;
  std::unique_ptr<FILE, int (*)(FILE*)> io_log{nullptr, &std::fclose};  // guarded by `mutex`
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();

  // Appends one transcript line; the caller holds `mutex`.
  void log_line(char direction, std::string_view line) {
    if (!io_log) return;
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - started)
                        .count();
    std::fprintf(io_log.get(), "%lld %c %.*s\n", static_cast<long long>(ms), direction,
                 static_cast<int>(line.size()), line.data());
    std::fflush(io_log.get());
  }

  void read_loop() {
    std::string line;
    while (std::getline(out, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      std::lock_guard lock(mutex);
      log_line('<', line);
      lines.push_back(std::move(line));
      ready.notify_one();
    }
    std::lock_guard lock(mutex);
    closed = true;
    ready.notify_one();
  }
};

void CancelSignal::cancel() {
  std::lock_guard lock(mutex_);
  cancelled_ = true;
  for (auto& [id, waiter] : waiters_) waiter.wake();
}

bool CancelSignal::cancelled() const {
  std::lock_guard lock(mutex_);
  return cancelled_;
}

void CancelSignal::kill_all() const {
  std::lock_guard lock(mutex_);
  for (const auto& [id, waiter] : waiters_)
    if (waiter.group > 0) ::kill(-waiter.group, SIGKILL);
}

std::uint64_t CancelSignal::attach(pid_t group, std::function<void()> wake) {
  std::lock_guard lock(mutex_);
  if (cancelled_) wake();
  waiters_[++next_id_] = {group, std::move(wake)};
  return next_id_;
}

void CancelSignal::detach(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  waiters_.erase(id);
}

namespace {

// Engines are started one at a time, and our pipe ends are close-on-exec, so that no child
// inherits the pipes of another engine (an inherited copy of a crashed engine's stdout
// would hide its end of file from us).
std::mutex spawn_mutex;

void set_cloexec(int fd) {
  ::fcntl(fd, F_SETFD, ::fcntl(fd, F_GETFD) | FD_CLOEXEC);
}

// The executable to run: a command with a '/' is a path (relative to the working
// directory, as a shell started there would see it); otherwise it is looked up in PATH.
Result<boost::filesystem::path> resolve_command(const ProcessSpec& spec) {
  if (spec.command.empty()) return make_error("engine command is empty");
  if (spec.command.find('/') == std::string::npos) {
    auto found = bp::search_path(spec.command);
    if (found.empty())
      return make_error("engine command '" + spec.command + "' was not found in PATH");
    return found;
  }
  std::filesystem::path p(spec.command);
  if (p.is_relative() && !spec.working_dir.empty()) p = spec.working_dir / p;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(p, ec))
    return make_error("engine command '" + p.string() + "' does not exist or is not a file");
  return boost::filesystem::path(std::filesystem::absolute(p, ec).string());
}

}  // namespace

Result<void> EngineProcess::check(const ProcessSpec& spec) {
  if (auto exe = resolve_command(spec); !exe) return exe.error();
  std::error_code ec;
  if (!spec.working_dir.empty() && !std::filesystem::is_directory(spec.working_dir, ec))
    return make_error("engine working directory '" + spec.working_dir.string() +
                      "' does not exist");
  return {};
}

Result<std::unique_ptr<EngineProcess>> EngineProcess::start(const ProcessSpec& spec) {
  std::signal(SIGPIPE, SIG_IGN);
  if (auto r = check(spec); !r) return r.error();
  auto exe = resolve_command(spec);
  std::error_code ec;
  const std::filesystem::path dir =
      spec.working_dir.empty() ? std::filesystem::current_path(ec) : spec.working_dir;

  FILE* err_file = nullptr;
  if (!spec.stderr_log.empty()) {
    err_file = std::fopen(spec.stderr_log.c_str(), "ae");  // e: close-on-exec
    if (!err_file)
      return make_error("cannot open the stderr log '" + spec.stderr_log.string() +
                        "' for writing");
  }
  std::lock_guard spawn_lock(spawn_mutex);
  auto impl = std::make_unique<Impl>();
  if (!spec.io_log.empty()) {
    impl->io_log.reset(std::fopen(spec.io_log.c_str(), "ae"));
    if (!impl->io_log) {
      if (err_file) std::fclose(err_file);
      return make_error("cannot open the transcript '" + spec.io_log.string() + "' for writing");
    }
  }
  for (int fd : {impl->in.pipe().native_source(), impl->in.pipe().native_sink(),
                 impl->out.pipe().native_source(), impl->out.pipe().native_sink()})
    set_cloexec(fd);
  if (err_file) {
    impl->child = bp::child(*exe, bp::args(spec.args), bp::start_dir(dir.string()),
                            bp::std_in<impl->in, bp::std_out> impl->out, bp::std_err > err_file,
                            impl->group, ec);
    std::fclose(err_file);
  } else {
    impl->child = bp::child(*exe, bp::args(spec.args), bp::start_dir(dir.string()),
                            bp::std_in<impl->in, bp::std_out> impl->out, bp::std_err > bp::null,
                            impl->group, ec);
  }
  if (ec) return make_error("cannot start engine '" + spec.command + "': " + ec.message());
  Impl* raw = impl.get();
  impl->reader = std::thread([raw] { raw->read_loop(); });
  auto process = std::unique_ptr<EngineProcess>(new EngineProcess(spec, std::move(impl)));
  if (spec.cancel)
    process->cancel_id_ = spec.cancel->attach(raw->group.native_handle(), [raw] {
      std::lock_guard lock(raw->mutex);
      raw->cancelled = true;
      raw->ready.notify_all();
    });
  return process;
}

EngineProcess::EngineProcess(ProcessSpec spec, std::unique_ptr<Impl> impl)
    : spec_(std::move(spec)), impl_(std::move(impl)) {}

EngineProcess::~EngineProcess() {
  if (spec_.cancel) spec_.cancel->detach(cancel_id_);
  kill();
}

Result<void> EngineProcess::write_line(std::string_view line) {
  if (!impl_->in.pipe().is_open()) return make_error("the engine's input is already closed");
  {
    std::lock_guard lock(impl_->mutex);
    impl_->log_line('>', line);
  }
  impl_->in << line << '\n' << std::flush;
  if (!impl_->in) return make_error("the engine's input pipe is broken (the engine exited)");
  return {};
}

ReadResult EngineProcess::read_line(std::chrono::milliseconds timeout) {
  std::unique_lock lock(impl_->mutex);
  const bool got = impl_->ready.wait_for(
      lock, timeout, [this] { return !impl_->lines.empty() || impl_->closed || impl_->cancelled; });
  if (impl_->cancelled) return {ReadStatus::kCancelled, {}};
  if (!impl_->lines.empty()) {
    ReadResult r{ReadStatus::kLine, std::move(impl_->lines.front())};
    impl_->lines.pop_front();
    return r;
  }
  return {got ? ReadStatus::kClosed : ReadStatus::kTimeout, {}};
}

std::vector<std::string> EngineProcess::take_received() {
  std::lock_guard lock(impl_->mutex);
  std::vector<std::string> out(std::make_move_iterator(impl_->lines.begin()),
                               std::make_move_iterator(impl_->lines.end()));
  impl_->lines.clear();
  return out;
}

bool EngineProcess::running() {
  std::error_code ec;
  return impl_->child.valid() && impl_->child.running(ec);
}

void EngineProcess::shut_down(std::chrono::milliseconds grace) {
  if (impl_->in.pipe().is_open()) impl_->in.pipe().close();
  const auto deadline = std::chrono::steady_clock::now() + grace;
  while (running() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  kill();
}

void EngineProcess::kill() {
  std::error_code ec;
  if (impl_->child.valid() && impl_->child.running(ec)) impl_->group.terminate(ec);
  // Members of the group that outlive the child (e.g. a script's subprocess) would keep
  // stdout open and the reader blocked; the group kill above ends them too.
  if (impl_->group.valid()) impl_->group.terminate(ec);
  reap();
}

void EngineProcess::reap() {
  std::error_code ec;
  if (impl_->child.valid()) {
    impl_->child.wait(ec);
    if (!ec) exit_code_ = impl_->child.exit_code();
  }
  if (impl_->in.pipe().is_open()) impl_->in.pipe().close();
  if (impl_->reader.joinable()) impl_->reader.join();
}

}  // namespace triad::protocol
