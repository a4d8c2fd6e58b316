// A worker rank of a distributed match (triad-match -mpi, ranks 1..N-1): plays the units rank
// 0 hands out on its own -concurrency game slots with its own engine processes, as the
// client of the MPI runtime's worker (cluster/mpi/worker.h).
#pragma once

#include <boost/mpi/communicator.hpp>

#include "cluster/mpi/protocol.h"
#include "engine/core/result.h"
#include "tournament/config.h"
#include "tournament/schedule.h"

namespace triad::tournament::mpi {

// Runs until rank 0 sends kStop. A `config` error (this rank's settings or variant) is sent
// to rank 0 instead of playing.
cluster::mpi::Outcome run_worker(const boost::mpi::communicator& world,
                                 const Result<TournamentConfig>& config,
                                 const cluster::mpi::Settings& settings,
                                 const GameFactory& factory);

}  // namespace triad::tournament::mpi
