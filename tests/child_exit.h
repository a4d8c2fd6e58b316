// Waiting for a test's child process with a timeout. Boost.Process 1.74's child::wait_for can
// sleep the whole timeout when the child has already exited before the call (its SIGCHLD is
// missed), so a test of a program that fails at once took 120 s; polling running() has no
// such race (protocol/client/engine_process.cpp polls the same way).
#pragma once

#include <chrono>
#include <system_error>
#include <thread>

#include <boost/process/child.hpp>

namespace triad::testing {

// True when the child exited within `timeout` (its exit code is then available).
inline bool wait_for_exit(boost::process::child& child, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  std::error_code ec;
  while (child.running(ec) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  if (child.running(ec)) return false;
  child.wait(ec);  // reaps it; exit_code() is known
  return true;
}

}  // namespace triad::testing
