// EvalFile and UCI_Variant in either order: a net for another of Triad's games is loaded and
// waits for a variant of its game (GUIs and scripts may set EvalFile first), a net for a game
// Triad does not play is one error and the net before stays.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "session_driver.h"
#include "tests/nnue/random_net_file.h"

namespace triad::protocol::testing {
namespace {

namespace fs = std::filesystem;
using adapters::nnue::NetFile;

// Writes `net` to a fresh file under the test's temporary directory and returns its path.
std::string write_net(const NetFile& net, const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / "triad-eval-file-session";
  fs::create_directories(dir);
  const fs::path path = dir / name;
  std::ofstream(path, std::ios::binary) << adapters::nnue::encode_net_file(net);
  return path.string();
}

// The net `eval` names, or "" when it names none.
std::string eval_net(SessionDriver& d) {
  for (const auto& line : d.send("eval"))
    if (starts_with(line, "Learned evaluation (net '"))
      return line.substr(25, line.find("')") - 25);
  return "";
}

int count_containing(const std::vector<std::string>& lines, const std::string& part) {
  return static_cast<int>(std::count_if(lines.begin(), lines.end(), [&](const std::string& l) {
    return l.find(part) != std::string::npos;
  }));
}

TEST(EvalFileSession, ANetForAnotherGameWaitsForAVariantOfItsGame) {
  const std::string ives =
      write_net(adapters::nnue::random_net_file("ivesdama", "P", 25, 8, 3), "ives.nnue");
  SessionDriver d;  // starts in razzledazzle
  const std::string builtin_razzle = eval_net(d);
  ASSERT_EQ(builtin_razzle, "<built-in razzledazzle>");

  const auto set = d.send("setoption name EvalFile value " + ives);
  EXPECT_EQ(count_containing(set, "info string error"), 0) << set.front();
  EXPECT_EQ(count_containing(set, "loaded: game ivesdama"), 1);
  EXPECT_EQ(count_containing(set, "not used for razzledazzle: it is a net for ivesdama"), 1);
  EXPECT_EQ(eval_net(d), builtin_razzle);

  // Every Íves dáma variant takes it, before a variant's own built-in net.
  for (const char* variant : {"ivesdama", "ivesdama-forward", "ivesdama-arc"}) {
    const auto changed = d.send(std::string("setoption name UCI_Variant value ") + variant);
    EXPECT_EQ(count_containing(changed, "not used"), 0) << variant;
    EXPECT_EQ(eval_net(d), ives) << variant;
  }
  const auto back = d.send("setoption name UCI_Variant value razzledazzle");
  EXPECT_EQ(count_containing(back, "not used for razzledazzle"), 1);
  EXPECT_EQ(eval_net(d), builtin_razzle);
}

TEST(EvalFileSession, ANetForAGameTriadDoesNotPlayIsOneErrorAndTheNetBeforeStays) {
  const std::string ives =
      write_net(adapters::nnue::random_net_file("ivesdama", "P", 25, 8, 4), "ives2.nnue");
  const std::string chess =
      write_net(adapters::nnue::random_net_file("chess", "P", 25, 8, 5), "chess.nnue");
  SessionDriver d;
  d.send("setoption name UCI_Variant value ivesdama");
  d.send("setoption name EvalFile value " + ives);
  const auto refused = d.send("setoption name EvalFile value " + chess);
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_TRUE(starts_with(refused[0], "info string error setoption EvalFile : net file '"));
  EXPECT_NE(refused[0].find("a net for 'chess', not a game Triad plays"), std::string::npos)
      << refused[0];
  EXPECT_EQ(eval_net(d), ives);
}

}  // namespace
}  // namespace triad::protocol::testing
