// A distributed analysis on the run driver (runner/distributed_run.h): units are chunks of
// positions (their tasks go with them), committing writes their lines in input order (Run),
// and a worker rank analyses on the engine slots of pool.h.
#include "analysis/mpi_run.h"

#include <memory>
#include <string>

#include "analysis/pool.h"
#include "analysis/run.h"
#include "runner/distributed_run.h"

namespace triad::analysis::mpi {

int run_distributed(int argc, char** argv, const Result<AnalyseConfig>& config) {
  const runner::DistributedNames names{"triad-analyse", "analyse", "units", "analysis"};
  const auto worker = [&config](const boost::mpi::communicator& world,
                                const cluster::mpi::Settings& settings) {
    auto cancel = std::make_shared<protocol::CancelSignal>();
    return runner::serve_worker(
        world, settings,
        [&]() -> Result<std::unique_ptr<Pool>> {
          Result<void> ready = config ? check_engine(*config) : Result<void>(config.error());
          if (!ready) return ready.error();
          // Engine logs r<rank>-<slot>; two units held per slot (one analysed, one queued).
          return std::make_unique<Pool>(*config, config->concurrency,
                                        runner::worker_log_prefix(world.rank()), cancel);
        },
        [cancel] { cancel->kill_all(); });
  };
  return runner::run_distributed(argc, argv, names, config, worker,
                                 [](const AnalyseConfig& c) { return Run::prepare(c, c.chunk); });
}

}  // namespace triad::analysis::mpi
