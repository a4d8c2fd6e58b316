// triad-datagen on one machine: -concurrency game slots, the games leased from the run's
// scheduler (two per slot held: one played, one queued) and committed in game order.
#pragma once

#include <atomic>

#include "datagen/config.h"
#include "datagen/run.h"
#include "engine/core/result.h"

namespace triad::datagen {

// Plays until every game is committed or `interrupted` is set. Errors: a game that cannot
// be played, an output that cannot be written.
Result<void> run_local(const DatagenConfig& config, Run& run, const std::atomic<bool>& interrupted);

}  // namespace triad::datagen
