// triad-datagen on one machine: the game slots (-concurrency, at most the games left), the
// games leased from the run's scheduler (two per slot held: one played, one queued) and
// committed in game order.
#pragma once

#include <atomic>

#include "datagen/pool.h"
#include "datagen/run.h"
#include "engine/core/result.h"

namespace triad::datagen {

// Plays on `pool`'s slots until every game is committed or `interrupted` is set. Errors: a
// game that cannot be played, an output that cannot be written.
Result<void> run_local(Run& run, Pool& pool, const std::atomic<bool>& interrupted);

}  // namespace triad::datagen
