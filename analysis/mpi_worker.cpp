// The analysis worker rank (see mpi_worker.h): the pool's slot threads run the engines; it
// holds two units per engine slot (one analysed, one queued).
#include "analysis/mpi_worker.h"

#include <atomic>
#include <memory>
#include <string>

#include "analysis/pool.h"
#include "analysis/run.h"
#include "cluster/mpi/worker.h"
#include "runner/signal_watcher.h"

namespace triad::analysis::mpi {

namespace {

// Engine logs r<rank>-<slot>.
std::string log_prefix(int rank) {
  std::string prefix = "r";
  prefix += std::to_string(rank);
  prefix += '-';
  return prefix;
}

class AnalysisWorker {
 public:
  using Unit = analysis::Unit;
  using Result = UnitOutput;

  AnalysisWorker(const AnalyseConfig& config, int rank)
      : config_(config), pool_(config, config.concurrency, log_prefix(rank), cancel_) {}

  void submit(std::vector<Unit> units) {
    for (auto& u : units) pool_.submit(std::move(u));
  }
  std::vector<UnitOutput> take_finished(std::chrono::microseconds wait, std::size_t enough) {
    return pool_.take_finished(wait, enough);
  }
  std::vector<std::string> take_failures() { return {}; }  // a failing engine marks its unit
  int held() { return pool_.held(); }
  int target() const { return 2 * config_.concurrency; }
  int slots() const { return config_.concurrency; }
  bool interrupted() const { return interrupted_; }
  void stop() { pool_.stop(); }

  // From the signal thread: stop analysing at once (rank 0 is told).
  void interrupt() {
    interrupted_ = true;
    cancel_->cancel();
  }
  void kill_engines() { cancel_->kill_all(); }

 private:
  const AnalyseConfig& config_;
  std::shared_ptr<protocol::CancelSignal> cancel_ = std::make_shared<protocol::CancelSignal>();
  std::atomic<bool> interrupted_{false};
  Pool pool_;
};

}  // namespace

cluster::mpi::Outcome run_worker(const boost::mpi::communicator& world,
                                 const Result<AnalyseConfig>& config,
                                 const cluster::mpi::Settings& settings) {
  cluster::mpi::WorkerLink link(world, settings);
  Result<void> ready = config ? check_engine(*config) : Result<void>(config.error());
  if (!ready) return link.refuse(ready.error().message);
  AnalysisWorker worker(*config, world.rank());
  runner::SignalWatcher signals([&worker] { worker.interrupt(); },
                                [&worker] { worker.kill_engines(); });
  return link.serve(worker);
}

}  // namespace triad::analysis::mpi
