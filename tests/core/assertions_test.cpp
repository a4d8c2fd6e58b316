// The bounds assertions of FixedList (engine/core/move_list.h) stop the program instead of
// writing past the end. Only builds with assertions compile these tests: debug, and the asan
// and tsan presets, which drop -DNDEBUG; .ci/run fails if the asan build has none of them.
#include <gtest/gtest.h>

#include "engine/core/move_list.h"

namespace triad {
namespace {

#ifndef NDEBUG
TEST(AssertionsDeathTest, FixedListPushBeyondCapacityAborts) {
  engine::FixedList<int, 2> list;
  list.push_back(1);
  list.push_back(2);
  EXPECT_DEATH(list.push_back(3), "size_ < Capacity");
}

TEST(AssertionsDeathTest, FixedListResizeBeyondCapacityAborts) {
  engine::FixedList<int, 2> list;
  list.resize(2);
  EXPECT_EQ(list.size(), 2u);
  EXPECT_DEATH(list.resize(3), "n <= Capacity");
}
#endif

}  // namespace
}  // namespace triad
