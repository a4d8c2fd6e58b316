// triad-datagen -mpi on every rank of an MPI job (docs/cluster.md "Distributed data
// generation"): rank 0 reads the settings, opens (or resumes) the output, leases games with
// the cluster scheduler and appends them in game order; ranks 1..N-1 play -concurrency
// games each. The same runtime as triad-match -mpi and triad-analyse -mpi (cluster/mpi/).
#pragma once

#include "datagen/config.h"
#include "engine/core/result.h"

namespace triad::datagen::mpi {

// Initialises MPI and runs this rank's part. `config` is this rank's reading of the command
// line (an error is reported once, by rank 0, and every rank exits). Returns the exit
// status: 0, 1 (error during the run), 2 (settings, output, fewer than 2 ranks) or 130
// (interrupted).
int run_distributed(int argc, char** argv, const Result<DatagenConfig>& config);

}  // namespace triad::datagen::mpi
