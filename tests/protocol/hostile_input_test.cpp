// Out-of-process tests of the output guarantees against hostile input (docs/protocol.md,
// "Guarantees"): every line is one bounded line of printable text, every error is one
// `info string error` line, user files that are not regular files or are too large are
// refused without blocking or growing memory, JSON stays valid, and every position line
// Triad prints is read back.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine_child.h"
#include "tests/all_games.h"

namespace triad::protocol {
namespace {

namespace fs = std::filesystem;
using testing::EngineChild;
using Lines = std::vector<std::string>;

// Error lines are far shorter than the output bound (adapters::kMaxLineBytes).
constexpr std::size_t kShortLine = 400;
// A board file's error line lists up to eight problems.
constexpr std::size_t kBoardErrorLine = 2000;

bool printable(const std::string& line) {
  for (unsigned char c : line)
    if (c < 0x20 || c == 0x7f) return false;
  return true;
}

// Sends `command`, then `isready`; returns the lines written before `readyok`.
Lines answer_to(EngineChild& e, const std::string& command) {
  e.send(command);
  e.send("isready");
  Lines lines = e.lines_until("readyok");
  EXPECT_FALSE(lines.empty());
  if (!lines.empty() && lines.back() == "readyok") lines.pop_back();
  return lines;
}

// Exactly one short printable `info string error` line.
void expect_one_error_line(const Lines& lines, const std::string& what,
                           std::size_t max_bytes = kShortLine) {
  ASSERT_EQ(lines.size(), 1u) << what;
  EXPECT_EQ(lines[0].rfind("info string error ", 0), 0u) << what << ": " << lines[0];
  EXPECT_LT(lines[0].size(), max_bytes) << what;
  EXPECT_TRUE(printable(lines[0])) << what;
}

class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() / ("triad-hostile-" + std::to_string(::getpid()));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream(path_ / name) << text;
    return path_ / name;
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::vector<std::string> split(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

std::string join(const std::vector<std::string>& fields) {
  std::string out;
  for (const auto& f : fields) out += (out.empty() ? "" : " ") + f;
  return out;
}

// The answer of `query <what>`, without "response ".
std::string query(EngineChild& e, const std::string& what) {
  e.send("query " + what);
  const auto line = e.wait_for("response ");
  return line ? line->substr(9) : "";
}

std::string start_fen(EngineChild& e) {
  e.send("position startpos");
  return query(e, "fen");
}

std::string variant_file(const std::string& name, const std::string& board) {
  return "variants:\n  - name: " + name + "\n    game: ivesdama\n    board: " + board + "\n";
}

std::string alquerque_board() {
  std::ifstream in(TRIAD_SOURCE_DIR "/tests/ivesdama/alquerque-5x5.yaml");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(HostileInput, HugeMoveTokensGiveOneShortPrintableLine) {
  const std::string token = "\x1b[2J" + std::string(100'000, 'x') + std::string("\0\a", 2);
  for (const std::string& variant : triad::testing::registered_game_names()) {
    EngineChild e({"--variant", variant});
    expect_one_error_line(answer_to(e, "position startpos moves " + token), variant);
    e.send("position startpos");  // the illegal move above forfeited the game
    // A bad searchmoves list gets one error line, then the go is answered all the same.
    e.send("go depth 1 searchmoves " + token);
    const Lines go = e.lines_until("bestmove");
    ASSERT_FALSE(go.empty()) << variant;
    expect_one_error_line({go.front()}, variant);
    EXPECT_EQ(go.back().rfind("bestmove ", 0), 0u) << variant;
    for (std::size_t i = 1; i < go.size(); ++i)
      EXPECT_EQ(go[i].find("error"), std::string::npos) << variant << ": " << go[i];
    const Lines legal = answer_to(e, "query islegal a1" + token);
    ASSERT_EQ(legal.size(), 1u) << variant;
    EXPECT_LT(legal[0].size(), kShortLine) << variant;
  }
}

TEST(HostileInput, NulAndBelInsideAMalformedMoveAreEscaped) {
  EngineChild e({"--variant", "ivesdama"});
  const Lines lines =
      answer_to(e, std::string("position startpos moves c3") + std::string("\0\a", 2));
  expect_one_error_line(lines, "NUL/BEL");
  EXPECT_NE(lines[0].find("\\x00\\x07"), std::string::npos) << lines[0];
}

TEST(HostileInput, HugePositionFieldsGiveOneShortLine) {
  const std::string huge(1'000'000, '9');
  for (const std::string& variant : triad::testing::registered_game_names()) {
    EngineChild e({"--variant", variant});
    auto fields = split(start_fen(e));
    ASSERT_GE(fields.size(), 3u) << variant;
    auto with = [&](std::size_t i, const std::string& text) {
      auto f = fields;
      f[i] = text;
      return "position fen " + join(f);
    };
    expect_one_error_line(answer_to(e, with(fields.size() - 1, huge)), "ply");
    expect_one_error_line(answer_to(e, with(0, fields[0] + "\x1b" + huge)), "board");
    expect_one_error_line(answer_to(e, with(1, huge)), "side to move");
    if (fields.size() == 5)  // Razzle Dazzle's knight-move fields
      expect_one_error_line(answer_to(e, with(2, "b1" + huge)), "knight move field");
  }
}

TEST(HostileInput, HugeOptionValuesGiveOneShortLine) {
  EngineChild e;
  const std::string huge = "/tmp/" + std::string(1'000'000, 'a') + "\x1b[2J";
  expect_one_error_line(answer_to(e, "setoption name VariantPath value " + huge), "VariantPath");
  expect_one_error_line(answer_to(e, "setoption name Debug Log File value " + huge),
                        "Debug Log File");
}

TEST(HostileInput, FilesThatAreNotRegularAreRefusedWithoutBlocking) {
  TempDir dir;
  const fs::path fifo = dir.path() / "fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EngineChild e;
  for (const std::string& path :
       {std::string("/dev/zero"), fifo.string(), std::string("/dev/stdin"), dir.path().string()}) {
    expect_one_error_line(answer_to(e, "setoption name VariantPath value " + path), path);
    expect_one_error_line(answer_to(e, "setoption name Debug Log File value " + path), path);
  }
  const auto board_on_fifo = dir.write("fifo-board.yaml", variant_file("fifoboard", fifo.string()));
  expect_one_error_line(answer_to(e, "setoption name VariantPath value " + board_on_fifo.string()),
                        "board file on a FIFO");
  // The session is still usable.
  e.send("go depth 1");
  EXPECT_TRUE(e.wait_for("bestmove "));
}

// A regular file that opens for writing but takes no write (procfs): refused at once, and
// the session goes on logging nothing.
TEST(HostileInput, ALogFileThatTakesNoWritesIsRefused) {
  EngineChild e;
  const Lines lines = answer_to(e, "setoption name Debug Log File value /proc/self/status");
  expect_one_error_line(lines, "/proc/self/status");
  ASSERT_FALSE(lines.empty());
  EXPECT_NE(lines[0].find("cannot write to it"), std::string::npos) << lines[0];
  e.send("go depth 1");
  EXPECT_TRUE(e.wait_for("bestmove "));
}

TEST(HostileInput, TooLargeFilesAreRefused) {
  TempDir dir;
  const auto big = dir.write("big.yaml", "# " + std::string(2u << 20, 'x') + "\nvariants: []\n");
  EngineChild e;
  const Lines lines = answer_to(e, "setoption name VariantPath value " + big.string());
  expect_one_error_line(lines, "2 MiB variant file");
  EXPECT_NE(lines[0].find("larger than"), std::string::npos) << lines[0];
}

TEST(HostileInput, BoardFileErrorsAreOneLine) {
  TempDir dir;
  std::string points = "name: huge\npoints: [";
  for (int i = 0; i < 10'000; ++i)
    points += std::string(i ? ", " : "") + "zz" + std::to_string(i);  // no grid cell names
  points += "]\nstart: {1: [a1], 2: [b1]}\nbase: {1: a1, 2: b1}\n";
  dir.write("huge-board.yaml", points);
  dir.write("missing-keys.yaml", "name: missing\npoints: [a1, b1]\n");
  const auto variants = dir.write("v.yaml", variant_file("hugeboard", "huge-board.yaml"));
  const auto missing = dir.write("m.yaml", variant_file("missingkeys", "missing-keys.yaml"));
  EngineChild e;
  const Lines huge = answer_to(e, "setoption name VariantPath value " + variants.string());
  expect_one_error_line(huge, "10 000 points", kBoardErrorLine);
  EXPECT_NE(huge[0].find("more problems)"), std::string::npos) << huge[0];
  const Lines lines = answer_to(e, "setoption name VariantPath value " + missing.string());
  expect_one_error_line(lines, "missing keys", kBoardErrorLine);
  EXPECT_NE(lines[0].find("missing required key 'start'"), std::string::npos) << lines[0];
  EXPECT_NE(lines[0].find("missing required key 'base'"), std::string::npos) << lines[0];
}

TEST(HostileInput, BoardNamesStayValidJson) {
  TempDir dir;
  std::string board = alquerque_board();
  ASSERT_NE(board.find("name: alquerque-5x5"), std::string::npos);
  const std::string evil = "evil \\\" name\\n{\\u0007}";  // YAML escapes: " newline BEL
  board.replace(board.find("name: alquerque-5x5"), 19, "name: \"" + evil + "\"");
  dir.write("evil-board.yaml", board);
  const auto variants = dir.write("v.yaml", variant_file("evilboard", "evil-board.yaml"));
  EngineChild e;
  EXPECT_TRUE(answer_to(e, "setoption name VariantPath value " + variants.string()).empty());
  EXPECT_TRUE(answer_to(e, "setoption name UCI_Variant value evilboard").size() <= 1);
  const Lines lines = answer_to(e, "query board");
  ASSERT_EQ(lines.size(), 1u);
  ASSERT_EQ(lines[0].rfind("response {", 0), 0u) << lines[0];
  const YAML::Node json = YAML::Load(lines[0].substr(9));
  EXPECT_EQ(json["board"].as<std::string>(), "evil \" name\n{\a}");
  EXPECT_EQ(json["points"].size(), 25u);
}

TEST(HostileInput, EveryPrintedPlyIsReadBack) {
  for (const std::string& variant : triad::testing::registered_game_names()) {
    EngineChild e({"--variant", variant});
    auto fields = split(start_fen(e));
    fields.back() = "1000000000";
    const std::string fen = join(fields);
    EXPECT_TRUE(answer_to(e, "position fen " + fen).empty()) << variant;
    const auto moves = split(query(e, "moves"));
    ASSERT_FALSE(moves.empty()) << variant;
    EXPECT_TRUE(answer_to(e, "position fen " + fen + " moves " + moves[0]).empty()) << variant;
    const std::string after = query(e, "fen");
    EXPECT_EQ(split(after).back(), "1000000000") << after;
    EXPECT_TRUE(answer_to(e, "position fen " + after).empty()) << after;
  }
}

}  // namespace
}  // namespace triad::protocol
