// A distributed data generation on the MPI runtime (cluster/mpi/): rank 0's side (units are
// game indices, committing appends a game's records in game order) and a worker rank's side
// (the game slots of pool.h, the runtime worker's client, fed with the games rank 0 sends).
#include "datagen/mpi_run.h"

#include <algorithm>
#include <atomic>
#include <iostream>
#include <string>
#include <vector>

#include "cluster/mpi/coordinator.h"
#include "cluster/mpi/job.h"
#include "cluster/mpi/worker.h"
#include "datagen/pool.h"
#include "datagen/run.h"
#include "runner/command_line.h"
#include "runner/signal_watcher.h"

namespace triad::datagen::mpi {

namespace {

constexpr const char* kProgram = "triad-datagen";

using cluster::mpi::WorkerInfo;

class DatagenCoordinator {
 public:
  using Unit = cluster::UnitId;
  using Result = GameRecords;

  DatagenCoordinator(Run& run, int ranks, const std::atomic<bool>& interrupted)
      : run_(run), games_(static_cast<std::size_t>(ranks)), interrupted_(interrupted) {}

  cluster::Scheduler<GameRecords>& scheduler() { return run_.scheduler(); }
  Unit unit(cluster::UnitId id) const { return id; }
  void accept(const WorkerInfo& w, GameRecords game) {
    ++games_[static_cast<std::size_t>(w.rank)];
    if (const auto d = other_files(game); !d.empty()) {
      refuse(w.who() + " read other files than rank 0 at the same paths (" + d +
             "); every rank must read the same -openings and -evalfile");
      return;
    }
    if (auto r = run_.accept(w.rank, std::move(game)); !r) fail(w.who() + ": " + r.error().message);
  }
  void commit() {
    if (!error_.empty()) return;
    if (auto r = run_.commit(); !r) fail(r.error().message);
  }
  bool stopping() const { return !error_.empty() || interrupted_ || worker_interrupted_; }
  void fail(const std::string& error) {
    if (error_.empty()) error_ = error;
  }
  // An error in the settings, not in the run: exit status 2 (its games are not written).
  void refuse(const std::string& error) {
    if (error_.empty()) refused_ = true;
    fail(error);
  }
  void interrupt() { worker_interrupted_ = true; }
  void handed_out(const WorkerInfo&, const std::vector<cluster::UnitId>&) {}
  std::ostream& progress() { return std::cerr; }

  // The summary on standard error and the exit status.
  int finish(const cluster::mpi::CoordinatorEnd& end) {
    if (!end.setup_error.empty())  // a worker that could not start: its error is the news
      return runner::report_error(kProgram, end.setup_error, runner::kExitRefused);
    const bool stopped = interrupted_ || worker_interrupted_;
    if (error_.empty() && !run_.finished() && !stopped)
      error_ = "every worker rank left or was lost before the end of the run";
    if (auto r = run_.finish(std::cerr, stopped); !r) fail(r.error().message);
    std::cerr << "Workers:";
    for (std::size_t rank = 1; rank < end.workers.size(); ++rank)
      std::cerr << (rank > 1 ? "," : "") << " " << end.workers[rank].who() << " " << games_[rank]
                << " games" << (end.workers[rank].lost ? " (lost)" : "");
    std::cerr << "\n";
    if (!error_.empty())
      return runner::report_error(kProgram, error_,
                                  refused_ ? runner::kExitRefused : runner::kExitFailed);
    return runner::ended_status(stopped, run_.finished());
  }

 private:
  // How the files a worker's game was played from differ from rank 0's ("" if alike).
  std::string other_files(const GameRecords& game) const {
    const Header& mine = run_.setup().header();
    if (game.openings_digest != mine.openings_digest)
      return "its -openings file has other contents";
    if (game.net_digest != mine.net_digest)
      return "its -evalfile net has digest " + net_digest_text(game.net_digest) + ", rank 0's " +
             net_digest_text(mine.net_digest);
    return "";
  }

  Run& run_;
  std::vector<std::int64_t> games_;  // games received from each rank
  const std::atomic<bool>& interrupted_;
  bool worker_interrupted_ = false;
  std::string error_;
  bool refused_ = false;
};

cluster::mpi::Outcome run_worker(const boost::mpi::communicator& world,
                                 const Result<DatagenConfig>& config,
                                 const cluster::mpi::Settings& settings) {
  cluster::mpi::WorkerLink link(world, settings);
  if (!config) return link.refuse(config.error().message);
  auto setup = SelfPlaySetup::create(*config);
  if (!setup) return link.refuse(setup.error().message);
  // A rank never plays more games at once than the run has.
  auto pool = Pool::create(
      *setup, static_cast<int>(std::min<std::int64_t>(config->concurrency, config->games)));
  if (!pool) return link.refuse(pool.error().message);
  // Two games held per slot: one played, one queued.
  runner::SignalWatcher signals([&pool] { (*pool)->interrupt(); }, [] {});
  return link.serve(**pool);
}

}  // namespace

int run_distributed(int argc, char** argv, const Result<DatagenConfig>& config) {
  cluster::mpi::Job job(argc, argv);
  cluster::mpi::Settings settings{kProgram};
  if (config) settings.lease = std::chrono::seconds(config->mpi_lease_seconds);
  const auto& world = job.world();
  if (const auto error = job.size_error(settings, "play"); !error.empty())
    return runner::report_error(kProgram, error, runner::kExitRefused);
  if (world.rank() != 0) return cluster::mpi::end(run_worker(world, config, settings));
  auto run = config ? Run::prepare(*config) : Result<std::unique_ptr<Run>>(config.error());
  if (!run) {
    runner::report_error(kProgram, run.error().message);
    cluster::mpi::stop_workers(world, settings);
    return cluster::mpi::end({runner::kExitRefused, true});
  }
  std::atomic<bool> interrupted{false};
  runner::SignalWatcher signals([&interrupted] { interrupted = true; }, [] {});
  DatagenCoordinator client(**run, world.size(), interrupted);
  const auto end = cluster::mpi::run_coordinator(world, client, settings);
  return cluster::mpi::end({client.finish(end), end.finalize});
}

}  // namespace triad::datagen::mpi
