// protocol::OfferedOptions: the option lines an engine lists at the handshake, read into
// names, types, bounds and combo values, and a user's value checked against them — the check
// every runner makes before its first game (ManagedEngine::check_options).
#include <gtest/gtest.h>

#include "protocol/client/offered_options.h"

namespace triad::protocol {
namespace {

OfferedOptions offered() {
  OfferedOptions options;
  options.add("option name Hash type spin default 16 min 1 max 65536");
  options.add("option name Skill Level type spin default 20 min 0 max 20");
  options.add("option name OwnBook type check default true");
  options.add("option name Evaluation type combo default learned var learned var classical");
  options.add("option name Play Style type combo default Very Fast var Very Fast var Slow");
  options.add("option name Clear Hash type button");
  options.add("option name EvalFile type string default <empty>");
  options.add("id name not an option");
  options.add("option name");
  return options;
}

std::string refusal(const OfferedOptions& options, const std::string& name,
                    const std::string& value) {
  const auto r = options.check(name, value);
  return r ? std::string() : r.error().message;
}

TEST(OfferedOptions, DeclarationsAreReadWithSpacesInNamesAndValues) {
  const auto options = offered();
  EXPECT_EQ(options.size(), 7u);
  const auto* skill = options.find("skill level");
  ASSERT_NE(skill, nullptr);
  EXPECT_EQ(skill->name, "Skill Level");
  EXPECT_EQ(skill->type, "spin");
  EXPECT_EQ(skill->min, 0);
  EXPECT_EQ(skill->max, 20);
  const auto* style = options.find("Play Style");
  ASSERT_NE(style, nullptr);
  EXPECT_EQ(style->vars, (std::vector<std::string>{"Very Fast", "Slow"}));
  EXPECT_EQ(options.find("not"), nullptr);
}

TEST(OfferedOptions, ValuesOfTheDeclaredTypeAndRangeAreTaken) {
  const auto options = offered();
  for (const auto& [name, value] :
       std::vector<std::pair<std::string, std::string>>{{"Hash", "1"},
                                                        {"hash", "65536"},
                                                        {"Skill Level", "0"},
                                                        {"OwnBook", "FALSE"},
                                                        {"Evaluation", "Classical"},
                                                        {"Play Style", "very fast"},
                                                        {"Clear Hash", ""},
                                                        {"EvalFile", "nets/any name.nnue"}})
    EXPECT_EQ(refusal(options, name, value), "") << name << "=" << value;
}

TEST(OfferedOptions, AnUnknownNameOrAValueOutsideItsDeclarationIsRefusedAndNamed) {
  const auto options = offered();
  EXPECT_EQ(refusal(options, "Threds", "1"), "the engine offers no option 'Threds'");
  EXPECT_EQ(refusal(options, "Hash", "abc"),
            "option 'Hash' takes a whole number from 1 to 65536, not 'abc'");
  EXPECT_EQ(refusal(options, "Hash", "0"),
            "option 'Hash' takes a whole number from 1 to 65536, not '0'");
  EXPECT_EQ(refusal(options, "Hash", "8.5"),
            "option 'Hash' takes a whole number from 1 to 65536, not '8.5'");
  EXPECT_EQ(refusal(options, "Skill Level", "99999999999999999999"),
            "option 'Skill Level' takes a whole number from 0 to 20, not '99999999999999999999'");
  EXPECT_EQ(refusal(options, "OwnBook", "yes"), "option 'OwnBook' takes true or false, not 'yes'");
  EXPECT_EQ(refusal(options, "Evaluation", "banana"),
            "option 'Evaluation' takes one of learned, classical, not 'banana'");
  EXPECT_EQ(refusal(options, "Clear Hash", "now"),
            "option 'Clear Hash' is a button: it takes no value");
  // A long value is cut in the message.
  EXPECT_EQ(
      refusal(options, "Hash", std::string(100, '9')),
      "option 'Hash' takes a whole number from 1 to 65536, not '" + std::string(40, '9') + "...'");
}

TEST(OfferedOptions, AnEngineListingEndlessOptionsKeepsABoundedTable) {
  OfferedOptions options;
  for (std::size_t i = 0; i < OfferedOptions::kMaxOptions + 50; ++i)
    options.add("option name O" + std::to_string(i) + " type check default false");
  EXPECT_EQ(options.size(), OfferedOptions::kMaxOptions);
}

}  // namespace
}  // namespace triad::protocol
