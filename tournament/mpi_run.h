// triad-match -mpi on every rank of an MPI job, on the run driver (runner/distributed_run.h):
// rank 0 schedules and records through the Tournament, ranks 1..N-1 play
// (tournament/mpi_worker.h).
#pragma once

#include "engine/core/result.h"
#include "tournament/config.h"
#include "tournament/schedule.h"

namespace triad::tournament::mpi {

// Initialises MPI and runs this rank's part. `config` is this rank's own reading of the
// command line (an error is reported once, by rank 0, and every rank exits). Returns the
// process's exit status: 0, 1 (error during the run), 2 (settings, fewer than 2 ranks) or 130
// (interrupted).
int run_distributed(int argc, char** argv, const Result<TournamentConfig>& config,
                    const GameFactory& factory);

}  // namespace triad::tournament::mpi
