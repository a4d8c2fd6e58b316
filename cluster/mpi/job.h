// Starting and ending one rank of a distributed run: MPI's environment (only each rank's main
// thread calls MPI), the check that there is a worker rank, the end without MPI_Finalize
// after a rank was lost, and rank 0's status file for the wrapper that ends a stuck job.
#pragma once

#include <pthread.h>

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

// The environment variable that names rank 0's status file (set by cluster/triad-mpi-run):
// rank 0 writes its exit status there ("0\n") once its outputs are complete and flushed, so
// that a wrapper can end a job that mpirun cannot end (a host cut off for good) and exit with
// the program's status rather than mpirun's (docs/cluster.md, "A job that always ends").
inline constexpr const char* kStatusFileVariable = "TRIAD_MPI_STATUS_FILE";

// Whether the command line has -mpi (or --mpi): for a command line that could not be parsed,
// every rank of an MPI job must still take part, so that the error is reported once and all
// of them exit.
bool mentions_mpi(int argc, const char* const* argv);

// The exit status of a rank that ended with `outcome`; after a lost rank it does not return
// (the outputs are flushed and the process ends without MPI_Finalize, which would wait for
// the dead rank for good; mpirun then reports the exit statuses as docs/cluster.md says).
// On rank 0 it writes the status file first.
int end(const Outcome& outcome);

// Rank 0's status file (see kStatusFileVariable), when the variable is set.
void write_status_file(int status);

// For rank 0 when a signal stops it: the launcher is ending the job and may have stopped
// reading the ranks' output (mpirun does at once, and rank 0's standard output is then a
// terminal nobody reads), so a write of its progress could block until the rank is killed,
// before its files and status are written. Standard output goes to /dev/null from then on,
// and a write blocked on it in the thread `writer` is woken and goes on into /dev/null.
void drop_standard_output(pthread_t writer);

}  // namespace triad::cluster::mpi
