// Building a book from game records (read by adapters/records/: triad-match's PGN,
// CuteGames-style PGN): statistics from the results, minimum game counts, bad records
// refused with the record and the move named.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "adapters/book/builder.h"
#include "adapters/common/variants.h"
#include "tests/book/book_support.h"

namespace triad::adapters::book {
namespace {

using testing::variant_of;

std::string read(const std::string& relative) {
  std::ifstream in(std::string(TRIAD_SOURCE_DIR) + "/" + relative);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Adds the records of `text` to `book`: the number of games, or the error.
Result<std::size_t> add_text(Book& book, const std::string& text, const GameFactory& factory,
                             const BuildSettings& settings, const std::string& name) {
  auto reader = records::RecordReader::over(text, "records file '" + name + "'");
  return add_records(book, reader, factory, settings);
}

TEST(Build, CountsResultsFromTheMoverAndKeepsMovesOfEnoughGames) {
  const std::string text = read("tests/data/book/razzle-8games.pgn");
  const auto records = records::read_records(text, "r.pgn");
  ASSERT_TRUE(records);
  const auto* variant = testing::registry().find("razzledazzle");
  Book book(variant_of("razzledazzle"));
  ASSERT_EQ(*add_text(book, text, variant->factory, {4, 1}, "r.pgn"), 8u);
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
  for (const auto& r : *records) expected_p1_wins += r.result == engine::GameResult::kP1Win;
  EXPECT_EQ(p1_wins, expected_p1_wins);
  // Only the first 4 plies entered: no position after 4 plies is in the book.
  Book deep(variant_of("razzledazzle"));
  ASSERT_TRUE(add_text(deep, text, variant->factory, {8, 1}, "r.pgn"));
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
  const std::string text = read("tests/data/book/razzle-cutegames.pgn");
  const auto records = records::read_records(text, "c.pgn");
  ASSERT_TRUE(records) << records.error().message;
  ASSERT_EQ(records->size(), 3u);
  EXPECT_EQ((*records)[1].moves.front().token, "c8d6");
  EXPECT_EQ((*records)[2].result, engine::GameResult::kNone);
  const auto* variant = testing::registry().find("razzledazzle");
  Book book(variant_of("razzledazzle"));
  ASSERT_TRUE(add_text(book, text, variant->factory, {40, 1}, "c.pgn"));
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
  auto r = add_text(book, "[FEN \"nonsense\"]\n1. d1c1b1 1-0\n", variant->factory, {}, "f.pgn");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("'f.pgn', record 1 (line 1): FEN tag"), std::string::npos)
      << r.error().message;
}

TEST(Build, IllegalMoveAndForeignVariantAreRefused) {
  const auto* variant = testing::registry().find("razzledazzle");
  Book book(variant_of("razzledazzle"));
  // The second record's second move: the file, the record, its line and the move are named.
  auto r = add_text(book,
                    "[Variant \"razzledazzle\"]\n1. d1c1b1 0-1\n\n"
                    "[Variant \"razzledazzle\"]\n1. d1c1b1 a1a1 0-1\n",
                    variant->factory, {}, "bad.pgn");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message.find("records file 'bad.pgn', record 2 (line 4): ply 2: "), 0u)
      << r.error().message;
  EXPECT_NE(r.error().message.find("'a1a1'"), std::string::npos) << r.error().message;
  r = add_text(book, "[Variant \"yinyang\"]\n1. c4b4 1-0\n", variant->factory, {}, "y.pgn");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("variant 'yinyang'"), std::string::npos);
}

}  // namespace
}  // namespace triad::adapters::book
