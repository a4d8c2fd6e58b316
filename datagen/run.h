// What a run shares, on one machine or on rank 0 of a distributed run: the settings read
// once (SelfPlaySetup), the data file (resumed if it exists), the cluster scheduler that
// leases games and hands finished ones back in game order, and the progress bar.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>

#include "adapters/common/progress_bar.h"
#include "cluster/scheduler.h"
#include "datagen/config.h"
#include "datagen/self_play.h"
#include "datagen/writer.h"
#include "engine/core/result.h"

namespace triad::datagen {

class Run {
 public:
  // Reads the settings and opens (or resumes) the output. Errors: bad settings or openings,
  // an output that cannot be written or holds other data.
  static Result<std::unique_ptr<Run>> prepare(const DatagenConfig& config);

  const SelfPlaySetup& setup() const { return setup_; }
  cluster::Scheduler<GameRecords>& scheduler() { return scheduler_; }
  // What a slot is given for unit `id`: the game index (every rank has the settings).
  cluster::UnitId unit(cluster::UnitId id) const { return id; }
  // A finished game from `worker` (the first result of a game counts). Error: the game
  // could not be played (the run must stop).
  Result<void> accept(cluster::WorkerId worker, GameRecords game);
  // Why a worker's finished game shows it read other files than this rank at the same paths
  // ("" if it did not): the run is refused.
  std::string refusal(const GameRecords& game) const;
  // Appends every finished game that is next in order. Error: the output cannot be written.
  Result<void> commit();
  bool finished() const { return scheduler_.finished(); }
  // The game slots worth making for -concurrency `concurrency`: no more than the games left
  // to play (each slot holds an engine and its tables).
  int slots(int concurrency) const;
  // Makes what is written count (header) and prints the line for the end of the run.
  Result<void> finish(std::ostream& out, bool interrupted);

 private:
  Run(const DatagenConfig& config, SelfPlaySetup setup, DataWriter writer);

  DatagenConfig config_;
  SelfPlaySetup setup_;
  DataWriter writer_;
  std::uint64_t games_before_;  // complete in the file when the run started
  std::uint64_t records_before_;
  adapters::ProgressBar progress_;
  cluster::Scheduler<GameRecords> scheduler_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace triad::datagen
