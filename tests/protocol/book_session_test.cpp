// OwnBook over the protocol: a real book changes the engine's first move (with an info
// string saying so and exactly one bestmove), BookMode weighted follows the weights, a book
// is not used for ponder or infinite searches (nor a go without limits) or another variant, and a
// bad BookFile gives one error line while the engine goes on playing; Yin Yang's built-in
// perfect-play book answers by default, after a BookFile book, and keeps Player 2's win at fast
// clocks where the search must take over.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "adapters/book/book.h"
#include "adapters/yinyang/notation.h"
#include "adapters/yinyang/perfect_book.h"
#include "engine/games/yinyang/solver.h"
#include "tests/protocol/session_driver.h"

namespace triad::protocol {
namespace {

namespace fs = std::filesystem;
using adapters::book::Book;
using testing::count_prefix;
using testing::SessionDriver;

std::string bestmove_of(const std::vector<std::string>& lines) {
  for (const auto& l : lines)
    if (l.rfind("bestmove ", 0) == 0) return l.substr(9, l.find(' ', 9) - 9);
  return "<none>";
}

class BookSession : public ::testing::Test {
 protected:
  void SetUp() override {
    file_ = fs::temp_directory_path() /
            ("triad-book-session-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".book");
  }
  void TearDown() override { fs::remove(file_); }

  // A book for `variant` with, at its start position, `moves` weighted `weights`.
  void write_book(const std::string& variant, const std::vector<std::string>& moves,
                  const std::vector<std::uint32_t>& weights) {
    const auto registry = adapters::VariantRegistry::builtin();
    const auto* v = registry.find(variant);
    Book book({v->name, v->game, v->rules_fingerprint});
    auto& entry = book.at(v->factory()->start_position_line());
    for (std::size_t i = 0; i < moves.size(); ++i) entry.add(moves[i]).weight = weights[i];
    write_bytes(book.encode());
  }
  void write_bytes(const std::string& bytes) {
    std::ofstream out(file_, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  // A legal start move that the search at `go nodes 2000` does not play.
  std::string other_than_search(SessionDriver& d) {
    const std::string searched = bestmove_of(d.send("go nodes 2000"));
    std::string moves = d.query("moves");
    std::istringstream in(moves);
    for (std::string m; in >> m;)
      if (m != searched) return m;
    return "<none>";
  }

  fs::path file_;
};

TEST_F(BookSession, ABookMoveReplacesTheSearchsFirstMove) {
  SessionDriver d;
  d.send("uci");
  d.send("position startpos");
  const std::string move = other_than_search(d);
  write_book("razzledazzle", {move}, {5});
  auto lines = d.send("setoption name BookFile value " + file_.string());
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("loaded: 1 positions of variant razzledazzle"), std::string::npos);
  // OwnBook off: the book is loaded but not used.
  d.send("setoption name OwnBook value false");
  EXPECT_NE(bestmove_of(d.send("go nodes 2000")), move);
  d.send("setoption name OwnBook value true");
  lines = d.send("go nodes 2000");
  EXPECT_EQ(bestmove_of(lines), move);
  EXPECT_EQ(count_prefix(lines, "bestmove"), 1);
  EXPECT_EQ(count_prefix(lines, "info string book move " + move + " (weight 5 of 5"), 1);
  EXPECT_EQ(count_prefix(lines, "info depth 0"), 1);
  // Infinite and ponder searches are never answered from the book.
  d.send_async("go infinite");
  d.send("stop");
  lines = d.finish();
  EXPECT_EQ(count_prefix(lines, "info string book move"), 0);
  // Nor is a go without limits (it is go infinite): it searches until stop.
  d.send_async("go");
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  lines = d.take_now();
  EXPECT_EQ(count_prefix(lines, "bestmove"), 0);
  d.send_async("stop");
  for (const auto& l : d.finish()) lines.push_back(l);
  EXPECT_EQ(count_prefix(lines, "info string book move"), 0);
  EXPECT_EQ(count_prefix(lines, "bestmove"), 1);
  // Out of the book (after one move) the engine searches.
  d.send("position startpos moves " + move);
  lines = d.send("go nodes 500");
  EXPECT_EQ(count_prefix(lines, "info string book move"), 0);
  EXPECT_EQ(count_prefix(lines, "bestmove"), 1);
}

TEST_F(BookSession, WeightedModeFollowsTheWeights) {
  SessionDriver d;
  d.send("position startpos");
  std::istringstream legal(d.query("moves"));
  std::string a, b;
  legal >> a >> b;
  write_book("razzledazzle", {a, b}, {1, 0});
  d.send("setoption name BookFile value " + file_.string());
  d.send("setoption name OwnBook value true");
  d.send("setoption name BookMode value weighted");
  for (int i = 0; i < 10; ++i)
    EXPECT_EQ(bestmove_of(d.send("go nodes 100")), a);  // weight 0: never
}

TEST_F(BookSession, ABadBookFileGivesOneErrorAndTheEngineStillPlays) {
  SessionDriver d;
  d.send("position startpos");
  write_bytes("TRIADBK\ncut short");
  d.send("setoption name OwnBook value true");
  auto lines = d.send("setoption name BookFile value " + file_.string());
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].rfind("info string error setoption BookFile : book file", 0), 0u) << lines[0];
  EXPECT_NE(lines[0].find("truncated"), std::string::npos);
  lines = d.send("setoption name BookFile value /nonexistent/triad.book");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("info string error"), std::string::npos);
  lines = d.send("go nodes 500");
  EXPECT_EQ(count_prefix(lines, "bestmove"), 1);
  EXPECT_EQ(count_prefix(lines, "info string book"), 0);
}

TEST_F(BookSession, ABookOfAnotherVariantIsNotUsed) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value ivesdama-arc");
  d.send("position startpos");
  std::istringstream legal(d.query("moves"));
  std::string move;
  legal >> move;
  write_book("ivesdama", {move}, {1});  // same start position, other rules
  d.send("setoption name OwnBook value true");
  auto lines = d.send("setoption name BookFile value " + file_.string());
  EXPECT_EQ(count_prefix(lines, "info string book not used: the book is for variant 'ivesdama'"),
            1);
  lines = d.send("go nodes 300");
  EXPECT_EQ(count_prefix(lines, "info string book move"), 0);
  // Switching to the book's variant makes it usable.
  d.send("setoption name UCI_Variant value ivesdama");
  d.send("position startpos");
  lines = d.send("go nodes 300");
  EXPECT_EQ(bestmove_of(lines), move);
}

