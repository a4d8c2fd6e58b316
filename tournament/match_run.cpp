// The match's scheduler and commit (see match_run.h).
#include "tournament/match_run.h"

#include <utility>

namespace triad::tournament {

MatchRun::MatchRun(Tournament& match, std::chrono::milliseconds lease, bool in_batch)
    : match_(match),
      schedule_(match.schedule()),
      in_batch_(in_batch),
      scheduler_(schedule_.units(), {lease, cluster::SchedulerLimits().max_waiting},
                 [this](cluster::UnitId u) { return unit_done(u); }) {}

bool MatchRun::unit_done(cluster::UnitId unit) const {
  const auto [first, last] = schedule_.unit_games(unit);
  for (std::int64_t n = first; n <= last; ++n)
    if (!match_.results().done(n)) return false;
  return true;
}

cluster::Verdict MatchRun::complete(cluster::WorkerId worker, mpi::UnitResult result) {
  const auto unit = result.unit;
  return scheduler_.complete(worker, unit, std::move(result));
}

Result<void> MatchRun::accept(cluster::WorkerId worker, mpi::UnitResult result) {
  complete(worker, std::move(result));
  return {};
}

Result<void> MatchRun::commit() {
  bool committed = false;
  while (!match_.stopping()) {
    auto ready = scheduler_.next_ready();
    if (!ready) break;
    for (const auto& report : ready->second.games) {
      if (match_.results().done(report.game.number)) continue;  // by a resumed run already
      match_.record(report, in_batch_);
      committed = true;
      if (match_.stopping()) break;
    }
  }
  // One resume state for everything committed in this pass (records are appended first; a
  // run killed in between cuts them off and plays those units again, see ResumeState).
  if (committed && in_batch_) match_.end_batch();
  return {};
}

}  // namespace triad::tournament
