// Child processes for the tests (child_process.h), on Boost.Process.
#include "tests/support/child_process.h"

#include <fstream>
#include <sstream>
#include <system_error>
#include <thread>

#include <boost/process.hpp>

namespace triad::testing {

namespace bp = boost::process;

namespace {

// `file` emptied (the redirection appends), as the path Boost.Process opens.
std::string emptied(const std::filesystem::path& file) {
  std::ofstream(file, std::ios::trunc);
  return file.string();
}

bp::child start(const Command& c) {
  const std::string dir =
      (c.start_dir.empty() ? std::filesystem::current_path() : c.start_dir).string();
  // Each redirection is a different type, so the four cases are spelled out.
  if (!c.out.empty() && !c.err.empty())
    return bp::child(bp::args(c.words), bp::std_out > emptied(c.out), bp::std_err > emptied(c.err),
                     bp::std_in < bp::null, bp::start_dir = dir);
  if (!c.out.empty())
    return bp::child(bp::args(c.words), bp::std_out > emptied(c.out), bp::std_in < bp::null,
                     bp::start_dir = dir);
  if (!c.err.empty())
    return bp::child(bp::args(c.words), bp::std_err > emptied(c.err), bp::std_in < bp::null,
                     bp::start_dir = dir);
  return bp::child(bp::args(c.words), bp::std_in < bp::null, bp::start_dir = dir);
}

}  // namespace

struct ChildProcess::Impl {
  bp::child child;
};

ChildProcess::ChildProcess(const Command& command) : impl_(new Impl{start(command)}) {}

ChildProcess::~ChildProcess() {
  std::error_code ec;
  if (impl_->child.running(ec)) impl_->child.terminate(ec);
  impl_->child.wait(ec);
}

int ChildProcess::pid() const {
  return impl_->child.id();
}

// Boost.Process 1.74's child::wait_for can sleep the whole timeout when the child exited
// before the call (its SIGCHLD is missed), so this polls running(), as
// protocol/client/engine_process.cpp does.
std::optional<int> ChildProcess::wait(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::error_code ec;
  bp::child& child = impl_->child;
  while (child.running(ec) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  if (child.running(ec)) {
    child.terminate(ec);
    return std::nullopt;
  }
  child.wait(ec);  // reaps it; exit_code() is known
  return child.exit_code();
}

Finished run_to_end(Command command, const std::filesystem::path& dir,
                    std::chrono::milliseconds timeout) {
  if (command.out.empty()) command.out = dir / "stdout.txt";
  if (command.err.empty()) command.err = dir / "stderr.txt";
  Finished f;
  {
    ChildProcess child(command);
    f.exit_code = child.wait(timeout);
  }
  f.out = read_file(command.out);
  f.err = read_file(command.err);
  return f;
}

std::string read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string find_program(const std::string& name) {
  return bp::search_path(name).string();
}

}  // namespace triad::testing
