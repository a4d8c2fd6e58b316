// The book file format: round trip, every kind of damaged file refused with a clear error,
// position keys, the variant check, merging and choosing a book move.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "adapters/book/book.h"
#include "adapters/book/builder.h"
#include "adapters/common/variants.h"
#include "tests/book/book_support.h"

namespace triad::adapters::book {
namespace {

using testing::variant_of;
const VariantRegistry& kRegistry = testing::registry();

// A book of two Razzle Dazzle positions: the start (two moves) and one with a proved value.
Book sample_book() {
  Book book(variant_of("razzledazzle"));
  auto game = kRegistry.find("razzledazzle")->factory();
  const auto legal = game->legal_moves();
  BookEntry& start = book.at(game->position_line());
  start.eval = 12;
  BookMove& a = start.add(legal[0]);
  a.weight = 3;
  a.eval = 10;
  a.stats = {4, 1, 2};
  start.add(legal[1]).weight = 7;
  (void)game->play(legal[0]);
  BookEntry& next = book.at(game->position_line());
  next.proved = Proved::kLoss;
  next.distance = 9;
  return book;
}

TEST(BookFormat, RoundTripKeepsEverything) {
  const Book book = sample_book();
  const auto decoded = Book::decode(book.encode(), "x.book");
  ASSERT_TRUE(decoded) << decoded.error().message;
  EXPECT_EQ(decoded->variant(), book.variant());
  ASSERT_EQ(decoded->size(), 2u);
  for (const auto& [key, e] : book.entries()) {
    const BookEntry& d = decoded->entries().at(key);
    EXPECT_EQ(d.eval, e.eval);
    EXPECT_EQ(d.proved, e.proved);
    EXPECT_EQ(d.distance, e.distance);
    ASSERT_EQ(d.moves.size(), e.moves.size());
    for (std::size_t i = 0; i < e.moves.size(); ++i) {
      EXPECT_EQ(d.moves[i].token, e.moves[i].token);
      EXPECT_EQ(d.moves[i].weight, e.moves[i].weight);
      EXPECT_EQ(d.moves[i].eval, e.moves[i].eval);
      EXPECT_EQ(d.moves[i].stats.wins, e.moves[i].stats.wins);
      EXPECT_EQ(d.moves[i].stats.losses, e.moves[i].stats.losses);
    }
  }
  EXPECT_EQ(decoded->encode(), book.encode());
}

TEST(BookFormat, DamagedFilesAreRefusedWithTheReason) {
  const std::string bytes = sample_book().encode();
  const auto error_of = [](const std::string& b) {
    auto r = Book::decode(b, "damaged.book");
    return r ? std::string("accepted") : r.error().message;
  };
  EXPECT_NE(error_of("").find("not a Triad book"), std::string::npos);
  EXPECT_NE(error_of("PK\x03\x04 zip file").find("not a Triad book"), std::string::npos);
  // Cut anywhere after the magic: refused, never accepted.
  for (std::size_t cut = 8; cut < bytes.size(); cut += 7)
    EXPECT_NE(error_of(bytes.substr(0, cut)), "accepted") << "cut at " << cut;
  EXPECT_NE(error_of(bytes.substr(0, bytes.size() - 1)).find("truncated"), std::string::npos);
  // One byte changed in the middle: the checksum catches it.
  std::string flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x20;
  EXPECT_NE(error_of(flipped).find("corrupt"), std::string::npos);
  // Another format version.
  std::string version = bytes;
  version[8] = 9;
  EXPECT_NE(error_of(version).find("format version 9"), std::string::npos);
  EXPECT_NE(error_of(version).find("damaged.book"), std::string::npos);
}

TEST(BookFormat, LoadRefusesMissingAndNonRegularFiles) {
  auto missing = Book::load("/nonexistent/triad.book");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("book file"), std::string::npos);
  auto dir = Book::load(std::filesystem::temp_directory_path());
  ASSERT_FALSE(dir);
}

TEST(BookFormat, LoadReadsAWrittenFile) {
  const auto path = std::filesystem::temp_directory_path() / "triad-book-test-load.book";
  {
    std::ofstream out(path, std::ios::binary);
    const std::string bytes = sample_book().encode();
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  auto book = Book::load(path);
  std::filesystem::remove(path);
  ASSERT_TRUE(book) << book.error().message;
  EXPECT_EQ(book->size(), 2u);
}

TEST(BookKeys, PlyFieldIsIgnoredButEverythingElseCounts) {
  EXPECT_EQ(position_key("6/6/2DL2/2LD2/6/6 1 0"), position_key("6/6/2DL2/2LD2/6/6 1 14"));
  EXPECT_EQ(position_key("6/6/2DL2/2LD2/6/6 1 0"), position_key("6/6/2DL2/2LD2/6/6 1"));
  EXPECT_NE(position_key("6/6/2DL2/2LD2/6/6 1 0"), position_key("6/6/2DL2/2LD2/6/6 2 0"));
  EXPECT_NE(position_key("6/6/2DL2/2LD2/6/6 1 0"), position_key("6/6/2LD2/2LD2/6/6 1 0"));
  const auto k = position_key("1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 0");
  EXPECT_NE(k.key, k.check);  // two different hashes
}

TEST(BookVariants, OtherRulesOrGamesAreRefused) {
  const Book book(variant_of("ivesdama"));
  EXPECT_TRUE(book.check_variant(variant_of("ivesdama")));
  const auto arc = book.check_variant(variant_of("ivesdama-arc"));
  ASSERT_FALSE(arc);
  EXPECT_NE(arc.error().message.find("other rule settings"), std::string::npos);
  EXPECT_FALSE(book.check_variant(variant_of("yinyang")));
  EXPECT_NE(variant_of("razzledazzle").fingerprint, variant_of("razzledazzle-basic").fingerprint);
}

TEST(BookMerge, SumsWeightsAndStatisticsAndRefusesOtherVariants) {
  Book a = sample_book();
  const Book b = sample_book();
  ASSERT_TRUE(a.merge(b));
  auto game = kRegistry.find("razzledazzle")->factory();
  const BookEntry* start = a.find(game->position_line());
  ASSERT_NE(start, nullptr);
  EXPECT_EQ(start->moves[0].weight, 6u);
  EXPECT_EQ(start->moves[0].stats.wins, 8u);
  EXPECT_EQ(start->moves[1].weight, 14u);
  Book other(variant_of("yinyang"));
  EXPECT_FALSE(a.merge(other));
}

// Counts are 32-bit in the file: sums past 2^32 - 1 stay at it (they once wrapped: two books
// of 3e9 wins merged to 1705032704), and merge says how many sums it cut.
TEST(BookMerge, CountsSaturateInsteadOfWrapping) {
  auto game = kRegistry.find("razzledazzle")->factory();
  auto big = [&] {
    Book book(variant_of("razzledazzle"));
    BookMove& m = book.at(game->position_line()).add("d1c1b1");
    m.weight = 3'000'000'000u;
    m.stats = {3'000'000'000u, 7, 1};
    return book;
  };
  Book a = big();
  auto cut = a.merge(big());
  ASSERT_TRUE(cut);
  EXPECT_EQ(*cut, 2u);  // the weight and the wins
  const BookMove& m = a.find(game->position_line())->moves[0];
  EXPECT_EQ(m.weight, kMaxCount);
  EXPECT_EQ(m.stats.wins, kMaxCount);
  EXPECT_EQ(m.stats.draws, 14u);
  EXPECT_EQ(m.stats.losses, 2u);
  // Kept at the limit through the file, and weighting does not wrap either.
  auto back = Book::decode(a.encode(), "merged.book");
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->find(game->position_line())->moves[0].stats.wins, kMaxCount);
  finish_weights(a, 1);
  EXPECT_EQ(a.find(game->position_line())->moves[0].weight, kMaxCount);
  EXPECT_EQ(add_counts(kMaxCount - 1, 1), kMaxCount);
  EXPECT_EQ(add_counts(5, 7), 12u);
}

TEST(BookPick, BestTakesTheHeaviestLegalMoveAndWeightedFollowsWeights) {
  Book book = sample_book();
  auto game = kRegistry.find("razzledazzle")->factory();
  std::mt19937_64 rng(1);
  const auto legal = game->legal_moves();
  EXPECT_EQ(pick_move(book, *game, PickMode::kBest, rng)->token, legal[1]);
  // An illegal move with a large weight is never played.
  book.at(game->position_line()).add("a1a2").weight = 1000;
  EXPECT_EQ(pick_move(book, *game, PickMode::kBest, rng)->token, legal[1]);
  int first = 0;
  for (int i = 0; i < 1000; ++i)
    if (pick_move(book, *game, PickMode::kWeighted, rng)->token == legal[0]) ++first;
  EXPECT_GT(first, 200);  // weights 3 : 7 -> about 300
  EXPECT_LT(first, 400);
  (void)game->play(legal[1]);
  EXPECT_FALSE(pick_move(book, *game, PickMode::kBest, rng));  // not in the book
}

}  // namespace
}  // namespace triad::adapters::book
