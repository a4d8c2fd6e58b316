// The one-machine run (see local_run.h): the main thread leases units (one position each)
// to the pool, keeping every slot busy and one more unit queued per slot, and commits them.
#include "analysis/local_run.h"

#include "analysis/pool.h"

namespace triad::analysis {

Result<void> run_local(const AnalyseConfig& config, Run& run, const std::atomic<bool>& interrupted,
                       std::shared_ptr<protocol::CancelSignal> cancel) {
  Pool pool(config, config.concurrency, "slot", std::move(cancel));
  auto& scheduler = run.scheduler();
  while (!run.finished() && !interrupted) {
    while (pool.held() < 2 * config.concurrency) {
      const auto unit = scheduler.lease(0, cluster::Clock::now());
      if (!unit) break;
      pool.submit(run.unit(*unit));
    }
    for (auto& output : pool.take_finished(std::chrono::milliseconds(200), 1))
      if (auto r = run.accept(0, std::move(output)); !r) {
        pool.stop();
        return r;
      }
    if (auto r = run.commit(); !r) {
      pool.stop();
      return r;
    }
  }
  if (interrupted) pool.stop();
  return {};
}

}  // namespace triad::analysis
