// The match's worker rank (see mpi_worker.h): the game slots of match_pool.h play the units
// rank 0 sends; the MPI runtime's worker, on this rank's main thread, feeds the pool and
// sends the finished units.
#include "tournament/mpi_worker.h"

#include <memory>
#include <optional>
#include <string>

#include "runner/distributed_run.h"
#include "tournament/match_pool.h"

namespace triad::tournament::mpi {

cluster::mpi::Outcome run_worker(const boost::mpi::communicator& world,
                                 const Result<TournamentConfig>& config,
                                 const cluster::mpi::Settings& settings,
                                 const GameFactory& factory) {
  std::optional<Schedule> schedule;  // the pool's slots play from it
  auto cancel = std::make_shared<protocol::CancelSignal>();
  return runner::serve_worker(
      world, settings,
      [&]() -> Result<std::unique_ptr<MatchPool>> {
        if (!config) return config.error();
        auto made = Schedule::create(*config, factory);
        if (!made) return made.error();
        schedule.emplace(std::move(*made));
        if (auto r = check_engine_programs(*config); !r) return r.error();
        auto pool = std::make_unique<MatchPool>(*config, *schedule, factory, cancel);
        for (int i = 0; i < config->concurrency; ++i)  // engine logs r<rank>-<slot>
          pool->add_game_slot(runner::worker_log_prefix(world.rank()) + std::to_string(i + 1));
        return pool;
      },
      [cancel] { cancel->kill_all(); });
}

}  // namespace triad::tournament::mpi
