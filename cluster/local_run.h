// The one-machine run of any program on the work layer: the caller's thread leases units
// from the run's scheduler to the slot pool (as many as the pool wants to hold), takes the
// finished ones back and commits them in unit order, until every unit is committed, a
// signal came, or something failed. triad-match, triad-analyse and triad-datagen run
// their local runs on it, with the same scheduler as their distributed runs.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <utility>
#include <vector>

#include "cluster/scheduler.h"
#include "engine/core/result.h"

namespace triad::cluster {

// What the program provides: `scheduler()` (which knows the units already committed by an
// earlier run), `unit(id)` what a slot is given for unit `id`, `accept(worker, result)` a
// finished unit (an error: the run must stop), `commit()` everything next in order (an
// error: an output failed), `finished()` every unit committed.
template <class R, class Pool>
concept LocalRun = requires(R& run, UnitId id, typename Pool::Result result) {
  run.scheduler().lease(WorkerId{}, Clock::now());
  { run.unit(id) } -> std::convertible_to<typename Pool::Unit>;
  { run.accept(WorkerId{}, std::move(result)) } -> std::same_as<Result<void>>;
  { run.commit() } -> std::same_as<Result<void>>;
  { run.finished() } -> std::convertible_to<bool>;
};

// Runs until the run is finished or `interrupted` is set (the pool keeps its units: the
// caller stops or closes it). Errors: a slot's failure, accept()'s or commit()'s.
template <class Pool, LocalRun<Pool> Run>
Result<void> run_local(Run& run, Pool& pool, const std::atomic<bool>& interrupted) {
  while (!run.finished() && !interrupted) {
    std::vector<typename Pool::Unit> units;
    while (pool.held() + static_cast<int>(units.size()) < pool.target()) {
      const auto id = run.scheduler().lease(0, Clock::now());
      if (!id) break;
      units.push_back(run.unit(*id));
    }
    if (!units.empty()) pool.submit(std::move(units));
    // Woken when a quarter of the units held are done (a wake-up per unit would cost more
    // than a quick unit), or after 200 ms.
    const auto enough = static_cast<std::size_t>(std::max(1, pool.held() / 4));
    auto finished = pool.take_finished(std::chrono::milliseconds(200), enough);
    if (auto failures = pool.take_failures(); !failures.empty())
      return make_error(failures.front());
    for (auto& result : finished)
      if (auto r = run.accept(0, std::move(result)); !r) return r;
    if (auto r = run.commit(); !r) return r;
  }
  return {};
}

}  // namespace triad::cluster
