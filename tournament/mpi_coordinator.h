// Rank 0 of a distributed match (triad-match -mpi): schedules the work units over the worker
// ranks with the cluster scheduler, commits finished units in unit order through the
// Tournament (records in game-number order, statistics, SPRT, resume state), stops every
// worker when the match ends, and reports each worker's share.
#pragma once

#include <iosfwd>

#include <boost/mpi/communicator.hpp>

#include "tournament/mpi_protocol.h"
#include "tournament/tournament.h"

namespace triad::tournament::mpi {

// Runs the prepared `match` on ranks 1..N-1 until the schedule is played or the match stops,
// then stops every worker and writes the summary.
Outcome run_coordinator(const boost::mpi::communicator& world, Tournament& match,
                        std::ostream& progress, std::ostream& errors);

// Stops every worker of a run that cannot start on rank 0 and waits for their goodbyes.
void stop_workers(const boost::mpi::communicator& world);

}  // namespace triad::tournament::mpi
