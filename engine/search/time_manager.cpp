// Time budget formulas (see time_manager.h).
#include "engine/search/time_manager.h"

#include <algorithm>

namespace triad::engine {

void TimeManager::start(const SearchLimits& limits, Player side, int move_overhead_ms,
                        int moves_left, bool single_reply) {
  start_ = Clock::now();
  limited_ = false;
  optimum_ms_ = maximum_ms_ = 0;
  const std::int64_t overhead = std::max(move_overhead_ms, 0);
  if (limits.infinite)
    return;  // `ponder` is handled by the caller: it starts the clock on ponderhit
  if (limits.movetime_ms > 0) {
    limited_ = true;
    // The GUI asked for this long: spend it all but the Move Overhead, which covers the
    // reply's pipes and process scheduling (a runner enforces movetime exactly).
    maximum_ms_ = std::max<std::int64_t>(limits.movetime_ms - overhead, 1);
    optimum_ms_ = maximum_ms_;  // use it all: the GUI asked for exactly this long
    return;
  }
  const std::int64_t remaining = limits.time_ms[index(side)];
  if (remaining < 0) return;
  limited_ = true;
  const std::int64_t inc = std::max<std::int64_t>(limits.inc_ms[index(side)], 0);
  // What we may spend at all: the clock minus the safety margin, never below 1 ms.
  const std::int64_t usable = std::max<std::int64_t>(remaining - overhead, 1);
  const int horizon =
      limits.movestogo > 0 ? std::min(limits.movestogo, 40) : std::clamp(moves_left, 2, 40);
  // Spread the clock plus the increments to come over the horizon, charging the overhead
  // once per move (each reply costs that much beyond the search itself, so an increment
  // smaller than the overhead must not be counted on).
  const std::int64_t pool = remaining + inc * (horizon - 1) - overhead * (horizon + 1);
  optimum_ms_ = std::min(std::max<std::int64_t>(pool / horizon, 1), usable / 2);
  // The hard deadline: a few times the budget, but never more than a third of the clock
  // (or the whole usable time for the last move before a time control).
  const std::int64_t cap = limits.movestogo == 1 ? usable * 9 / 10 : usable / 3;
  maximum_ms_ = std::min(optimum_ms_ * 5, std::max<std::int64_t>(cap, 1));
  optimum_ms_ = std::min(optimum_ms_, maximum_ms_);
  if (single_reply) optimum_ms_ = std::min<std::int64_t>(optimum_ms_, 10);
  optimum_ms_ = std::max<std::int64_t>(optimum_ms_, 1);
  maximum_ms_ = std::max<std::int64_t>(maximum_ms_, 1);
}

void TimeManager::ponderhit() {
  start_ = Clock::now();
}

std::int64_t TimeManager::elapsed_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
}

}  // namespace triad::engine
