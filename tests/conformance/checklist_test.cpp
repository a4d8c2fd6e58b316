// The checklist of a new game, enforced (docs/architecture.md "A game's folders, and adding
// a game"), as OpenSpiel's test of its mandatory games does: every game of the registry has
// its folders (so it is in the typed conformance, known-evaluation and search suites, which
// are generated from TRIAD_GAMES), a seed corpus for its generated fuzz target, public perft
// figures, its rules in docs/games/, and pieces on the web board.
#include <gtest/gtest.h>

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/all_games.h"

namespace triad {
namespace {

namespace fs = std::filesystem;
const fs::path kSource = TRIAD_SOURCE_DIR;

template <class... G>
struct NamesOf {
  static std::vector<std::string> names() { return {std::string(G::kName)...}; }
};

std::string read(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The registry and the game folders name the same games: a registered game whose core is
// not in engine/games/<g>/ (with games::<g>::Game), or a folder whose game is not
// registered, is missing from the typed suites or from Triad.
TEST(Checklist, EveryRegisteredGameIsInTheTypedSuites) {
  const auto typed = testing::AllGames<NamesOf>::names();
  const auto registered = testing::registered_game_names();
  EXPECT_EQ(std::set<std::string>(registered.begin(), registered.end()),
            std::set<std::string>(typed.begin(), typed.end()));
  EXPECT_EQ(typed.size(), testing::kGameFolders.size());
}

// tests/fuzz/CMakeLists.txt makes fuzz_position_<g> for every folder; it needs seeds.
TEST(Checklist, EveryGameHasAFuzzSeedCorpus) {
  for (const auto& folder : testing::kGameFolders) {
    const fs::path corpus = kSource / "tests/fuzz/corpus" / ("position_" + folder);
    EXPECT_TRUE(fs::is_directory(corpus) && !fs::is_empty(corpus))
        << corpus << ": the seed positions of fuzz_position_" << folder;
  }
}

TEST(Checklist, EveryGameHasPerftFiguresAndRules) {
  const YAML::Node perft = YAML::LoadFile((kSource / "tests/data/perft.yaml").string());
  for (const auto& name : testing::registered_game_names())
    EXPECT_TRUE(perft[name]) << name << " has no perft figures in tests/data/perft.yaml";
  // One rules file per game (docs/games/<game>.md, the rules authority).
  std::size_t rules = 0;
  for (const auto& entry : fs::directory_iterator(kSource / "docs/games"))
    rules += entry.path().extension() == ".md";
  EXPECT_GE(rules, testing::registered_game_names().size()) << "a game without docs/games/*.md";
}

// The web board draws each game's position-line letters from its table of pieces.
TEST(Checklist, EveryGameHasPiecesOnTheWebBoard) {
  const std::string board = read(kSource / "gui-examples/web/public/board.js");
  const auto table = board.find("const kPieces = {");
  ASSERT_NE(table, std::string::npos) << "gui-examples/web/public/board.js: no kPieces table";
  const std::string pieces = board.substr(table, board.find("\n};", table) - table);
  for (const auto& name : testing::registered_game_names())
    EXPECT_NE(pieces.find("\n  " + name + ": {"), std::string::npos)
        << name << " has no pieces in kPieces of gui-examples/web/public/board.js";
}

}  // namespace
}  // namespace triad
