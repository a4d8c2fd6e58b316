// What a match run shares, on one machine or on rank 0 of a distributed run: the cluster
// scheduler that leases work units (one opening's games, tournament/schedule.h) and hands
// finished ones back in unit order, and committing them through the Tournament (records in
// game-number order, statistics, SPRT, resume state). Games a resumed state counts are
// neither leased nor recorded again.
#pragma once

#include <chrono>

#include "cluster/scheduler.h"
#include "engine/core/result.h"
#include "tournament/mpi_units.h"
#include "tournament/tournament.h"

namespace triad::tournament {

class MatchRun {
 public:
  // `match` is prepared. `in_batch`: one resume state per commit() instead of one per game
  // (rank 0 of a distributed run, see Tournament::record).
  MatchRun(Tournament& match, std::chrono::milliseconds lease, bool in_batch);

  cluster::Scheduler<mpi::UnitResult>& scheduler() { return scheduler_; }
  const cluster::Scheduler<mpi::UnitResult>& scheduler() const { return scheduler_; }
  // What a slot is given for unit `id`: its number (every rank has the schedule).
  cluster::UnitId unit(cluster::UnitId id) const { return id; }
  // A finished unit from `worker` (the first result of a unit counts).
  cluster::Verdict complete(cluster::WorkerId worker, mpi::UnitResult result);
  Result<void> accept(cluster::WorkerId worker, mpi::UnitResult result);
  // Records every finished unit that is next in order, until the match stops. The errors are
  // the match's (Tournament::finish reports them).
  Result<void> commit();
  // Every unit is committed, or the match stops (an SPRT decision, an error, a signal).
  bool finished() const { return scheduler_.finished() || match_.stopping(); }

 private:
  bool unit_done(cluster::UnitId unit) const;

  Tournament& match_;
  const Schedule& schedule_;
  bool in_batch_;
  cluster::Scheduler<mpi::UnitResult> scheduler_;
};

}  // namespace triad::tournament
