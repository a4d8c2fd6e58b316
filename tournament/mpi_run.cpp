// Starting a distributed match: MPI's environment (one MPI thread per rank), the rank's role,
// and the errors found before the first unit.
#include "tournament/mpi_run.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>

#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>

#include "tournament/mpi_coordinator.h"
#include "tournament/mpi_worker.h"
#include "tournament/signal_watcher.h"
#include "tournament/tournament.h"

namespace triad::tournament::mpi {

namespace {

// Ends the process after a worker rank was lost: flushes the outputs and leaves without
// MPI_Finalize, which would wait for the dead rank for good. (mpirun then reports the exit
// statuses as docs/cluster.md describes.)
[[noreturn]] void leave_without_finalize(int status) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(status);
}

int end(const Outcome& outcome) {
  if (!outcome.finalize) leave_without_finalize(outcome.status);
  return outcome.status;  // boost::mpi::environment's destructor calls MPI_Finalize
}

}  // namespace

int run_distributed(int argc, char** argv, const Result<TournamentConfig>& config,
                    const GameFactory& factory) {
  // No rank ever waits inside MPI (tournament/mpi_mailbox.h: it tests and sleeps), so Open
  // MPI's yielding the processor on each idle test (its default when oversubscribed) only
  // costs a system call; unless the user chose otherwise.
  ::setenv("OMPI_MCA_mpi_yield_when_idle", "0", 0);
  // Only each rank's main thread calls MPI.
  boost::mpi::environment env(argc, argv, boost::mpi::threading::funneled);
  // Progress lines are flushed by the program (tournament/mpi_coordinator.cpp), not one write
  // per line as on the terminal mpirun gives the ranks.
  // (glibc takes the size only with a buffer given: by default a terminal gets 1 KiB.)
  static char stdout_buffer[1 << 16];
  std::setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);
  const boost::mpi::communicator world;
  if (world.size() < 2) {
    std::cerr << "triad-match: -mpi needs at least 2 MPI ranks (rank 0 schedules, the others "
                 "play): start it as 'mpirun -np N triad-match -mpi ...' with N >= 2, or "
                 "leave out -mpi (docs/cluster.md)\n";
    return 2;
  }
  if (world.rank() != 0) return end(run_worker(world, config, factory));
  if (!config) {
    std::cerr << "triad-match: " << config.error().message << "\n";
    stop_workers(world);
    return 2;
  }
  Tournament match(*config, factory, std::cout);
  // Ctrl-C / SIGTERM (mpirun and Slurm send SIGTERM to every rank when a job is cancelled):
  // stop at once, keeping every committed unit in the records and the resume state.
  SignalWatcher signals([&match] { match.interrupt(); }, [&match] { match.kill_engines(); });
  if (auto r = match.prepare(); !r) {
    std::cerr << "triad-match: " << r.error().message << "\n";
    stop_workers(world);
    return 2;
  }
  return end(run_coordinator(world, match, std::cout, std::cerr));
}

}  // namespace triad::tournament::mpi
