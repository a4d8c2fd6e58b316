// EvalFile and UCI_Variant in either order: a net for another of Triad's games is loaded and
// waits for a variant of its game (GUIs and scripts may set EvalFile first), a net for a game
// Triad does not play is one error and the net before stays.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "adapters/common/text.h"
#include "session_driver.h"
#include "tests/nnue/random_net_file.h"

namespace triad::protocol::testing {
namespace {

namespace fs = std::filesystem;
using adapters::nnue::NetFile;

// Net files in a folder of this test process, removed with it.
class NetFolder {
 public:
  NetFolder()
      : dir_(fs::temp_directory_path() /
             ("triad-eval-file-session-" + std::to_string(::getpid()))) {
    fs::create_directories(dir_);
  }
  ~NetFolder() { fs::remove_all(dir_); }
  // Writes `net` as `name` and returns its path.
  std::string write(const NetFile& net, const std::string& name) const {
    const fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary) << adapters::nnue::encode_net_file(net);
    return path.string();
  }

 private:
  fs::path dir_;
};

// The net `eval` names, quoted as the engine quotes it (long paths shortened), or "".
std::string eval_net(SessionDriver& d) {
  for (const auto& line : d.send("eval"))
    if (starts_with(line, "Learned evaluation (net '"))
      return line.substr(24, line.find("')") - 23);
  return "";
}

int count_containing(const std::vector<std::string>& lines, const std::string& part) {
  return static_cast<int>(std::count_if(lines.begin(), lines.end(), [&](const std::string& l) {
    return l.find(part) != std::string::npos;
  }));
}

TEST(EvalFileSession, ANetForAnotherGameWaitsForAVariantOfItsGame) {
  const NetFolder folder;
  const std::string ives =
      folder.write(adapters::nnue::random_net_file("ivesdama", "P", 25, 8, 3), "ives.nnue");
  SessionDriver d;  // starts in razzledazzle
  const std::string builtin_razzle = eval_net(d);
  ASSERT_EQ(builtin_razzle, "'<built-in razzledazzle>'");

  const auto set = d.send("setoption name EvalFile value " + ives);
  EXPECT_EQ(count_containing(set, "info string error"), 0) << set.front();
  EXPECT_EQ(count_containing(set, "loaded: game ivesdama"), 1);
  EXPECT_EQ(count_containing(set, "not used for razzledazzle: it is a net for ivesdama"), 1);
  EXPECT_EQ(eval_net(d), builtin_razzle);

  // Every Íves dáma variant takes it, before a variant's own built-in net.
  for (const char* variant : {"ivesdama", "ivesdama-forward", "ivesdama-arc"}) {
    const auto changed = d.send(std::string("setoption name UCI_Variant value ") + variant);
    EXPECT_EQ(count_containing(changed, "not used"), 0) << variant;
    EXPECT_EQ(eval_net(d), adapters::quote(ives)) << variant;
  }
  const auto back = d.send("setoption name UCI_Variant value razzledazzle");
  EXPECT_EQ(count_containing(back, "not used for razzledazzle"), 1);
  EXPECT_EQ(eval_net(d), builtin_razzle);
}

TEST(EvalFileSession, ANetForAGameTriadDoesNotPlayIsOneErrorAndTheNetBeforeStays) {
  const NetFolder folder;
  const std::string ives =
      folder.write(adapters::nnue::random_net_file("ivesdama", "P", 25, 8, 4), "ives.nnue");
  const std::string chess =
      folder.write(adapters::nnue::random_net_file("chess", "P", 25, 8, 5), "chess.nnue");
  SessionDriver d;
  d.send("setoption name UCI_Variant value ivesdama");
  d.send("setoption name EvalFile value " + ives);
  const auto refused = d.send("setoption name EvalFile value " + chess);
  ASSERT_EQ(refused.size(), 1u);
  EXPECT_TRUE(starts_with(refused[0], "info string error setoption EvalFile : net file '"));
  EXPECT_NE(refused[0].find("a net for 'chess', not a game Triad plays"), std::string::npos)
      << refused[0];
  EXPECT_EQ(eval_net(d), adapters::quote(ives));
}

}  // namespace
}  // namespace triad::protocol::testing
