// Tests of the variant registry (built-in YAML, user files, errors with file and line) and of
// loading variants through the protocol (VariantPath) and the command line.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "adapters/common/game_registry.h"
#include "adapters/common/variants.h"
#include "adapters/ivesdama/notation.h"
#include "session_driver.h"

namespace triad::protocol::testing {
namespace {

namespace fs = std::filesystem;
using adapters::VariantRegistry;

// A scratch folder with a copy of the default Íves dáma board as myboard.yaml.
class VariantFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    dir = fs::temp_directory_path() /
          ("triad_variants_" +
           std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::create_directories(dir);
    fs::copy_file(fs::path(TRIAD_SOURCE_DIR) / "adapters/ivesdama/boards/double-diamond.yaml",
                  dir / "myboard.yaml", fs::copy_options::overwrite_existing);
  }
  void TearDown() override { fs::remove_all(dir); }
  fs::path write(const std::string& name, const std::string& text) {
    std::ofstream(dir / name) << text;
    return dir / name;
  }
  fs::path dir;
};

TEST(VariantRegistry, BuiltinsInSpecOrderAndEachCreatesItsGame) {
  const auto reg = VariantRegistry::builtin();
  EXPECT_EQ(reg.names(),
            (std::vector<std::string>{"razzledazzle", "razzledazzle-basic", "razzledazzle-norepeat",
                                      "yinyang", "ivesdama", "ivesdama-arc", "ivesdama-forward"}));
  for (const auto& name : reg.names()) {
    auto game = reg.create(name);
    ASSERT_TRUE(game.ok()) << name << ": " << game.error().message;
    EXPECT_EQ((*game)->game_name(), reg.find(name)->game);
    EXPECT_EQ((*game)->position_line(), (*game)->start_position_line());
  }
  auto arc = reg.create("ivesdama-arc");
  ASSERT_TRUE(arc.ok());
  const auto* ives = dynamic_cast<adapters::TypedGame<games::ivesdama::Game>*>(arc->get());
  ASSERT_NE(ives, nullptr);
  EXPECT_TRUE(ives->game().rules().arc_capture);
  auto missing = reg.create("chess");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("unknown variant 'chess'"), std::string::npos);
}

TEST(VariantRegistry, RuleSettingsReachTheGame) {
  // Published perft depth 3: extended 6768, basic 6012, position-repetition 7020.
  const auto reg = VariantRegistry::builtin();
  auto total = [&](const char* name) {
    auto game = reg.create(name);
    std::uint64_t n = 0;
    for (const auto& [m, c] : (*game)->perft_divide(3)) n += c;
    return n;
  };
  EXPECT_EQ(total("razzledazzle"), 6768u);
  EXPECT_EQ(total("razzledazzle-basic"), 6012u);
  EXPECT_EQ(total("razzledazzle-norepeat"), 7020u);
}

TEST_F(VariantFiles, UserFileWithRelativeBoardPath) {
  auto reg = VariantRegistry::builtin();
  const auto file = write("mine.yaml",
                          "variants:\n"
                          "  - name: ivesdama-myboard\n"
                          "    game: ivesdama\n"
                          "    description: \"my board\"\n"
                          "    board: myboard.yaml\n"
                          "    arc_capture: true\n");
  auto r = reg.load_file(file);
  ASSERT_TRUE(r.ok()) << r.error().message;
  EXPECT_EQ(reg.names().back(), "ivesdama-myboard");
  auto game = reg.create("ivesdama-myboard");
  ASSERT_TRUE(game.ok()) << game.error().message;
  EXPECT_EQ((*game)->start_position_line(), "p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 0");
  // The settings (board file included) were read once, at load: the file is not needed now.
  fs::remove(dir / "myboard.yaml");
  auto again = reg.create("ivesdama-myboard");
  ASSERT_TRUE(again.ok()) << again.error().message;
  EXPECT_EQ((*again)->start_position_line(), "p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 0");
}

TEST(VariantRegistry, GamesAreCreatedOnManyThreadsAtOnce) {
  // triad-match's referees create games concurrently, without a lock (run under tsan in CI).
  const auto reg = VariantRegistry::builtin();
  std::atomic<int> made{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 50; ++i)
        for (const char* name : {"razzledazzle-basic", "yinyang", "ivesdama-arc"})
          if (auto g = reg.create(name); g.ok() && (*g)->legal_moves().size() > 0) ++made;
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(made.load(), 4 * 50 * 3);
}

TEST(VariantRegistry, EveryRegisteredGameHasAVariantOfItsName) {
  VariantRegistry reg;  // no YAML at all
  reg.add_default_variants();
  std::vector<std::string> games;
  for (const auto* game : adapters::all_games()) games.emplace_back(game->name);
  EXPECT_EQ(reg.names(), games);
  for (const auto& name : games) {
    auto game = reg.create(name);
    ASSERT_TRUE(game.ok()) << name << ": " << game.error().message;
    EXPECT_EQ((*game)->game_name(), name);
  }
  // A variant of that name from YAML is kept, not replaced by the defaults.
  VariantRegistry named;
  ASSERT_TRUE(named
                  .load_text("variants:\n  - name: razzledazzle\n    game: razzledazzle\n"
                             "    rules: basic\n",
                             {}, "test.yaml")
                  .ok());
  named.add_default_variants();
  EXPECT_EQ(named.names().front(), "razzledazzle");
  EXPECT_EQ(named.names().size(), games.size());
  std::uint64_t perft3 = 0;
  for (const auto& [m, n] : (*named.create("razzledazzle"))->perft_divide(3)) perft3 += n;
  EXPECT_EQ(perft3, 6012u);  // basic rules: the YAML entry
}

