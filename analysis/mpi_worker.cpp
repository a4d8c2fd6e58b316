// The analysis worker rank (see mpi_worker.h): the pool's slot threads run the engines, and
// the pool is the runtime worker's client; it holds two units per engine slot (one
// analysed, one queued).
#include "analysis/mpi_worker.h"

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

}  // namespace

cluster::mpi::Outcome run_worker(const boost::mpi::communicator& world,
                                 const Result<AnalyseConfig>& config,
                                 const cluster::mpi::Settings& settings) {
  cluster::mpi::WorkerLink link(world, settings);
  Result<void> ready = config ? check_engine(*config) : Result<void>(config.error());
  if (!ready) return link.refuse(ready.error().message);
  auto cancel = std::make_shared<protocol::CancelSignal>();
  Pool pool(*config, config->concurrency, log_prefix(world.rank()), cancel);
  runner::SignalWatcher signals([&pool] { pool.interrupt(); }, [cancel] { cancel->kill_all(); });
  return link.serve(pool);
}

}  // namespace triad::analysis::mpi
