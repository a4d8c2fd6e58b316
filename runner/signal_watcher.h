// Ctrl-C handling for triad-match: SIGINT and SIGTERM are turned into calls on an ordinary
// thread (a signal handler may do almost nothing safely). The first signal calls
// `on_first` (stop the run: games in progress end at once, their engines are killed,
// finished results are kept); a second one calls `on_second` (kill every engine) and ends
// the process at once with status 130.
#pragma once

#include <functional>
#include <thread>

namespace triad::runner {

class SignalWatcher {
 public:
  // Installs the handlers. Only one watcher may exist at a time.
  SignalWatcher(std::function<void()> on_first, std::function<void()> on_second);
  SignalWatcher(const SignalWatcher&) = delete;
  SignalWatcher& operator=(const SignalWatcher&) = delete;
  // Restores the default handlers and ends the thread.
  ~SignalWatcher();

 private:
  void watch();

  std::function<void()> on_first_;
  std::function<void()> on_second_;
  std::thread thread_;
};

}  // namespace triad::runner
