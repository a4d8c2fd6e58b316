// One rank's start and end (see job.h).
#include "cluster/mpi/job.h"

#include <cstdio>
#include <cstdlib>
#include <iostream>

namespace triad::cluster::mpi {

namespace {

// Set before MPI starts: no rank ever waits inside MPI (cluster/mpi/mailbox.h: it tests and
// sleeps), so Open MPI's yielding the processor on each idle test (its default when
// oversubscribed) only costs a system call; unless the user chose otherwise.
int quiet_idle_ranks() {
  ::setenv("OMPI_MCA_mpi_yield_when_idle", "0", 0);
  return 0;
}

}  // namespace

Job::Job(int argc, char** argv)
    : environment_((quiet_idle_ranks(), argc), argv, boost::mpi::threading::funneled) {}

std::string Job::size_error(const Settings& settings, const std::string& work) const {
  if (world_.size() >= 2) return {};
  return "-mpi needs at least 2 MPI ranks (rank 0 schedules, the others " + work +
         "): start it as 'mpirun -np N " + settings.program + " -mpi ...' with N >= 2, or " +
         "leave out -mpi (docs/cluster.md)";
}

int end(const Outcome& outcome) {
  if (outcome.finalize) return outcome.status;
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  std::_Exit(outcome.status);
}

}  // namespace triad::cluster::mpi
