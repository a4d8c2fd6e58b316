// triad-analyse -mpi on every rank of an MPI job (docs/cluster.md "Distributed analysis"):
// rank 0 reads the input, schedules chunks of positions with the cluster scheduler and
// writes the output in input order; ranks 1..N-1 analyse with -concurrency engines each.
#pragma once

#include "analysis/config.h"
#include "engine/core/result.h"

namespace triad::analysis::mpi {

// Initialises MPI and runs this rank's part. `config` is this rank's reading of the command
// line (an error is reported once, by rank 0, and every rank exits). Returns the exit
// status: 0, 1 (error during the run), 2 (settings, input, output, fewer than 2 ranks) or
// 130 (interrupted).
int run_distributed(int argc, char** argv, const Result<AnalyseConfig>& config);

}  // namespace triad::analysis::mpi