TEST_F(VariantFiles, ErrorsNameFileLineAndReasonAndAddNothing) {
  struct Case {
    const char* text;
    const char* expected;  // a fragment of the message after "<file>:"
  };
  const Case cases[] = {
      {"variants:\n  - name: good\n    game: yinyang\n  - name: bad\n    game: chess\n",
       ":4: variant 'bad': unknown game 'chess'"},
      {"variants:\n  - name: r\n    game: razzledazzle\n    rules: fancy\n",
       ":2: variant 'r': razzledazzle setting 'rules'"},
      {"variants:\n  - game: yinyang\n", ":2: missing or non-scalar 'name'"},
      {"variants:\n  - name: has space\n    game: yinyang\n",
       ":2: variant name 'has space' must be 1-64 letters"},
      {"variants:\n  - name: x\n    game: yinyang\n  - name: x\n    game: yinyang\n",
       ":4: variant 'x' defined twice"},
      {"variants: [a, b", ":1: "},
      {"other: 1\n", ":1: expected a map with a 'variants' list"},
      {"variants:\n  - name: b\n    game: ivesdama\n    board: nowhere.yaml\n", ":2: variant 'b':"},
  };
  for (const auto& c : cases) {
    auto reg = VariantRegistry::builtin();
    const auto file = write("bad.yaml", c.text);
    auto r = reg.load_file(file);
    ASSERT_FALSE(r.ok()) << c.text;
    EXPECT_NE(r.error().message.find(file.string() + c.expected), std::string::npos)
        << r.error().message;
    EXPECT_EQ(reg.names().size(), 7u) << "a broken file added something: " << c.text;
  }
  auto reg = VariantRegistry::builtin();
  auto r = reg.load_file(dir / "absent.yaml");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().message.find("cannot open"), std::string::npos);
}

TEST_F(VariantFiles, ALaterDefinitionReplacesAnEarlierOne) {
  auto reg = VariantRegistry::builtin();
  const auto file = write("re.yaml",
                          "variants:\n  - name: razzledazzle\n    game: razzledazzle\n"
                          "    rules: basic\n");
  ASSERT_TRUE(reg.load_file(file).ok());
  EXPECT_EQ(reg.names().size(), 7u);
  std::uint64_t perft3 = 0;  // 6012 with basic rules, 6768 with the built-in extended ones
  for (const auto& [m, n] : (*reg.create("razzledazzle"))->perft_divide(3)) perft3 += n;
  EXPECT_EQ(perft3, 6012u);
}

TEST_F(VariantFiles, VariantPathOptionAddsSelectableVariants) {
  SessionDriver d;
  const auto file = write("mine.yaml",
                          "variants:\n  - name: yy2\n    game: yinyang\n"
                          "  - name: board2\n    game: ivesdama\n    board: myboard.yaml\n");
  EXPECT_TRUE(d.send("setoption name VariantPath value " + file.string()).empty());
  const auto uci = d.send("uci");
  EXPECT_EQ(count_prefix(uci, "option name UCI_Variant type combo default razzledazzle"), 1);
  bool listed = false;
  for (const auto& l : uci)
    listed = listed || l.ends_with("var ivesdama-forward var yy2 var board2");
  EXPECT_TRUE(listed);
  EXPECT_EQ(d.send("setoption name UCI_Variant value yy2"),
            std::vector<std::string>{
                "info string variant yy2 game yinyang startpos 6/6/2DL2/2LD2/6/6 1 0"});
  const auto bad = write("bad.yaml", "variants:\n  - name: z\n    game: go\n");
  const auto err = d.send("setoption name VariantPath value " + bad.string());
  ASSERT_EQ(err.size(), 1u);
  EXPECT_TRUE(
      starts_with(err[0], "info string error setoption VariantPath : " + bad.string() + ":2:"))
      << err[0];
  EXPECT_EQ(d.query("fen"), "6/6/2DL2/2LD2/6/6 1 0");  // state unchanged
}

TEST_F(VariantFiles, ConfigureAppliesCommandLineSettingsSilently) {
  SessionDriver d;
  const auto file = write("mine.yaml", "variants:\n  - name: yy3\n    game: yinyang\n");
  ASSERT_TRUE(d.session().configure("VariantPath", file.string()).ok());
  ASSERT_TRUE(d.session().configure("uci_variant", "yy3").ok());
  ASSERT_TRUE(d.session().configure("Hash", "4").ok());
  EXPECT_FALSE(d.session().configure("Hash", "-4").ok());
  EXPECT_FALSE(d.session().configure("UCI_Variant", "nope").ok());
  EXPECT_EQ(d.query("fen"), "6/6/2DL2/2LD2/6/6 1 0");
  // Command-line values become the advertised defaults, so a GUI that resets every option
  // to its default keeps them.
  const auto handshake = d.send("uci");
  auto advertised = [&](const std::string& prefix) {
    for (const auto& line : handshake)
      if (starts_with(line, prefix)) return line;
    return std::string("(missing)");
  };
  EXPECT_TRUE(starts_with(advertised("option name UCI_Variant "),
                          "option name UCI_Variant type combo default yy3 "));
  EXPECT_TRUE(
      starts_with(advertised("option name Hash "), "option name Hash type spin default 4 "));
}

}  // namespace
}  // namespace triad::protocol::testing
