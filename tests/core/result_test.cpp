// Tests of the core vocabulary: Result values, FixedList and Outcome helpers.
#include <gtest/gtest.h>

#include "engine/core/move_list.h"
#include "engine/core/result.h"
#include "engine/core/types.h"

namespace triad {
namespace {

Result<int> parse_digit(char c) {
  if (c < '0' || c > '9') return make_error(std::string("not a digit: ") + c);
  return c - '0';
}

TEST(Result, CarriesValueOrError) {
  auto good = parse_digit('7');
  ASSERT_TRUE(good.ok());
  EXPECT_EQ(*good, 7);
  auto bad = parse_digit('x');
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "not a digit: x");
}

TEST(Result, VoidResult) {
  Result<void> fine;
  EXPECT_TRUE(fine.ok());
  Result<void> broken = make_error("why");
  EXPECT_FALSE(broken.ok());
  EXPECT_EQ(broken.error().message, "why");
}

TEST(FixedList, PushIterateClear) {
  engine::FixedList<int, 4> list;
  EXPECT_TRUE(list.empty());
  list.push_back(3);
  list.push_back(5);
  int sum = 0;
  for (int v : list) sum += v;
  EXPECT_EQ(sum, 8);
  EXPECT_EQ(list.size(), 2u);
  list.clear();
  EXPECT_TRUE(list.empty());
}

TEST(Outcome, WinnerAndNames) {
  auto o = engine::Outcome::win_for(engine::Player::kTwo, engine::Reason::kGoal);
  EXPECT_TRUE(o.over());
  EXPECT_STREQ(engine::result_name(o.result), "p2win");
  EXPECT_STREQ(engine::reason_name(o.reason), "goal");
  EXPECT_FALSE(engine::Outcome::ongoing().over());
  EXPECT_EQ(engine::other(engine::Player::kOne), engine::Player::kTwo);
}

}  // namespace
}  // namespace triad
