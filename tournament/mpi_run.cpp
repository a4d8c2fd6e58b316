// Starting a distributed match on the MPI runtime (cluster/mpi/job.h): the rank's role and
// the errors found before the first unit.
#include "tournament/mpi_run.h"

#include <cstdio>
#include <iostream>

#include "cluster/mpi/coordinator.h"
#include "cluster/mpi/job.h"
#include "runner/command_line.h"
#include "runner/signal_watcher.h"
#include "tournament/mpi_coordinator.h"
#include "tournament/mpi_worker.h"
#include "tournament/tournament.h"

namespace triad::tournament::mpi {

int run_distributed(int argc, char** argv, const Result<TournamentConfig>& config,
                    const GameFactory& factory) {
  cluster::mpi::Job job(argc, argv);
  // Progress lines are flushed by the program (tournament/mpi_coordinator.cpp), not one write
  // per line as on the terminal mpirun gives the ranks.
  // (glibc takes the size only with a buffer given: by default a terminal gets 1 KiB.)
  static char stdout_buffer[1 << 16];
  std::setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);
  cluster::mpi::Settings settings{"triad-match"};
  if (config) settings.lease = std::chrono::seconds(config->mpi_lease_seconds);
  const auto& world = job.world();
  if (const auto error = job.size_error(settings, "play"); !error.empty()) {
    return runner::report_error("triad-match", error, runner::kExitRefused);
  }
  if (world.rank() != 0) return cluster::mpi::end(run_worker(world, config, settings, factory));
  if (!config) {
    runner::report_error("triad-match", config.error().message);
    cluster::mpi::stop_workers(world, settings);
    return cluster::mpi::end({runner::kExitRefused, true});
  }
  Tournament match(*config, factory, std::cout);
  // Ctrl-C / SIGTERM (mpirun and Slurm send SIGTERM to every rank when a job is cancelled):
  // stop at once, keeping every committed unit in the records and the resume state, and
  // write no more progress (mpirun no longer reads it), so that the files and the status
  // (130) are written before the launcher kills the rank.
  runner::SignalWatcher signals(
      [&match, main = pthread_self()] {
        match.interrupt();
        cluster::mpi::drop_standard_output(main);
      },
      [&match] { match.kill_engines(); });
  if (auto r = match.prepare(); !r) {
    runner::report_error("triad-match", r.error().message);
    cluster::mpi::stop_workers(world, settings);
    return cluster::mpi::end({runner::kExitRefused, true});
  }
  return cluster::mpi::end(run_coordinator(world, match, settings, std::cout, std::cerr));
}

}  // namespace triad::tournament::mpi
