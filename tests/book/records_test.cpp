// Records as books read them (triad-match's PGN, CuteGames-style PGN) and building a book
// from them: statistics from the results, minimum game counts, bad records refused.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "adapters/book/builder.h"
#include "adapters/common/variants.h"
#include "tests/book/book_support.h"

namespace triad::adapters::book {
namespace {

using testing::variant_of;
const VariantRegistry& kRegistry = testing::registry();

std::string read(const std::string& relative) {
  std::ifstream in(std::string(TRIAD_SOURCE_DIR) + "/" + relative);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Records, SplitsTriadMatchRecordsWithCommentsAndResults) {
  const auto records = split_records(read("tests/data/book/razzle-8games.pgn"), "r.pgn");
  ASSERT_TRUE(records) << records.error().message;
  ASSERT_EQ(records->size(), 8u);
  EXPECT_EQ(*(*records)[0].tag("Variant"), "razzledazzle");
  EXPECT_EQ((*records)[0].result, "0-1");
  EXPECT_EQ((*records)[0].moves.size(), 38u);  // its PlyCount
  EXPECT_EQ((*records)[0].moves[0], "d1c1b1");
  EXPECT_EQ((*records)[0].moves.back(), "e3d4d1");
}

TEST(Records, ReadsPlainPgnWithVariationsNagsAndGluedNumbers) {
  const auto records = split_records(
      "[Event \"x\"]\n\n1.e1f3 $1 (1. d1f2 {alt}) b8c6 ; a comment\n2... x 1/2-1/2\n"
      "1. d1f2 b8c6 *\n",
      "p.pgn");
  ASSERT_TRUE(records) << records.error().message;
  ASSERT_EQ(records->size(), 2u);
  EXPECT_EQ((*records)[0].moves, (std::vector<std::string>{"e1f3", "b8c6", "x"}));
  EXPECT_EQ((*records)[0].result, "1/2-1/2");
  EXPECT_EQ((*records)[1].moves.size(), 2u);
  EXPECT_EQ((*records)[1].result, "*");
}

TEST(Records, UnterminatedCommentAndBadTagNameTheLine) {
  auto comment = split_records("[Event \"x\"]\n1. e1f3 {never closed\n", "c.pgn");
  ASSERT_FALSE(comment);
  EXPECT_NE(comment.error().message.find("c.pgn"), std::string::npos);
  EXPECT_NE(comment.error().message.find(":2: unterminated comment"), std::string::npos);
  auto tag = split_records("[Event x]\n", "t.pgn");
  ASSERT_FALSE(tag);
  EXPECT_NE(tag.error().message.find(":1: malformed tag"), std::string::npos);
}

TEST(Build, CountsResultsFromTheMoverAndKeepsMovesOfEnoughGames) {
  const auto records = split_records(read("tests/data/book/razzle-8games.pgn"), "r.pgn");
  ASSERT_TRUE(records);
  const auto* variant = kRegistry.find("razzledazzle");
  Book book(variant_of("razzledazzle"));
  ASSERT_TRUE(add_records(book, *records, variant->factory, {4, 1}, "r.pgn"));
  auto start = variant->factory();
  const BookEntry* e = book.find(start->position_line());
  ASSERT_NE(e, nullptr);
  std::uint64_t games = 0, p1_wins = 0;
  for (const auto& m : e->moves) {
    games += m.stats.games();
    p1_wins += m.stats.wins;
  }
  EXPECT_EQ(games, 8u);  // every game passes the start position once
  std::uint64_t expected_p1_wins = 0;
  for (const auto& r : *records) expected_p1_wins += r.result == "1-0";
  EXPECT_EQ(p1_wins, expected_p1_wins);
  // Only the first 4 plies entered: no position after 4 plies is in the book.
  Book deep(variant_of("razzledazzle"));
  ASSERT_TRUE(add_records(deep, *records, variant->factory, {8, 1}, "r.pgn"));
  EXPECT_GT(deep.size(), book.size());
  // min_games 2 keeps only moves played twice or more, weighted 2 per win + 1 per draw.
  finish_weights(book, 2);
  for (const auto& [key, entry] : book.entries())
    for (const auto& m : entry.moves) {
      EXPECT_GE(m.stats.games(), 2u);
      EXPECT_EQ(m.weight, std::max<std::uint32_t>(1, 2 * m.stats.wins + m.stats.draws));
    }
}

// CuteGames' PGN (as its write_as_pgn lays it out): [FEN "startpos"] for the start, no
// Variant tag, "1..." before a first move of Player 2, adjudicated games with result "*".
TEST(Build, ReadsCuteGamesRecords) {
  const auto records = split_records(read("tests/data/book/razzle-cutegames.pgn"), "c.pgn");
  ASSERT_TRUE(records) << records.error().message;
  ASSERT_EQ(records->size(), 3u);
  EXPECT_EQ((*records)[1].moves.front(), "c8d6");
  EXPECT_EQ((*records)[2].result, "*");
  const auto* variant = kRegistry.find("razzledazzle");
  Book book(variant_of("razzledazzle"));
  ASSERT_TRUE(add_records(book, *records, variant->factory, {40, 1}, "c.pgn"));
  // The start position: the first game's first move, lost by Player 1 (the adjudicated
  // third game counts nothing).
  auto start = variant->factory();
  const BookEntry* root = book.find(start->position_line());
  ASSERT_NE(root, nullptr);
  ASSERT_EQ(root->moves.size(), 1u);
  EXPECT_EQ(root->moves[0].token, "d1c1b1");
  EXPECT_EQ(root->moves[0].stats.losses, 1u);
  EXPECT_EQ(root->moves[0].stats.games(), 1u);
  // The second game starts from its FEN, Player 2 to move, and Player 1 won it.
  ASSERT_TRUE(start->play("b1c3"));
  const BookEntry* second = book.find(start->position_line());
  ASSERT_NE(second, nullptr);
  ASSERT_EQ(second->moves.size(), 1u);
  EXPECT_EQ(second->moves[0].token, "c8d6");
  EXPECT_EQ(second->moves[0].stats.losses, 1u);
  // A FEN tag that is neither "startpos" nor a position is refused, naming the record.
  auto bad = split_records("[FEN \"nonsense\"]\n1. d1c1b1 1-0\n", "f.pgn");
  ASSERT_TRUE(bad);
  auto r = add_records(book, *bad, variant->factory, {}, "f.pgn");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("'f.pgn':1: FEN"), std::string::npos) << r.error().message;
}

TEST(Build, IllegalMoveAndForeignVariantAreRefused) {
  const auto* variant = kRegistry.find("razzledazzle");
  Book book(variant_of("razzledazzle"));
  auto bad = split_records("[Variant \"razzledazzle\"]\n1. d1c1b1 a1a1 0-1\n", "bad.pgn");
  ASSERT_TRUE(bad);
  auto r = add_records(book, *bad, variant->factory, {}, "bad.pgn");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("'bad.pgn':1: ply 2: move 'a1a1'"), std::string::npos)
      << r.error().message;
  auto foreign = split_records("[Variant \"yinyang\"]\n1. c4b4 1-0\n", "y.pgn");
  ASSERT_TRUE(foreign);
  r = add_records(book, *foreign, variant->factory, {}, "y.pgn");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("variant 'yinyang'"), std::string::npos);
}

}  // namespace
}  // namespace triad::adapters::book
