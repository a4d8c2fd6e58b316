// Rank 0 of a distributed match (triad-match -mpi): the match's side of the MPI runtime's
// coordinator (cluster/mpi/coordinator.h). It schedules the work units with the cluster
// scheduler, commits finished units in unit order through the Tournament (records in
// game-number order, statistics, SPRT, resume state) and reports each worker's share.
#pragma once

#include <iosfwd>

#include <boost/mpi/communicator.hpp>

#include "cluster/mpi/protocol.h"
#include "tournament/tournament.h"

namespace triad::tournament::mpi {

// Runs the prepared `match` on ranks 1..N-1 until the schedule is played or the match stops,
// then stops every worker and writes the summary.
cluster::mpi::Outcome run_coordinator(const boost::mpi::communicator& world, Tournament& match,
                                      const cluster::mpi::Settings& settings,
                                      std::ostream& progress, std::ostream& errors);

}  // namespace triad::tournament::mpi
