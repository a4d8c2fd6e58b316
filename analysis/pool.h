// The engine slots of triad-analyse: the work layer's slot pool (cluster/slot_pool.h) whose
// slots each own an Analyst (one engine process); the local run and each worker rank of a
// distributed run submit units and collect their output lines. A slot whose engine failed
// on kFailedInARow positions in a row (analyst.h) marks its unit fatal (the run stops there,
// see UnitOutput).
#pragma once

#include <memory>
#include <string>

#include "analysis/config.h"
#include "analysis/task.h"
#include "cluster/slot_pool.h"
#include "protocol/client/engine_process.h"

namespace triad::analysis {

class Pool : public cluster::SlotPool<Unit, UnitOutput> {
 public:
  // `slots` engines named `<prefix><n>` in their logs; `cancel` stops them all (stop() and
  // interrupt() cancel it; close() lets the engines quit).
  Pool(const AnalyseConfig& config, int slots, const std::string& prefix,
       std::shared_ptr<protocol::CancelSignal> cancel);
  ~Pool();  // close()
};

}  // namespace triad::analysis
