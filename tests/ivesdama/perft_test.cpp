// Perft of the three Íves dáma variants against the public figures of
// tests/data/perft.yaml (read at test time so they cannot drift). All depths are cheap.
#include <string>

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "engine/core/perft.h"
#include "test_util.h"

namespace triad::games::ivesdama::testing {
namespace {

class PerftTest : public ::testing::TestWithParam<std::string> {};

TEST_P(PerftTest, MatchesPublicFigures) {
  const YAML::Node data = YAML::LoadFile(TRIAD_SOURCE_DIR "/tests/data/perft.yaml");
  const YAML::Node entry = data[GetParam()];
  ASSERT_TRUE(entry) << GetParam() << " missing from perft.yaml";
  const Game game = default_game(GetParam());
  const Position pos = position(game, entry["fen"].as<std::string>());
  const auto expected = entry["perft"].as<std::vector<std::uint64_t>>();
  ASSERT_FALSE(expected.empty());
  for (std::size_t d = 0; d < expected.size(); ++d)
    EXPECT_EQ(engine::perft(game, pos, static_cast<int>(d + 1)), expected[d])
        << GetParam() << " depth " << d + 1;
}

INSTANTIATE_TEST_SUITE_P(Variants, PerftTest,
                         ::testing::Values("ivesdama", "ivesdama-arc", "ivesdama-forward"),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::erase(name, '-');
                           return name;
                         });

}  // namespace
}  // namespace triad::games::ivesdama::testing
