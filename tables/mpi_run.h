// triad-tables -mpi on every rank of an MPI job (docs/tables.md "Building across an MPI job"):
// rank 0 reads the folder (what an earlier run left is kept), hands out the slices of one
// stone total at a time with the cluster scheduler and writes each built slice's file; ranks
// 1..N-1 build one slice at a time with -threads threads, reading the smaller slices' files
// from the same -dir (a folder shared by every rank). The same runtime as triad-match -mpi,
// triad-analyse -mpi and triad-datagen -mpi (cluster/mpi/, runner/distributed_run.h).
#pragma once

#include "engine/core/result.h"
#include "tables/config.h"

namespace triad::tables::mpi {

// Initialises MPI and runs this rank's part. `config` is this rank's reading of the command
// line (an error is reported once, by rank 0, and every rank exits). Returns the exit status:
// 0, 1 (a worker could not build or read a slice, or a file could not be written), 2
// (settings, a folder of another variant, fewer than 2 ranks, a worker that read another
// variant) or 130 (interrupted).
int run_distributed(int argc, char** argv, const Result<TablesConfig>& config);

}  // namespace triad::tables::mpi
