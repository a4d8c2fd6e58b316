// Tests of triad's command-line parsing.
#include <gtest/gtest.h>

#include "protocol/cli.h"

namespace triad::protocol {
namespace {

Result<CliOptions> parse(std::vector<const char*> args) {
  args.insert(args.begin(), "triad");
  return parse_command_line(static_cast<int>(args.size()), args.data());
}

TEST(CommandLine, HelpListsOptions) {
  auto cli = parse({"--help"});
  ASSERT_TRUE(cli.ok());
  EXPECT_TRUE(cli->show_help);
  EXPECT_NE(cli->help_text.find("--variant"), std::string::npos);
  EXPECT_NE(cli->help_text.find("--option"), std::string::npos);
}

TEST(CommandLine, VariantOptionsAndCommands) {
  auto cli = parse({"--game", "yinyang", "--option", "Hash=64", "--option", "Threads=2", "bench"});
  ASSERT_TRUE(cli.ok()) << cli.error().message;
  EXPECT_EQ(cli->variant, "yinyang");
  EXPECT_EQ(cli->options, (std::vector<std::string>{"Hash=64", "Threads=2"}));
  EXPECT_EQ(cli->commands, (std::vector<std::string>{"bench"}));
}

TEST(CommandLine, UnknownFlagIsAnError) {
  auto cli = parse({"--bogus"});
  ASSERT_FALSE(cli.ok());
  EXPECT_NE(cli.error().message.find("bogus"), std::string::npos);
}

TEST(CommandLine, MissingValueIsAnError) {
  auto cli = parse({"--variant"});
  ASSERT_FALSE(cli.ok());
}

}  // namespace
}  // namespace triad::protocol
