// The opening suites shipped in books/suites/ (made by `triad-book suite`, docs/books.md):
// every file names its variant in its header, and every opening is a legal, unfinished
// position of that variant, found once. Yin Yang's suites are positions of known value: a
// sample of them is solved again here and must have the margin their records give, inside the
// window the header states.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "adapters/book/book.h"
#include "adapters/common/game_registry.h"
#include "adapters/common/variants.h"
#include "adapters/records/reader.h"
#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/solver.h"
#include "tests/support/text_scan.h"

namespace triad::adapters::book {
namespace {

namespace fs = std::filesystem;
const fs::path kSuites = TRIAD_SOURCE_DIR "/books/suites";

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The header's variant and the opening lines of a suite file.
struct Suite {
  std::string variant;
  std::string header;
  std::vector<std::string> lines;
};

Suite read_suite(const fs::path& file) {
  Suite suite;
  std::istringstream in(read_text(file));
  std::getline(in, suite.header);
  // "... variant yinyang, ...": the word after "variant ", up to the comma.
  if (const auto at = suite.header.find("variant "); at != std::string::npos) {
    const auto from = at + 8, comma = suite.header.find(',', from);
    if (comma != std::string::npos) suite.variant = suite.header.substr(from, comma - from);
  }
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) suite.lines.push_back(line);
  return suite;
}

std::vector<fs::path> suite_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(kSuites))
    if (entry.path().extension() == ".txt") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(ShippedSuites, EveryOpeningIsALiveDistinctPositionOfItsVariant) {
  const auto registry = VariantRegistry::builtin();
  std::set<std::string> games;
  for (const auto& file : suite_files()) {
    SCOPED_TRACE(file.filename().string());
    const Suite suite = read_suite(file);
    const Variant* variant = registry.find(suite.variant);
    ASSERT_NE(variant, nullptr) << "header names no known variant: " << suite.header;
    games.insert(variant->game);
    EXPECT_GE(suite.lines.size(), 50u);
    std::set<PositionKey> keys;
    for (const auto& line : suite.lines) {
      auto game = variant->factory();
      ASSERT_TRUE(game->reset(line)) << line;
      EXPECT_FALSE(game->outcome().over()) << line;
      EXPECT_TRUE(keys.insert(position_key(line)).second) << "twice: " << line;
    }
  }
  // A suite for every game (the books issue asked for one per game, Yin Yang included).
  for (const GameDescriptor* descriptor : all_games())
    EXPECT_TRUE(games.count(std::string(descriptor->name))) << "no suite for " << descriptor->name;
}

TEST(ShippedSuites, YinYangOpeningsHaveTheSolvedMarginTheirRecordsGive) {
  const games::yinyang::Game g;
  int solved = 0;
  for (const auto& file : suite_files()) {
    const Suite suite = read_suite(file);
    if (suite.variant != "yinyang") continue;
    SCOPED_TRACE(file.filename().string());
    const auto window = triad::testing::scan_numbers(suite.header, "in [{}, {}] points");
    ASSERT_EQ(window.size(), 1u) << suite.header;
    const int low = static_cast<int>(window[0][0]), high = static_cast<int>(window[0][1]);
    auto pgn = file;
    const auto records = records::read_records(read_text(pgn.replace_extension(".pgn")), "pgn");
    ASSERT_TRUE(records) << records.error().message;
    ASSERT_EQ(records->size(), suite.lines.size());
    // The first and the last opening (each a second or less at 20 to 22 empties).
    for (const std::size_t i : {std::size_t{0}, suite.lines.size() - 1}) {
      const auto pos = Notation<games::yinyang::Game>::parse_position(g, suite.lines[i]);
      ASSERT_TRUE(pos) << pos.error().message;
      games::yinyang::Solver solver(20);
      const auto solution = solver.solve(*pos);
      ASSERT_TRUE(solution);
      EXPECT_GE(solution->margin, low) << suite.lines[i];
      EXPECT_LE(solution->margin, high) << suite.lines[i];
      EXPECT_EQ((*records)[i].moves.back().comment,
                "margin " + std::to_string(solution->margin) + ", side to move");
      ++solved;
    }
  }
  EXPECT_EQ(solved, 4);  // two Yin Yang suites
}

}  // namespace
}  // namespace triad::adapters::book
