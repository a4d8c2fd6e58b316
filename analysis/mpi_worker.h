// A worker rank of triad-analyse -mpi: a pool of engines fed with the units rank 0 sends.
#pragma once

#include <boost/mpi/communicator.hpp>

#include "analysis/config.h"
#include "engine/core/result.h"

namespace triad::analysis::mpi {

// Runs until rank 0 says kStop, then says kBye. Returns the rank's exit status.
int run_worker(const boost::mpi::communicator& world, const Result<AnalyseConfig>& config);

}  // namespace triad::analysis::mpi
