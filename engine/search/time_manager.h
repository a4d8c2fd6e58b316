// Time management: turns the `go` limits into a soft budget (when to stop starting new
// iterations; scaled by best-move instability) and a hard deadline (checked during the
// search), keeping the Move Overhead safety margin so the engine never loses on time.
#pragma once

#include <chrono>
#include <cstdint>

#include "engine/search/search_types.h"

namespace triad::engine {

class TimeManager {
 public:
  using Clock = std::chrono::steady_clock;

  // `moves_left` = the game's estimate of own moves still to play (for clock budgeting).
  void start(const SearchLimits& limits, Player side, int move_overhead_ms, int moves_left,
             bool single_reply);

  // The pondered move was played: the budget starts counting from now.
  void ponderhit();

  std::int64_t elapsed_ms() const;
  bool time_limited() const { return limited_; }
  // Past the hard deadline: abort the running iteration.
  bool hard_expired() const { return limited_ && elapsed_ms() >= maximum_ms_; }
  // Start no new iteration: past the soft budget scaled by `instability` (1.0 = stable).
  bool soft_expired(double instability) const {
    return limited_ && static_cast<double>(elapsed_ms()) >= optimum_ms_ * instability;
  }
  std::int64_t maximum_ms() const { return maximum_ms_; }

 private:
  Clock::time_point start_;
  bool limited_ = false;
  std::int64_t optimum_ms_ = 0;
  std::int64_t maximum_ms_ = 0;
};

}  // namespace triad::engine
