// Tests of the command parser: every command form, every go parameter, and the errors.
#include <gtest/gtest.h>

#include "protocol/command.h"

namespace triad::protocol {
namespace {

template <class T>
T parse_as(std::string_view line) {
  auto r = parse_command(line);
  EXPECT_TRUE(r.ok()) << line << " -> " << (r.ok() ? "" : r.error().message);
  EXPECT_TRUE(r.ok() && std::holds_alternative<T>(*r)) << line;
  return r.ok() && std::holds_alternative<T>(*r) ? std::get<T>(*r) : T{};
}

std::string error_of(std::string_view line) {
  auto r = parse_command(line);
  EXPECT_FALSE(r.ok()) << line;
  return r.ok() ? "" : r.error().message;
}

TEST(Tokenize, SplitsOnRunsOfBlanksAndIgnoresCarriageReturn) {
  EXPECT_EQ(tokenize("  go \t depth   3 \r"), (std::vector<std::string_view>{"go", "depth", "3"}));
  EXPECT_TRUE(tokenize(" \t\r").empty());
}

TEST(ParseCommand, SimpleCommands) {
  parse_as<CmdUci>("uci");
  parse_as<CmdUgi>("ugi\r");
  parse_as<CmdIsReady>("  isready  ");
  parse_as<CmdNewGame>("ucinewgame");
  parse_as<CmdNewGame>("uginewgame");
  parse_as<CmdStop>("stop");
  parse_as<CmdPonderHit>("ponderhit");
  parse_as<CmdQuit>("quit");
  parse_as<CmdDisplay>("d");
  parse_as<CmdEval>("eval");
  parse_as<CmdHelp>("help");
  parse_as<CmdEmpty>("");
  parse_as<CmdEmpty>("   # a comment");
}

TEST(ParseCommand, SimpleCommandWithArgumentIsRefused) {
  EXPECT_NE(error_of("isready now").find("unexpected argument 'now'"), std::string::npos);
}

TEST(ParseCommand, UnknownCommandNamesTheToken) {
  const auto e = error_of("fly away");
  EXPECT_NE(e.find("unknown command 'fly'"), std::string::npos) << e;
  EXPECT_NE(e.find(" : "), std::string::npos) << e;
}

TEST(ParseCommand, SetOptionNamesWithSpacesAndValues) {
  auto c = parse_as<CmdSetOption>("setoption name Debug Log File value /tmp/a b.log");
  EXPECT_EQ(c.name, "Debug Log File");
  EXPECT_TRUE(c.has_value);
  EXPECT_EQ(c.value, "/tmp/a b.log");
  auto button = parse_as<CmdSetOption>("setoption name Clear Hash");
  EXPECT_EQ(button.name, "Clear Hash");
  EXPECT_FALSE(button.has_value);
  EXPECT_FALSE(error_of("setoption Hash 3").empty());
  EXPECT_FALSE(error_of("setoption name value 3").empty());
}

TEST(ParseCommand, PositionForms) {
  auto s = parse_as<CmdPosition>("position startpos");
  EXPECT_TRUE(s.startpos);
  EXPECT_TRUE(s.moves.empty());
  auto m = parse_as<CmdPosition>("position startpos moves c3b3 d3d2");
  EXPECT_EQ(m.moves, (std::vector<std::string>{"c3b3", "d3d2"}));
  auto f = parse_as<CmdPosition>("position fen 6/6/2DL2/2LD2/6/6   1 0 moves c3b3");
  EXPECT_FALSE(f.startpos);
  EXPECT_EQ(f.fen, "6/6/2DL2/2LD2/6/6 1 0");
  EXPECT_EQ(f.moves, (std::vector<std::string>{"c3b3"}));
  EXPECT_FALSE(error_of("position").empty());
  EXPECT_FALSE(error_of("position fen").empty());
  EXPECT_FALSE(error_of("position fen moves a1").empty());
  EXPECT_FALSE(error_of("position startpos junk").empty());
  EXPECT_FALSE(error_of("position middle").empty());
}

TEST(ParseCommand, GoParametersInAnyOrder) {
  auto a = parse_as<CmdGo>("go wtime 100 winc 10 btime 200 binc 20 movestogo 5");
  auto b = parse_as<CmdGo>("go binc 20 btime 200 movestogo 5 winc 10 wtime 100");
  for (const auto& g : {a, b}) {
    EXPECT_EQ(g.limits.time_ms[0], 100);
    EXPECT_EQ(g.limits.time_ms[1], 200);
    EXPECT_EQ(g.limits.inc_ms[0], 10);
    EXPECT_EQ(g.limits.inc_ms[1], 20);
    EXPECT_EQ(g.limits.movestogo, 5);
  }
  auto u = parse_as<CmdGo>("go p1time 1000 p2time 2000 p1inc 3 p2inc 4");
  EXPECT_EQ(u.limits.time_ms[0], 1000);
  EXPECT_EQ(u.limits.time_ms[1], 2000);
  EXPECT_EQ(u.limits.inc_ms[0], 3);
  EXPECT_EQ(u.limits.inc_ms[1], 4);
}

TEST(ParseCommand, GoLimitsAndFlags) {
  auto g = parse_as<CmdGo>("go depth 7 nodes 5000 movetime 250 mate 3 infinite ponder");
  EXPECT_EQ(g.limits.depth, 7);
  EXPECT_EQ(g.limits.nodes, 5000u);
  EXPECT_EQ(g.limits.movetime_ms, 250);
  EXPECT_EQ(g.limits.mate, 3);
  EXPECT_TRUE(g.limits.infinite);
  EXPECT_TRUE(g.limits.ponder);
  EXPECT_FALSE(g.limits.has_clock());
  auto s = parse_as<CmdGo>("go depth 2 searchmoves c3b3 d4e4");
  EXPECT_EQ(s.searchmoves, (std::vector<std::string>{"c3b3", "d4e4"}));
  EXPECT_EQ(parse_as<CmdGo>("go perft 3").perft, 3);
  EXPECT_EQ(parse_as<CmdGo>("go wtime -50").limits.time_ms[0], 0);  // a fallen flag: move now
}

TEST(ParseCommand, GoErrorsNameTheParameter) {
  EXPECT_NE(error_of("go depth x").find("go depth 'x' : not an integer"), std::string::npos);
  EXPECT_NE(error_of("go depth 0").find("out of range"), std::string::npos);
  EXPECT_NE(error_of("go nodes 99999999999999999999999").find("out of range"), std::string::npos);
  EXPECT_NE(error_of("go wtime").find("value missing"), std::string::npos);
  EXPECT_NE(error_of("go fast").find("unknown parameter"), std::string::npos);
  EXPECT_NE(error_of("go searchmoves").find("no move"), std::string::npos);
  EXPECT_NE(error_of("go perft 2 depth 3").find("cannot be combined"), std::string::npos);
  EXPECT_NE(error_of("go movetime 12abc").find("not an integer"), std::string::npos);
}

TEST(ParseCommand, QueryAndBench) {
  auto q = parse_as<CmdQuery>("query islegal c3b3");
  EXPECT_EQ(q.name, "islegal");
  EXPECT_EQ(q.args, (std::vector<std::string>{"c3b3"}));
  EXPECT_EQ(parse_as<CmdQuery>("query").name, "");
  EXPECT_EQ(parse_as<CmdBench>("bench").depth, 0);
  EXPECT_EQ(parse_as<CmdBench>("bench 3").depth, 3);
  EXPECT_FALSE(error_of("bench deep").empty());
  EXPECT_FALSE(error_of("bench 3 4").empty());
}

TEST(Quote, EscapesControlBytesAndCutsLongTokens) {
  EXPECT_EQ(quote(std::string_view("a\0b\x7f", 4)), "'a\\x00b\\x7f'");
  const auto q = quote(std::string(1000, 'x'));
  EXPECT_LT(q.size(), 80u);
  EXPECT_NE(q.find("..."), std::string::npos);
}

}  // namespace
}  // namespace triad::protocol