// The first proved win of the compiled-in Yin Yang table: its position line and move.
std::pair<std::string, std::string> first_proved_win() {
  namespace yb = adapters::yinyang;
  using N = adapters::Notation<games::yinyang::Game>;
  const games::yinyang::Game g;
  const yb::ProofTable* table = yb::perfect_play_table();
  for (std::size_t i = 0; table && i < table->size(); ++i)
    if (const auto p = table->at(i); p.side_to_move_wins && p.best)
      return {N::format_position(g, p.pos), N::format_move(g, p.pos, *p.best)};
  return {};
}

TEST_F(BookSession, YinYangsBuiltInBookPlaysTheProvedWinByDefault) {
  SessionDriver d;
  d.send("uci");
  d.send("setoption name UCI_Variant value yinyang");
  const auto [position, move] = first_proved_win();
  ASSERT_FALSE(position.empty());
  d.send("position fen " + position);
  auto lines = d.send("go wtime 1000 btime 1000");
  EXPECT_EQ(bestmove_of(lines), move);
  EXPECT_EQ(count_prefix(lines, "info string book move " + move +
                                    " (built-in book: proved win for the side to move)"),
            1);
  EXPECT_EQ(count_prefix(lines, "info depth 0 seldepth 0 multipv 1 score mate "), 1);
  EXPECT_EQ(count_prefix(lines, "bestmove"), 1);
  // OwnBook off: the engine searches.
  d.send("setoption name OwnBook value false");
  lines = d.send("go nodes 300");
  EXPECT_EQ(count_prefix(lines, "info string book"), 0);
  EXPECT_EQ(count_prefix(lines, "bestmove"), 1);
}

// Issue 40, item 18: the book used to end at ply 14, and at Player 2's next move (17 empty
// squares) a fast clock left the root's win/loss test too little time: the first position
// below, of the strategy, got the losing c1d1 or c1b1 at `go movetime 50`. The book now holds
// Player 2's strategy down to ply 15, and at ply 17 the positions whose test takes more than
// 10 000 nodes, such as the second (about 300 000; a2a1 lost there). At `movetime 10` and
// `50` the move played leaves Player 1 lost (checked by the solver, from an empty table).
TEST_F(BookSession, YinYangsBookKeepsPlayer2sWinBeyondTheOldBookAtFastClocks) {
  using N = adapters::Notation<games::yinyang::Game>;
  const games::yinyang::Game g;
  for (const std::string position :
       {"DLD1DL/2LL1D/DLDL1L/1LLL1D/3D2/2D3 2 15", "DDDL2/DLL3/L1DDL1/DLDD1L/L2LD1/3DL1 2 17"}) {
    const auto pos = N::parse_position(g, position);
    ASSERT_TRUE(pos) << pos.error().message;
    for (const std::string clock : {"movetime 10", "movetime 50"}) {
      SessionDriver d;
      d.send("setoption name UCI_Variant value yinyang");
      d.send("position fen " + position);
      const std::string played = bestmove_of(d.send("go " + clock));
      const auto move = N::parse_move(g, *pos, {}, played);
      ASSERT_TRUE(move) << position << ", " << clock << ": " << played;
      games::yinyang::Solver solver(16);
      const auto verdict = solver.win_loss(g.make(*pos, *move));
      ASSERT_TRUE(verdict);
      EXPECT_FALSE(verdict->side_to_move_wins)
          << position << ", " << clock << ": " << played << " lets Player 1 win";
    }
  }
}

TEST_F(BookSession, ABookFileAnswersBeforeTheBuiltInBook) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  d.send("position startpos");
  // A start-position move other than the one `go` plays now: the built-in book's move.
  const std::string other = other_than_search(d);
  write_book("yinyang", {other}, {1});
  d.send("setoption name BookFile value " + file_.string());
  const auto lines = d.send("go nodes 300");
  EXPECT_EQ(bestmove_of(lines), other);
  EXPECT_EQ(count_prefix(lines, "info string book move " + other + " (weight 1 of 1"), 1);
}

}  // namespace
}  // namespace triad::protocol
