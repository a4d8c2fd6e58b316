// triad-analyse on one machine: -concurrency engine slots fed from the run's scheduler.
#pragma once

#include <atomic>
#include <memory>

#include "analysis/config.h"
#include "analysis/run.h"
#include "protocol/client/engine_process.h"

namespace triad::analysis {

// Analyses every unit of `run` (stops early when `interrupted` is set; `cancel` is the
// signal the engines watch). Errors: the output failed, or the engine kept failing.
Result<void> run_local(const AnalyseConfig& config, Run& run, const std::atomic<bool>& interrupted,
                       std::shared_ptr<protocol::CancelSignal> cancel);

}  // namespace triad::analysis
