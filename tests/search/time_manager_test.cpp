// Time budgets: never more than the clock minus the Move Overhead allows, movetime less the
// overhead, increments smaller than the overhead not counted on, no limit without a
// clock.
#include <gtest/gtest.h>

#include "engine/search/time_manager.h"

namespace triad::engine {
namespace {

TimeManager started(const SearchLimits& limits, int overhead = 30, int moves_left = 30) {
  TimeManager tm;
  tm.start(limits, Player::kOne, overhead, moves_left, false);
  return tm;
}

TEST(TimeManager, ClockBudgetsStayWithinTheUsableTime) {
  for (std::int64_t remaining : {1, 5, 31, 50, 100, 1000, 60000}) {
    for (std::int64_t inc : {0, 10, 100, 1000}) {
      SearchLimits limits;
      limits.time_ms = {remaining, 1000000};  // the opponent's clock must not matter
      limits.inc_ms = {inc, 0};
      const TimeManager tm = started(limits);
      ASSERT_TRUE(tm.time_limited());
      const std::int64_t usable = std::max<std::int64_t>(remaining - 30, 1);
      EXPECT_LE(tm.maximum_ms(), std::max<std::int64_t>(usable / 3, 1)) << remaining << "+" << inc;
      EXPECT_GE(tm.maximum_ms(), 1);
    }
  }
}

TEST(TimeManager, IncrementBelowTheOverheadIsNotCountedOn) {
  SearchLimits limits;
  limits.time_ms = {200, 200};
  limits.inc_ms = {10, 10};
  // 200 ms left, 10 ms increments and 30 ms overhead per move: the pool is gone, so the
  // engine answers at once (1 ms budget) instead of draining the clock.
  const TimeManager tm = started(limits);
  SearchLimits plenty = limits;
  plenty.time_ms = {60000, 60000};
  EXPECT_LE(tm.maximum_ms(), 5);
  EXPECT_GT(started(plenty).maximum_ms(), 1000);
}

TEST(TimeManager, MovetimeIsSpentLessTheOverhead) {
  SearchLimits limits;
  limits.movetime_ms = 100;
  EXPECT_EQ(started(limits).maximum_ms(), 100 - 30);
  limits.movetime_ms = 50;
  EXPECT_EQ(started(limits).maximum_ms(), 50 - 30);
  EXPECT_EQ(started(limits, 5).maximum_ms(), 50 - 5);
  limits.movetime_ms = 5000;
  EXPECT_EQ(started(limits).maximum_ms(), 5000 - 30);
  limits.movetime_ms = 10;  // less than the overhead: move at once
  EXPECT_EQ(started(limits).maximum_ms(), 1);
}

TEST(TimeManager, NoClockMeansNoLimit) {
  SearchLimits limits;
  limits.depth = 5;
  EXPECT_FALSE(started(limits).time_limited());
  limits.infinite = true;
  limits.time_ms = {1000, 1000};
  EXPECT_FALSE(started(limits).time_limited());
}

}  // namespace
}  // namespace triad::engine
