// The match's worker rank (see mpi_worker.h): the game slots of match_pool.h play the units
// rank 0 sends; the MPI runtime's worker, on this rank's main thread, feeds the pool and
// sends the finished units.
#include "tournament/mpi_worker.h"

#include <memory>
#include <optional>
#include <string>

#include "cluster/mpi/worker.h"
#include "runner/signal_watcher.h"
#include "tournament/match_pool.h"

namespace triad::tournament::mpi {

cluster::mpi::Outcome run_worker(const boost::mpi::communicator& world,
                                 const Result<TournamentConfig>& config,
                                 const cluster::mpi::Settings& settings,
                                 const GameFactory& factory) {
  cluster::mpi::WorkerLink link(world, settings);
  std::optional<Schedule> schedule;
  Result<void> ready = config ? Result<void>() : Result<void>(config.error());
  if (ready) {
    auto made = Schedule::create(*config, factory);
    if (made)
      schedule.emplace(std::move(*made));
    else
      ready = made.error();
  }
  if (ready) ready = check_engine_programs(*config);
  if (!ready) return link.refuse(ready.error().message);
  auto cancel = std::make_shared<protocol::CancelSignal>();
  MatchPool pool(*config, *schedule, factory, cancel);
  for (int i = 0; i < config->concurrency; ++i)  // engine logs r<rank>-<slot>
    pool.add_game_slot("r" + std::to_string(world.rank()) + "-" + std::to_string(i + 1));
  runner::SignalWatcher signals([&pool] { pool.interrupt(); }, [cancel] { cancel->kill_all(); });
  return link.serve(pool);
}

}  // namespace triad::tournament::mpi
