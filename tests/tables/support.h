// The tables tests' helpers: the games of the variants they build for, a fixture with fresh
// folders, a file's bytes, and triad-tables run as a process.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "adapters/common/variants.h"
#include "adapters/ivesdama/notation.h"
#include "adapters/tables/table_file.h"
#include "tables/builder.h"
#include "tests/support/child_process.h"

namespace triad::tables {

namespace fs = std::filesystem;
// A game of a built-in (or the Alquerque test board's) variant, kept alive for the test.
inline const iv::Game& game_of(const std::string& variant) {
  static std::map<std::string, std::unique_ptr<adapters::AnyGame>> games;
  auto& slot = games[variant];
  if (!slot) {
    auto registry = adapters::VariantRegistry::builtin();
    const std::string board = TRIAD_SOURCE_DIR "/tests/ivesdama/alquerque-5x5.yaml";
    EXPECT_TRUE(registry
                    .load_text("variants:\n  - name: alquerque\n    game: ivesdama\n    board: " +
                                   board + "\n",
                               TRIAD_SOURCE_DIR, "test")
                    .ok());
    slot = registry.create(variant).value();
  }
  return dynamic_cast<const adapters::TypedGame<iv::Game>&>(*slot).game();
}

// A fresh folder, removed with the fixture.
class TablesTest : public ::testing::Test {
 protected:
  fs::path folder(const std::string& name) {
    const fs::path p =
        fs::temp_directory_path() / ("triad-tables-" + std::to_string(::getpid())) / name;
    fs::remove_all(p);
    fs::create_directories(p);
    return p;
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(fs::temp_directory_path() / ("triad-tables-" + std::to_string(::getpid())), ec);
  }
  static BuildReport build(const iv::Game& game, const fs::path& dir, int stones, int threads = 2,
                           std::function<bool()> stop = {}, std::uint64_t memory = 0) {
    auto report = build_tables(game, {dir, stones, threads, std::move(stop), {}, memory});
    EXPECT_TRUE(report.ok()) << report.error().message;
    return report.ok() ? *report : BuildReport{};
  }
};

// Every slice of up to `stones` stones in `dir`, decoded into `known` (smallest first, as each
// slice's decoding reads its children's values).
inline void load_slices(SliceSet& known, const iv::Game& game, const fs::path& dir, int stones) {
  for (const Material m : materials_up_to(stones)) {
    auto f = SliceFile::open(dir / slice_file_name(m), slice_key(game, m));
    ASSERT_TRUE(f.ok()) << f.error().message;
    known.add(m, (*f)->decode_all(known, 1).value());
  }
}

inline std::string read_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// triad-tables run as a process in `dir`: its exit status and standard error (standard
// output in dir/out).
inline std::pair<int, std::string> run_tables(const fs::path& dir,
                                              const std::vector<std::string>& args) {
  std::vector<std::string> words = {TRIAD_BINARY_DIR "/triad-tables"};
  words.insert(words.end(), args.begin(), args.end());
  const auto done = triad::testing::run_to_end({words, dir / "out", dir / "err", dir}, dir,
                                               std::chrono::seconds(60));
  if (!done.exit_code) return {-1, "did not end"};
  return {*done.exit_code, done.err};
}

}  // namespace triad::tables
