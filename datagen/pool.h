// The game slots of one machine (or of one MPI worker rank): the work layer's slot pool
// (cluster/slot_pool.h) whose slots each own a search engine and play the games they are
// given; finished games are taken back by the caller, which commits them in game order.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "adapters/common/game_engine.h"
#include "cluster/slot_pool.h"
#include "datagen/self_play.h"
#include "engine/core/result.h"

namespace triad::datagen {

class Pool : public cluster::SlotPool<std::int64_t, GameRecords> {
 public:
  // Makes the engines and starts the threads. Errors: the system refuses the memory or a
  // thread (the settings ask too much).
  static triad::Result<std::unique_ptr<Pool>> create(const SelfPlaySetup& setup, int slots);
  ~Pool();  // stop(): the slots end before their engines

 private:
  Pool();

  std::vector<std::unique_ptr<adapters::GameEngine>> engines_;
};

}  // namespace triad::datagen
