// Capacity of the distributed run's scheduler alone (cluster/scheduler.h): how many unit
// results per second one rank 0 can take in, lease out again and commit in order, with
// 8 to 10 000 workers each holding 4 units; a pseudo-random worker finishes its oldest unit
// and gets a new one, so results arrive out of order and wait for the earlier units. The
// payload is a 1.5 KB string, about a game pair's records (moved, never copied).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cluster/scheduler.h"

namespace {

using triad::cluster::Clock;
using triad::cluster::Scheduler;
using triad::cluster::UnitId;

void BM_SchedulerResults(benchmark::State& state) {
  const int workers = static_cast<int>(state.range(0));
  constexpr int kHeld = 4;
  Scheduler<std::string> scheduler(std::int64_t{1} << 60, {std::chrono::minutes(2), 1 << 22});
  const auto now = Clock::now();
  std::vector<std::vector<UnitId>> held(static_cast<std::size_t>(workers));
  for (int w = 0; w < workers; ++w)
    for (int i = 0; i < kHeld; ++i)
      held[static_cast<std::size_t>(w)].push_back(*scheduler.lease(w, now));
  const std::string record(1500, 'x');
  std::uint64_t step = 0;
  std::int64_t committed = 0;
  for (auto _ : state) {
    step = step * 6364136223846793005ULL + 1442695040888963407ULL;
    const int w = static_cast<int>((step >> 33) % static_cast<std::uint64_t>(workers));
    auto& mine = held[static_cast<std::size_t>(w)];
    scheduler.renew(w, now);
    scheduler.complete(w, mine.front(), std::string(record));
    mine.erase(mine.begin());
    mine.push_back(*scheduler.lease(w, now));
    while (auto ready = scheduler.next_ready()) {
      benchmark::DoNotOptimize(ready->second.data());
      ++committed;
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.counters["committed"] = static_cast<double>(committed);
  state.counters["waiting"] =
      static_cast<double>(static_cast<std::int64_t>(state.iterations()) - committed);
}
BENCHMARK(BM_SchedulerResults)->Arg(8)->Arg(1000)->Arg(10000);

}  // namespace

BENCHMARK_MAIN();
