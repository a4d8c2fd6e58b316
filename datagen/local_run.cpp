// The one-machine run (see local_run.h).
#include "datagen/local_run.h"

namespace triad::datagen {

Result<void> run_local(Run& run, Pool& pool, const std::atomic<bool>& interrupted) {
  auto& scheduler = run.scheduler();
  while (!run.finished() && !interrupted) {
    std::vector<std::int64_t> games;
    while (pool.held() + static_cast<int>(games.size()) < 2 * pool.slots()) {
      const auto game = scheduler.lease(0, cluster::Clock::now());
      if (!game) break;
      games.push_back(*game);
    }
    pool.submit(games);
    for (auto& game : pool.take_finished(std::chrono::milliseconds(200), 1))
      if (auto r = run.accept(0, std::move(game)); !r) return r;
    if (auto r = run.commit(); !r) return r;
  }
  return {};
}

}  // namespace triad::datagen
