// The shared text toolkit (adapters/common/text.h): the message sanitiser, the one-line
// guarantee, field splitting, integers and the shared position-line fields.
#include "adapters/common/text.h"

#include <string>

#include <gtest/gtest.h>

namespace triad::adapters {
namespace {

TEST(Sanitize, EscapesControlBytesAndKeepsPrintableUtf8) {
  EXPECT_EQ(sanitize("a\x1b[2J\n\x07"), "a\\x1b[2J\\x0a\\x07");
  EXPECT_EQ(sanitize(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(sanitize("\xc3\x8dves d\xc3\xa1ma"), "\xc3\x8dves d\xc3\xa1ma");
  EXPECT_EQ(sanitize("\xff\x7f\xc2\x85"), "\\xff\\x7f\\xc2\\x85");  // invalid, DEL, C1 control
}

TEST(Sanitize, BoundsTheLength) {
  const std::string huge(100'000, 'x');
  const std::string shown = quote(huge);
  EXPECT_EQ(shown, "'" + std::string(kMaxShownBytes, 'x') + "...'");
  const std::string escapes(100, '\x01');
  EXPECT_LE(sanitize(escapes).size(), kMaxShownBytes + 3);
  EXPECT_EQ(quote("b1c3"), "'b1c3'");
}

TEST(PrintableLine, IsOneBoundedLine) {
  EXPECT_EQ(printable_line("info string ok"), "info string ok");
  EXPECT_EQ(printable_line("two\nlines\r"), "two\\x0alines\\x0d");
  const std::string huge(1'000'000, '\x1b');
  const std::string line = printable_line(huge);
  EXPECT_LE(line.size(), kMaxLineBytes);
  EXPECT_EQ(line.substr(line.size() - 3), "...");
  const std::string exact(kMaxLineBytes, 'a');
  EXPECT_EQ(printable_line(exact), exact);
  EXPECT_EQ(printable_line(exact + "b").size(), kMaxLineBytes);
}

TEST(Fields, SplitOnBlanksAndSeparators) {
  EXPECT_EQ(split_fields("  a\tbb \r\n c "), (std::vector<std::string_view>{"a", "bb", "c"}));
  EXPECT_TRUE(split_fields(" \t").empty());
  EXPECT_EQ(split_on("a//b", '/'), (std::vector<std::string_view>{"a", "", "b"}));
  EXPECT_EQ(split_on("", '/'), (std::vector<std::string_view>{""}));
}

TEST(Integers, WholeTokenOnly) {
  EXPECT_EQ(parse_integer<int>("42"), 42);
  EXPECT_EQ(parse_integer<int>("-7"), -7);
  EXPECT_FALSE(parse_integer<int>("+7"));
  EXPECT_FALSE(parse_integer<int>("7x"));
  EXPECT_FALSE(parse_integer<int>(""));
  EXPECT_FALSE(parse_integer<int>("99999999999"));
  EXPECT_FALSE(parse_integer<unsigned>("-1"));
}

TEST(PositionFields, SideToMoveAndPly) {
  EXPECT_EQ(*parse_side_to_move("2"), engine::Player::kTwo);
  EXPECT_EQ(parse_side_to_move("3").error().message, "side to move: expected 1 or 2, got '3'");
  EXPECT_EQ(*parse_ply(std::to_string(engine::kMaxGamePly)), engine::kMaxGamePly);
  EXPECT_FALSE(parse_ply(std::to_string(engine::kMaxGamePly + 1)));
  EXPECT_FALSE(parse_ply("-1"));
  const auto huge = parse_ply(std::string(1'000'000, '9'));
  ASSERT_FALSE(huge);
  EXPECT_LT(huge.error().message.size(), 200u);
  EXPECT_EQ(engine::next_ply(engine::kMaxGamePly), engine::kMaxGamePly);
  EXPECT_EQ(engine::next_ply(5), 6);
}

TEST(RunLength, CountsEmptyRuns) {
  std::string out;
  append_run_length(out, "..P.....p..........");
  EXPECT_EQ(out, "2P5p10");
  out.clear();
  append_run_length(out, ".......");
  EXPECT_EQ(out, "7");
}

}  // namespace
}  // namespace triad::adapters
