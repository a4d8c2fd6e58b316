// The game slots of one machine (the local triad-match run) or of one worker rank of a
// distributed run: the work layer's slot pool (cluster/slot_pool.h) whose slots each own a
// GameSlot and play whole units (one opening's games, tournament/schedule.h). The pool is
// the client of the MPI runtime's worker; the local run commits through MatchRun.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "cluster/slot_pool.h"
#include "protocol/client/engine_process.h"
#include "tournament/config.h"
#include "tournament/game_slot.h"
#include "tournament/mpi_units.h"
#include "tournament/schedule.h"

namespace triad::tournament {

// What the local run says about a slot's games as they happen (a worker rank says nothing:
// rank 0 prints when it hands a unit out).
struct SlotHooks {
  // A game is about to begin on a slot; false: a resumed state counts it already (it is
  // not played again).
  std::function<bool(const ScheduledGame&)> start;
  std::function<void(const GameReport&)> abandoned;  // a game was cut off by an interrupt
};

class MatchPool : public cluster::SlotPool<std::int64_t, mpi::UnitResult> {
 public:
  // `cancel` ends the waits on every engine (stop(), interrupt()); `interrupt` abandons the
  // games in progress (nullptr: stopping() does).
  MatchPool(const TournamentConfig& config, const Schedule& schedule, const GameFactory& factory,
            std::shared_ptr<protocol::CancelSignal> cancel,
            const std::atomic<bool>* interrupt = nullptr, SlotHooks hooks = {});

  // Starts a slot whose engine logs are tagged `log_tag`. Throws std::system_error when the
  // system refuses the thread.
  void add_game_slot(std::string log_tag);

 private:
  const TournamentConfig& config_;
  const Schedule& schedule_;
  const GameFactory& factory_;
  std::shared_ptr<protocol::CancelSignal> cancel_;
  const std::atomic<bool>& interrupt_;
  SlotHooks hooks_;
};

}  // namespace triad::tournament
