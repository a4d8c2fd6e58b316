// The worker rank (see mpi_worker.h): this thread is the rank's only caller of MPI; the
// pool's slot threads run the engines. It asks for two units per engine slot, reports
// finished units as soon as they are done, and sleeps (no busy MPI wait) in between.
#include "analysis/mpi_worker.h"

#include <algorithm>
#include <atomic>
#include <string>
#include <thread>

#include <boost/mpi/environment.hpp>

#include "analysis/mpi_messages.h"
#include "analysis/pool.h"
#include "analysis/run.h"
#include "tournament/mpi_protocol.h"
#include "tournament/signal_watcher.h"

namespace triad::analysis::mpi {

namespace {

using Clock = std::chrono::steady_clock;
using tournament::mpi::Backoff;

// After a setup failure: waits for rank 0's kStop (units it sent meanwhile are dropped).
void wait_for_stop(const boost::mpi::communicator& world) {
  Backoff backoff;
  for (;;) {
    auto status = world.iprobe(0, boost::mpi::any_tag);
    if (!status) {
      std::this_thread::sleep_for(backoff.next());
      continue;
    }
    if (status->tag() == kUnits) {
      std::vector<Unit> units;
      world.recv(0, kUnits, units);
      continue;
    }
    int ignored = 0;
    world.recv(0, status->tag(), ignored);
    if (status->tag() == kStop) return;
  }
}

void analyse(const boost::mpi::communicator& world, const AnalyseConfig& config) {
  auto cancel = std::make_shared<protocol::CancelSignal>();
  std::atomic<bool> interrupted{false};
  tournament::SignalWatcher signals(
      [&] {
        interrupted = true;
        cancel->cancel();
      },
      [&] { cancel->kill_all(); });
  std::string prefix = "r";  // engine logs r<rank>-<slot>
  prefix += std::to_string(world.rank());
  prefix += '-';
  Pool pool(config, config.concurrency, prefix, cancel);
  const int target = 2 * config.concurrency;  // units held: one analysed, one queued per slot
  int requested = 0;
  bool told_interrupt = false;
  Backoff backoff;
  auto last_heartbeat = Clock::now();
  for (bool stopped = false; !stopped;) {
    const bool holding = pool.held() > 0;
    const auto wait = holding ? std::chrono::milliseconds(1)
                              : std::chrono::duration_cast<std::chrono::milliseconds>(
                                    std::chrono::microseconds(backoff.next()));
    Report report;
    report.finished = pool.take_finished(wait);
    report.want = std::max(0, target - pool.held() - requested);
    bool busy = !report.finished.empty();
    if (busy || (report.want > 0 && requested == 0)) {
      world.send(0, kReport, report);
      requested += report.want;
      last_heartbeat = Clock::now();
    }
    if (interrupted && !told_interrupt) {
      world.send(0, kInterrupted, 0);
      told_interrupt = true;
    }
    while (auto status = world.iprobe(0, boost::mpi::any_tag)) {
      busy = true;
      if (status->tag() == kUnits) {
        std::vector<Unit> units;
        world.recv(0, kUnits, units);
        requested -= static_cast<int>(units.size());
        for (auto& u : units) pool.submit(std::move(u));
        continue;
      }
      int ignored = 0;
      world.recv(0, status->tag(), ignored);
      if (status->tag() == kStop) {
        stopped = true;
        break;
      }
    }
    if (Clock::now() - last_heartbeat >= kHeartbeat) {
      world.send(0, kAlive, 0);
      last_heartbeat = Clock::now();
    }
    if (busy || holding) backoff.reset();
  }
  pool.stop();  // units still in flight are not wanted any more
}

}  // namespace

int run_worker(const boost::mpi::communicator& world, const Result<AnalyseConfig>& config) {
  world.send(0, kHello, boost::mpi::environment::processor_name());
  Result<void> ready = config ? check_engine(*config) : Result<void>(config.error());
  if (!ready) {
    world.send(0, kSetupFailed, ready.error().message);
    wait_for_stop(world);
  } else {
    analyse(world, *config);
  }
  world.send(0, kBye, 0);
  return 0;
}

}  // namespace triad::analysis::mpi
