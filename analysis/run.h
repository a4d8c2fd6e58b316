// What a run shares, on one machine or on rank 0 of a distributed run: the checks before
// the first position, the work units (chunks of consecutive positions after those an
// earlier run wrote; in a review, one game each), the cluster scheduler that leases them and
// hands finished ones back in order, and the output they are committed to (and, when a
// review is complete, its annotated records).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "analysis/config.h"
#include "analysis/input.h"
#include "analysis/output.h"
#include "analysis/task.h"
#include "cluster/scheduler.h"
#include "engine/core/result.h"

namespace triad::analysis {

// The checks every rank that runs engines makes before the first position: the engine
// program exists, offers the options it is given (values of their declared type and range)
// and the log folder can be written.
Result<void> check_engine(const AnalyseConfig& config);

class Run {
 public:
  // Reads the input and opens the output (errors: bad input, unwritable output, a resumed
  // output that belongs to another input). `chunk` positions per work unit.
  static Result<std::unique_ptr<Run>> prepare(const AnalyseConfig& config, int chunk);

  cluster::Scheduler<UnitOutput>& scheduler() { return scheduler_; }
  Unit unit(cluster::UnitId id) const;
  // A finished unit from `worker` (the first result of a unit counts). Error: the unit is
  // fatal (its engine keeps failing).
  Result<void> accept(cluster::WorkerId worker, UnitOutput output);
  // Writes every finished unit that is next in order, and the annotated records once the
  // review is complete. Error: an output cannot be written.
  Result<void> commit();
  bool finished() const { return scheduler_.finished(); }
  // The line for the end of the run on standard error ("N positions in S s, R/s ...").
  void finish(std::ostream& out, bool interrupted);

 private:
  Run(const AnalyseConfig& config, Input input, OutputWriter writer,
      std::vector<std::int64_t> unit_starts);
  // The review's lines for -annotate: this run's (standard output) or the output file's.
  Result<std::vector<std::string>> review_lines() const;

  const AnalyseConfig& config_;
  Input input_;
  OutputWriter writer_;
  std::vector<std::int64_t> unit_starts_;  // first position of each unit, then the end
  std::vector<std::string> kept_;          // lines written to standard output, for -annotate
  bool annotated_ = false;
  std::int64_t written_;  // lines in the output
  Progress progress_;
  cluster::Scheduler<UnitOutput> scheduler_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

}  // namespace triad::analysis
