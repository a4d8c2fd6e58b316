// Íves dáma endgame table: the exact result and distance of every position with few stones
// on the loaded board and rules, computed by retrograde passes (no files: the board is data,
// so the table is built for whatever board the game uses, on first use). It is the output of
// the one slice builder (build_slice.h) for the smallest slices, kept in memory and numbered by
// the one index scheme (slice.h), as the table files on disk are.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "engine/games/ivesdama/game.h"
#include "engine/search/exact.h"

namespace triad::games::ivesdama {

// Best play by both sides, from the side to move.
struct EndgameValue {
  enum class Result : std::uint8_t { kWin, kLoss, kDraw };
  Result result = Result::kDraw;
  // Plies until the game ends: the winner's fastest, the loser's slowest win (0 for a draw:
  // neither side can force a win, so the game goes on until a draw rule ends it).
  int plies = 0;
  bool operator==(const EndgameValue&) const = default;
};

// The 16-bit code of a value that the slice builder (build_slice.h) keeps per
// position: 0 = draw (or not decided yet while building), d > 0 = the side to move wins in d
// plies, d < 0 = it loses in -d - 1 plies (a side without a move loses at once), kOver = the
// previous mover already won.
namespace endgame_code {
constexpr std::int16_t kOver = INT16_MIN;
constexpr std::int16_t win_in(int plies) {
  return static_cast<std::int16_t>(plies);
}
constexpr std::int16_t loss_in(int plies) {
  return static_cast<std::int16_t>(-plies - 1);
}
// The plies to the end of a won or lost code (0 for a draw).
constexpr int plies_of(std::int16_t code) {
  return code > 0 ? code : code < 0 ? -code - 1 : 0;
}
}  // namespace endgame_code

// The value of a code other than kOver.
inline EndgameValue decode_value(std::int16_t code) {
  if (code == 0) return EndgameValue{};
  return {code > 0 ? EndgameValue::Result::kWin : EndgameValue::Result::kLoss,
          endgame_code::plies_of(code)};
}

class EndgameTable {
 public:
  // What Game::endgame() covers: every position with at most this many stones.
  static constexpr int kStones = 4;

  // Every position with at most `max_stones` stones on the board (both sides together).
  EndgameTable(const Game& game, int max_stones);

  int max_stones() const { return max_stones_; }
  std::size_t size() const;  // positions (entries) in all
  bool covers(const Position& pos) const;
  // nullopt when the position has more stones than the table covers. A position whose
  // previous mover already stands on its goal is over and has no table value either.
  std::optional<EndgameValue> probe(const Position& pos) const;

 private:
  struct Slices;  // the slices' indexes and values (endgame.cpp)
  int max_stones_ = 0;
  std::shared_ptr<const Slices> slices_;
};

// Endgame values from outside the game core: the table files on disk (adapters/tables/
// table_set.h), handed to the game's exact knowledge (exact_knowledge.h) as the data of its
// source by whoever opened them (the engine's TablePath, a program's -tb). Thread-safe.
class EndgameFiles : public engine::ExactData {
 public:
  virtual ~EndgameFiles() = default;
  // Every position with at most this many stones is covered.
  virtual int max_stones() const = 0;
  // As EndgameTable::probe.
  virtual std::optional<EndgameValue> probe(const Position& pos) const = 0;
};

// Game::endgame()'s lazily built table, shared by the copies of a Game.
struct Game::EndgameSlot {
  std::once_flag once;
  std::unique_ptr<EndgameTable> table;
};

}  // namespace triad::games::ivesdama
