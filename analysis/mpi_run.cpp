// Starting a distributed analysis on the MPI runtime (cluster/mpi/) and rank 0's side of it:
// units are chunks of positions (their tasks go with them), committing writes their lines
// in input order, and the end prints the summary and each worker's share.
#include "analysis/mpi_run.h"

#include <atomic>
#include <iostream>
#include <string>
#include <vector>

#include "analysis/mpi_worker.h"
#include "analysis/run.h"
#include "cluster/mpi/coordinator.h"
#include "cluster/mpi/job.h"
#include "runner/command_line.h"
#include "runner/signal_watcher.h"

namespace triad::analysis::mpi {

namespace {

using cluster::mpi::WorkerInfo;

class AnalysisCoordinator {
 public:
  using Unit = analysis::Unit;
  using Result = UnitOutput;

  AnalysisCoordinator(Run& run, int ranks, const std::atomic<bool>& interrupted)
      : run_(run), units_(static_cast<std::size_t>(ranks)), interrupted_(interrupted) {}

  cluster::Scheduler<UnitOutput>& scheduler() { return run_.scheduler(); }
  Unit unit(cluster::UnitId id) const { return run_.unit(id); }
  void accept(const WorkerInfo& w, UnitOutput output) {
    ++units_[static_cast<std::size_t>(w.rank)];
    if (auto r = run_.accept(w.rank, std::move(output)); !r)
      fail(w.who() + ": " + r.error().message);
  }
  void commit() {
    if (!error_.empty()) return;
    if (auto r = run_.commit(); !r) fail(r.error().message);
  }
  bool stopping() const { return !error_.empty() || interrupted_ || worker_interrupted_; }
  void fail(const std::string& error) {
    if (error_.empty()) error_ = error;
  }
  void interrupt() { worker_interrupted_ = true; }
  void handed_out(const WorkerInfo&, const std::vector<cluster::UnitId>&) {}
  std::ostream& progress() { return std::cerr; }

  // The summary on standard error and the exit status.
  int finish(const cluster::mpi::CoordinatorEnd& end);

 private:
  Run& run_;
  std::vector<std::int64_t> units_;  // units received from each rank
  const std::atomic<bool>& interrupted_;
  bool worker_interrupted_ = false;
  std::string error_;
};

int AnalysisCoordinator::finish(const cluster::mpi::CoordinatorEnd& end) {
  if (!end.setup_error.empty()) {  // a worker that could not start: only its error is worth a line
    return runner::report_error("triad-analyse", end.setup_error, runner::kExitRefused);
  }
  const bool stopped = interrupted_ || worker_interrupted_;
  if (error_.empty() && !run_.finished() && !stopped)
    error_ = "every worker rank left or was lost before the end of the analysis";
  run_.summary(std::cerr, stopped);
  std::cerr << "Workers:";
  for (std::size_t rank = 1; rank < end.workers.size(); ++rank)
    std::cerr << (rank > 1 ? "," : "") << " " << end.workers[rank].who() << " " << units_[rank]
              << " units" << (end.workers[rank].lost ? " (lost)" : "");
  std::cerr << "\n";
  if (!error_.empty()) {
    return runner::report_error("triad-analyse", error_, runner::kExitFailed);
  }
  return runner::ended_status(stopped, run_.finished());
}

}  // namespace

int run_distributed(int argc, char** argv, const Result<AnalyseConfig>& config) {
  cluster::mpi::Job job(argc, argv);
  cluster::mpi::Settings settings{"triad-analyse"};
  if (config) settings.lease = std::chrono::seconds(config->mpi_lease_seconds);
  const auto& world = job.world();
  if (const auto error = job.size_error(settings, "analyse"); !error.empty()) {
    return runner::report_error("triad-analyse", error, runner::kExitRefused);
  }
  if (world.rank() != 0) return cluster::mpi::end(run_worker(world, config, settings));
  auto run =
      config ? Run::prepare(*config, config->chunk) : Result<std::unique_ptr<Run>>(config.error());
  if (!run) {
    runner::report_error("triad-analyse", run.error().message);
    cluster::mpi::stop_workers(world, settings);
    return cluster::mpi::end({runner::kExitRefused, true});
  }
  std::atomic<bool> interrupted{false};
  runner::SignalWatcher signals([&interrupted] { interrupted = true; }, [] {});
  AnalysisCoordinator client(**run, world.size(), interrupted);
  const auto end = cluster::mpi::run_coordinator(world, client, settings);
  return cluster::mpi::end({client.finish(end), end.finalize});
}

}  // namespace triad::analysis::mpi
