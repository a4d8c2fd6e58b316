// The handler only counts the signal and posts a semaphore (both async-signal-safe); the
// watcher thread waits on the semaphore and does the real work.
#include "runner/signal_watcher.h"

#include <semaphore.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>

namespace triad::runner {

namespace {

sem_t wakeup;
std::atomic<int> signals_seen{0};
std::atomic<bool> closing{false};

extern "C" void on_signal(int) {
  signals_seen.fetch_add(1);
  sem_post(&wakeup);
}

void install(void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

}  // namespace

SignalWatcher::SignalWatcher(std::function<void()> on_first, std::function<void()> on_second)
    : on_first_(std::move(on_first)), on_second_(std::move(on_second)) {
  sem_init(&wakeup, 0, 0);
  signals_seen = 0;
  closing = false;
  thread_ = std::thread([this] { watch(); });
  install(on_signal);
}

SignalWatcher::~SignalWatcher() {
  install(SIG_DFL);
  closing = true;
  sem_post(&wakeup);
  thread_.join();
  sem_destroy(&wakeup);
}

void SignalWatcher::watch() {
  bool first_done = false;
  for (;;) {
    while (sem_wait(&wakeup) != 0 && errno == EINTR) {
    }
    const int seen = signals_seen.load();
    if (seen >= 2) {
      on_second_();
      _exit(130);  // 128 + SIGINT, as a shell reports an interrupted program
    }
    if (seen == 1 && !first_done) {
      first_done = true;
      on_first_();
    }
    if (closing) return;
  }
}

}  // namespace triad::runner
