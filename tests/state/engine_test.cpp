// state::Engine (state/engine.h) driven directly, without a protocol session: the option
// table's settings stored once (in SearchSettings), and the `go` planner's decisions — game
// over, `go solve` answered by the tables, a book move, a search (infinite without limits,
// the clock fixed up, bad searchmoves dropped) and a search at a level, whose seeds come from
// the generator it is given.
#include "state/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace triad::state {
namespace {

struct EngineFixture {
  EngineFixture()
      : engine(
            adapters::VariantRegistry::builtin(),
            [this](const std::string& s) { notes.push_back(s); },
            [this](const std::string& s) { errors.push_back(s); },
            [](const std::string&) { return Result<void>(); }) {}
  void set(const std::string& name, const std::string& value) {
    const auto r = engine.set_option(name, value);
    ASSERT_TRUE(r) << r.error().message;
  }
  GoPlan plan(engine::SearchLimits limits, std::vector<std::string> searchmoves = {}) {
    return engine.plan_go({limits, std::move(searchmoves)});
  }
  std::vector<std::string> notes;
  std::vector<std::string> errors;
  Engine engine;
};

engine::SearchLimits depth(int plies) {
  engine::SearchLimits limits;
  limits.depth = plies;
  return limits;
}

bool advertises(const Engine& engine, const std::string& line) {
  const auto lines = engine.options().uci_lines();
  return std::find(lines.begin(), lines.end(), line) != lines.end();
}

TEST(Engine, TheSearchsOptionsAreItsSettings) {
  EngineFixture f;
  f.set("multipv", "3");
  EXPECT_EQ(f.engine.state().settings().multipv, 3);
  EXPECT_EQ(f.engine.options().spin("MultiPV"), 3);
  f.set("Evaluation", "classical");
  EXPECT_FALSE(f.engine.state().settings().learned);
  EXPECT_EQ(f.engine.options().text("Evaluation"), "classical");
  f.set("MaxPlies", "200");
  EXPECT_EQ(f.engine.state().settings().draw_rules.max_plies, 200);
  // A refused value changes neither; a command-line value is the advertised default.
  EXPECT_FALSE(f.engine.set_option("MultiPV", std::string("0")));
  EXPECT_EQ(f.engine.state().settings().multipv, 3);
  ASSERT_TRUE(f.engine.configure("Hash", "32"));
  EXPECT_EQ(f.engine.state().settings().hash_mb, 32u);
  EXPECT_TRUE(advertises(f.engine, "option name Hash type spin default 32 min 1 max 65536"));
}

TEST(Engine, AGameOverOrARefusedSolveIsAnsweredWithoutASearch) {
  EngineFixture f;
  // An illegal move forfeits: the game is over.
  EXPECT_FALSE(f.engine.state().set_position(std::nullopt, {"a1a1"}));
  EXPECT_TRUE(std::holds_alternative<plan::GameOver>(f.plan(depth(1))));
  f.set("UCI_Variant", "ivesdama");
  const auto solve = f.engine.plan_go({depth(1), {}, true, false});
  ASSERT_TRUE(std::holds_alternative<plan::SolveRefused>(solve));  // no tables loaded
  EXPECT_NE(std::get<plan::SolveRefused>(solve).error.find("none are loaded"), std::string::npos)
      << std::get<plan::SolveRefused>(solve).error;
}

TEST(Engine, TheBookAnswersAFullStrengthGoOnly) {
  EngineFixture f;
  f.set("UCI_Variant", "yinyang");  // its built-in book answers the start position
  EXPECT_TRUE(std::holds_alternative<plan::BookMove>(f.plan(depth(2))));
  f.set("MultiPV", "2");  // analysis: the search answers
  EXPECT_TRUE(std::holds_alternative<plan::Search>(f.plan(depth(2))));
  f.set("MultiPV", "1");
  f.set("Skill Level", "5");  // a limited level plays no book moves
  const auto level = f.plan(depth(2));
  ASSERT_TRUE(std::holds_alternative<plan::Search>(level));
  EXPECT_TRUE(std::get<plan::Search>(level).request.config.skill.active);
}

TEST(Engine, ASearchIsInfiniteWithoutLimitsAndGetsAClockAndTheRootsItCan) {
  EngineFixture f;
  f.set("OwnBook", "false");
  const auto infinite = std::get<plan::Search>(f.plan({}));
  EXPECT_TRUE(infinite.request.limits.infinite);
  EXPECT_FALSE(infinite.request.config.skill.active);
  // Only the opponent's clock (Player 2's) with Player 1 to move: no time, not no limit.
  engine::SearchLimits clock;
  clock.time_ms = {-1, 100};
  EXPECT_EQ(std::get<plan::Search>(f.plan(clock)).request.limits.time_ms[0], 0);
  const auto bad = std::get<plan::Search>(f.plan(depth(1), {"zz9"}));
  EXPECT_TRUE(bad.dropped);
  EXPECT_TRUE(bad.request.searchmoves.empty());
}

TEST(Engine, ALevelDrawsItsSeedsFromTheGeneratorItIsGiven) {
  EngineFixture f;
  std::mt19937_64 a(7), b(7);
  EXPECT_FALSE(f.engine.level(f.engine.state(), a));  // full strength draws nothing
  f.set("Skill Level", "5");
  const auto first = f.engine.level(f.engine.state(), a);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->seed, f.engine.level(f.engine.state(), b)->seed);
  EXPECT_NE(first->seed, f.engine.level(f.engine.state(), a)->seed);  // the next draw
  f.set("Skill Seed", "42");
  EXPECT_EQ(f.engine.level(f.engine.state(), a)->seed, 42u);
}

}  // namespace
}  // namespace triad::state
