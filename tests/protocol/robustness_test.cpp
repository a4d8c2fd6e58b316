// Bad input never kills the session nor corrupts its state: random bytes, 1 MB lines, NUL
// bytes; afterwards it still answers isready and query fen correctly.
#include <gtest/gtest.h>

#include <random>

#include "session_driver.h"
#include "tests/all_games.h"

namespace triad::protocol::testing {
namespace {

// Every garbage line gets at most one answer, and that answer is an error line.
void expect_at_most_one_error(const std::vector<std::string>& out, const std::string& what) {
  EXPECT_LE(out.size(), 1u) << what;
  for (const auto& l : out) EXPECT_TRUE(starts_with(l, "info string error ")) << l;
}

class Robustness : public ::testing::TestWithParam<std::string> {};

TEST_P(Robustness, GarbageLeavesTheSessionUsable) {
  SessionDriver d;
  d.send(std::string("setoption name UCI_Variant value ") + GetParam());
  d.send("position startpos moves " + d.query("moves").substr(0, d.query("moves").find(' ')));
  const std::string fen = d.query("fen");

  std::mt19937 rng(20261130);
  std::uniform_int_distribution<int> byte(0, 255), length(1, 300);
  for (int i = 0; i < 300; ++i) {
    std::string line(static_cast<std::size_t>(length(rng)), '\0');
    for (auto& c : line) {
      c = static_cast<char>(byte(rng));
      if (c == '\n') c = ' ';
    }
    expect_at_most_one_error(d.send(line), "random line " + std::to_string(i));
  }
  // Commands with random arguments.
  const char* heads[] = {
      "position fen ", "position startpos moves ", "go ", "setoption name ", "query ", "go perft "};
  std::uniform_int_distribution<int> printable(33, 126);
  for (const char* head : heads) {
    for (int i = 0; i < 20; ++i) {
      // `go perft` gets a non-number (a random valid depth could run for minutes).
      std::string line = std::string(head) + (std::string(head) == "go perft " ? "x" : "");
      for (int k = 1 + length(rng) % 12; k > 0; --k) line += static_cast<char>(printable(rng));
      const auto out = d.send(line);
      if (starts_with(line, "position")) {
        d.send("position fen " + fen);  // a forfeit or a new position is a legal outcome
      } else if (!starts_with(line, "query")) {
        expect_at_most_one_error(out, line);
      }
    }
  }
  const std::string huge(1 << 20, 'x');
  expect_at_most_one_error(d.send(huge), "1 MB token");
  expect_at_most_one_error(d.send("position fen " + huge), "1 MB fen");
  expect_at_most_one_error(d.send("setoption name " + huge + " value 1"), "1 MB option name");
  const std::string nul_line("is\0ready\0\0go", 12);
  expect_at_most_one_error(d.send(nul_line), "NUL bytes");
  expect_at_most_one_error(d.send(std::string(1 << 20, '\0')), "1 MB of NUL bytes");
  expect_at_most_one_error(d.send(std::string("go depth 1\0 depth 2", 19)), "NUL in a go line");

  EXPECT_EQ(d.send("isready"), std::vector<std::string>{"readyok"});
  EXPECT_EQ(d.query("fen"), fen);
  EXPECT_EQ(d.query("gameover"), "false");
}

INSTANTIATE_TEST_SUITE_P(Games, Robustness,
                         ::testing::ValuesIn(triad::testing::registered_game_names()));

TEST(Robustness, RunSurvivesBinaryStream) {
  std::mt19937 rng(7);
  std::string input;
  for (int i = 0; i < 1 << 16; ++i) input += static_cast<char>(rng() & 0xff);
  for (auto& c : input)
    if (c == 'q') c = 'Q';  // no accidental `quit`
  input += "\nisready\nquery fen\n";
  std::istringstream in(input);
  std::ostringstream out;
  Session s(out, adapters::VariantRegistry::builtin());
  EXPECT_EQ(s.run(in), 0);
  const std::string text = out.str();
  EXPECT_TRUE(text.ends_with("readyok\nresponse 1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 0\n"))
      << text.substr(text.size() > 200 ? text.size() - 200 : 0);
}

}  // namespace
}  // namespace triad::protocol::testing
