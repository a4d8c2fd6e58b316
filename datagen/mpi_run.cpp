// A distributed data generation on the run driver (runner/distributed_run.h): units are game
// indices, committing appends a game's records in game order (Run), and a worker rank plays
// on the game slots of pool.h.
#include "datagen/mpi_run.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "datagen/pool.h"
#include "datagen/run.h"
#include "runner/distributed_run.h"

namespace triad::datagen::mpi {

int run_distributed(int argc, char** argv, const Result<DatagenConfig>& config) {
  const runner::DistributedNames names{"triad-datagen", "play", "games", "run"};
  const auto worker = [&config](const boost::mpi::communicator& world,
                                const cluster::mpi::Settings& settings) {
    std::optional<SelfPlaySetup> setup;  // the pool's slots play from it
    return runner::serve_worker(world, settings, [&]() -> Result<std::unique_ptr<Pool>> {
      if (!config) return config.error();
      auto made = SelfPlaySetup::create(*config);
      if (!made) return made.error();
      setup.emplace(std::move(*made));
      // A rank never plays more games at once than the run has.
      return Pool::create(
          *setup, static_cast<int>(std::min<std::int64_t>(config->concurrency, config->games)));
    });
  };
  return runner::run_distributed(argc, argv, names, config, worker, &Run::prepare);
}

}  // namespace triad::datagen::mpi
