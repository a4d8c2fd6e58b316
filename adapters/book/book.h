// Opening books of any variant (docs/books.md): positions keyed by their position line,
// each with its book moves (move tokens, weights, evaluations, game statistics) and, for
// solved positions, a proved value. Read and written in one versioned binary format; a book
// is bound to the variant whose rule fingerprint it carries. No game-specific code: moves
// are tokens, checked against a game's legal moves when they are used.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "adapters/common/any_game.h"
#include "engine/core/result.h"

namespace triad::adapters::book {

inline constexpr std::uint32_t kFormatVersion = 1;
// The largest book file read (the whole book is kept in memory).
inline constexpr std::uintmax_t kMaxBookFileBytes = 512u << 20;
// No evaluation stored.
inline constexpr std::int32_t kNoEval = INT32_MIN;

// A position's identity in a book: two independent 64-bit hashes of its position line
// without the ply field. `key` orders the file; `check` guards against key collisions.
struct PositionKey {
  std::uint64_t key = 0;
  std::uint64_t check = 0;
  auto operator<=>(const PositionKey&) const = default;
};

// The key of a position line ("<board> <side> ... [<ply>]"; the ply field is dropped, so
// the same position reached after different numbers of turns is one book position).
PositionKey position_key(std::string_view position_line);

// The largest weight or game count a book holds (the file stores 32 bits): sums past it
// (merging, building, weighting) stay at it rather than wrap.
inline constexpr std::uint32_t kMaxCount = UINT32_MAX;

// `a + b`, at most kMaxCount; `capped` (optional) is set when the sum was cut.
inline std::uint32_t add_counts(std::uint32_t a, std::uint64_t b, bool* capped = nullptr) {
  const std::uint64_t sum = std::uint64_t{a} + std::min<std::uint64_t>(b, kMaxCount);
  if (sum <= kMaxCount) return static_cast<std::uint32_t>(sum);
  if (capped) *capped = true;
  return kMaxCount;
}

// Results of the games through a move, from the side that played it.
struct GameStats {
  std::uint32_t wins = 0, draws = 0, losses = 0;
  std::uint64_t games() const { return std::uint64_t{wins} + draws + losses; }
};

struct BookMove {
  std::string token;            // the move as the variant writes it
  std::uint32_t weight = 0;     // relative probability in weighted mode (0 = never chosen)
  std::int32_t eval = kNoEval;  // after the move, from the mover's side (engine units)
  GameStats stats;
};

// A value proved by a solver for the side to move.
enum class Proved : std::int8_t { kNone = 0, kWin = 1, kLoss = -1, kDraw = 2 };

struct BookEntry {
  std::int32_t eval = kNoEval;  // of the position, side to move (engine units)
  Proved proved = Proved::kNone;
  std::uint16_t distance = 0;  // plies to the proved end, when proved
  std::vector<BookMove> moves;

  BookMove* find(std::string_view token);
  BookMove& add(std::string_view token);  // the move, added with zero weight if missing
};

// Which variant a book belongs to.
struct BookVariant {
  std::string variant;        // e.g. "ivesdama"
  std::string game;           // the base game, e.g. "ivesdama"
  std::uint64_t fingerprint;  // of the variant's rule settings (Variant::rules_fingerprint)
  bool operator==(const BookVariant&) const = default;
};

enum class PickMode { kBest, kWeighted };

class Book {
 public:
  explicit Book(BookVariant variant) : variant_(std::move(variant)) {}

  // Reads a book file; every problem (missing, not a regular file, too large, truncated,
  // corrupt, another format version) is one error naming the file.
  static Result<Book> load(const std::filesystem::path& file);
  // The file's bytes (written by the tools, e.g. triad-book, whole and atomically).
  std::string encode() const;
  static Result<Book> decode(std::string_view bytes, std::string_view file_name);

  // An error unless the book was made for `variant` (same game and rule fingerprint).
  Result<void> check_variant(const BookVariant& variant) const;

  const BookVariant& variant() const { return variant_; }
  std::size_t size() const { return entries_.size(); }
  const std::map<PositionKey, BookEntry>& entries() const { return entries_; }
  std::map<PositionKey, BookEntry>& entries() { return entries_; }
  void erase(const PositionKey& key) { entries_.erase(key); }

  const BookEntry* find(std::string_view position_line) const;
  BookEntry& at(std::string_view position_line);  // added empty if missing

  // Adds `other`'s positions: weights and statistics are summed (each at most kMaxCount),
  // an evaluation or proved value missing here is taken from `other`; returns how many sums
  // were cut at kMaxCount. Books of different variants are refused.
  Result<std::uint64_t> merge(const Book& other);

 private:
  BookVariant variant_;
  std::map<PositionKey, BookEntry> entries_;
};

// The book move for the game's current position: only legal moves with a positive weight
// count; kBest takes the highest weight (ties: the first stored), kWeighted draws one in
// proportion to the weights. Nothing when the position or no usable move is in the book.
std::optional<BookMove> pick_move(const Book& book, const AnyGame& game, PickMode mode,
                                  std::mt19937_64& rng);

}  // namespace triad::adapters::book
