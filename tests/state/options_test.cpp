// Tests of the option table: every option type, validation, the UCI lines and on-change actions.
#include <gtest/gtest.h>

#include "state/options.h"

namespace triad::state {
namespace {

class OptionsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    opts.add({"Hash", OptionType::kSpin, "16", 1, 1024, {}}, [this](const std::string& v) {
      changes.push_back("Hash=" + v);
      return Result<void>();
    });
    opts.add({"Ponder", OptionType::kCheck, "false", 0, 0, {}}, nullptr);
    opts.add({"Style", OptionType::kCombo, "normal", 0, 0, {"normal", "Wild"}}, nullptr);
    opts.add({"Clear Hash", OptionType::kButton, "", 0, 0, {}}, [this](const std::string&) {
      changes.push_back("clear");
      return Result<void>();
    });
    opts.add({"Log File", OptionType::kString, "", 0, 0, {}}, nullptr);
    opts.add({"Picky", OptionType::kString, "a", 0, 0, {}}, [](const std::string& v) {
      return v == "bad" ? Result<void>(make_error("Picky : refuses bad")) : Result<void>();
    });
  }
  Options opts;
  std::vector<std::string> changes;
};

TEST_F(OptionsTest, UciLinesDescribeEveryType) {
  EXPECT_EQ(opts.uci_lines(), (std::vector<std::string>{
                                  "option name Hash type spin default 16 min 1 max 1024",
                                  "option name Ponder type check default false",
                                  "option name Style type combo default normal var normal var Wild",
                                  "option name Clear Hash type button",
                                  "option name Log File type string default <empty>",
                                  "option name Picky type string default a",
                              }));
}

TEST_F(OptionsTest, SpinIsRangeChecked) {
  ASSERT_TRUE(opts.set("hash", std::string("64")).ok());
  EXPECT_EQ(opts.spin("Hash"), 64);
  EXPECT_EQ(changes, (std::vector<std::string>{"Hash=64"}));
  auto high = opts.set("Hash", std::string("2048"));
  ASSERT_FALSE(high.ok());
  EXPECT_NE(high.error().message.find("out of range 1..1024"), std::string::npos);
  EXPECT_FALSE(opts.set("Hash", std::string("12x")).ok());
  EXPECT_FALSE(opts.set("Hash", std::string("")).ok());
  EXPECT_FALSE(opts.set("Hash", std::nullopt).ok());
  EXPECT_EQ(opts.spin("Hash"), 64);  // unchanged after every refusal
}

TEST_F(OptionsTest, CheckAcceptsTrueAndFalseOnly) {
  ASSERT_TRUE(opts.set("PONDER", std::string("TRUE")).ok());
  EXPECT_TRUE(opts.check("Ponder"));
  EXPECT_FALSE(opts.set("Ponder", std::string("yes")).ok());
  EXPECT_TRUE(opts.check("Ponder"));
}

TEST_F(OptionsTest, ComboMatchesCaseInsensitivelyAndStoresCanonical) {
  ASSERT_TRUE(opts.set("style", std::string("wild")).ok());
  EXPECT_EQ(opts.text("Style"), "Wild");
  EXPECT_FALSE(opts.set("Style", std::string("calm")).ok());
  opts.set_vars("Style", {"normal", "Wild", "calm"});
  EXPECT_TRUE(opts.set("Style", std::string("calm")).ok());
}

TEST_F(OptionsTest, ButtonRunsItsActionWithoutValue) {
  ASSERT_TRUE(opts.set("clear hash", std::nullopt).ok());
  EXPECT_EQ(changes, (std::vector<std::string>{"clear"}));
}

TEST_F(OptionsTest, StringsKeepSpacesAndEmptyMarker) {
  ASSERT_TRUE(opts.set("Log File", std::string("/tmp/my log.txt")).ok());
  EXPECT_EQ(opts.text("Log File"), "/tmp/my log.txt");
  ASSERT_TRUE(opts.set("Log File", std::string("<empty>")).ok());
  EXPECT_EQ(opts.text("Log File"), "");
}

TEST_F(OptionsTest, RefusingActionLeavesValue) {
  auto r = opts.set("Picky", std::string("bad"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().message, "Picky : refuses bad");
  EXPECT_EQ(opts.text("Picky"), "a");
}

TEST_F(OptionsTest, UnknownNameIsAnError) {
  auto r = opts.set("Contempt", std::string("3"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("no such option"), std::string::npos);
}

}  // namespace
}  // namespace triad::state
