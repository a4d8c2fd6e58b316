// Starting and ending one rank of a distributed run: MPI's environment (only each rank's main
// thread calls MPI), the check that there is a worker rank, and the end without MPI_Finalize
// after a rank was lost.
#pragma once

#include <string>

#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>

#include "cluster/mpi/protocol.h"

namespace triad::cluster::mpi {

class Job {
 public:
  // Initialises MPI (the environment's destructor calls MPI_Finalize).
  Job(int argc, char** argv);
  const boost::mpi::communicator& world() const { return world_; }
  // With fewer than 2 ranks, the error for `settings.program`, whose workers `work` ("play",
  // "analyse"); empty otherwise.
  std::string size_error(const Settings& settings, const std::string& work) const;

 private:
  boost::mpi::environment environment_;
  boost::mpi::communicator world_;
};

// The exit status of a rank that ended with `outcome`; after a lost rank it does not return
// (the outputs are flushed and the process ends without MPI_Finalize, which would wait for
// the dead rank for good; mpirun then reports the exit statuses as docs/cluster.md says).
int end(const Outcome& outcome);

}  // namespace triad::cluster::mpi
