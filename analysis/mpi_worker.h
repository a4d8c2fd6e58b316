// A worker rank of triad-analyse -mpi: a pool of engines fed with the units rank 0 sends, as
// the client of the MPI runtime's worker (cluster/mpi/worker.h).
#pragma once

#include <boost/mpi/communicator.hpp>

#include "analysis/config.h"
#include "cluster/mpi/protocol.h"
#include "engine/core/result.h"

namespace triad::analysis::mpi {

// Runs until rank 0 says kStop (or is presumed dead). A `config` error or a missing engine
// is sent to rank 0 instead of analysing.
cluster::mpi::Outcome run_worker(const boost::mpi::communicator& world,
                                 const Result<AnalyseConfig>& config,
                                 const cluster::mpi::Settings& settings);

}  // namespace triad::analysis::mpi
