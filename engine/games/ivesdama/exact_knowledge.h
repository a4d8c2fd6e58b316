// Íves dáma's exact knowledge (engine/search/exact.h): its endgame tables. The table files in
// the source's data (an EndgameFiles, endgame.h: the engine's TablePath, a program's -tb)
// answer the positions with at most min(their stones, the source's data_limit) stones; the
// in-memory table (Game::endgame(), at most 4 stones) the other positions it covers, when the
// source allows memory tables. Thread-safe. Defined in search.cpp, with the hooks that use it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "engine/games/ivesdama/endgame.h"
#include "engine/games/ivesdama/game.h"
#include "engine/search/exact.h"

namespace triad::games::ivesdama {

class ExactKnowledge {
 public:
  static constexpr bool kAvailable = true;

  // `game` outlives this object; a source whose data is not table files has none.
  ExactKnowledge(const Game& game, const engine::ExactSource& source);

  // A position's table value, and whether a file answered it (a probe counted in tbhits).
  struct Found {
    EndgameValue value;
    bool from_files = false;
  };
  // Nothing for a position outside the tables or already over.
  std::optional<Found> find(const Position& pos) const;
  // The best move of a position the tables cover (generate() order; -1 without a move): a win
  // at once, else the fastest win, the draw, or the slowest loss; file probes add to tbhits.
  int best_move(const Position& pos, std::uint64_t& tbhits) const;
  std::optional<engine::ExactValue<Game::Move>> probe(const Position& pos, bool with_move) const;

  bool has_files() const { return files_ != nullptr; }
  int files_limit() const { return files_limit_; }  // the most stones the files answer

 private:
  const Game* game_;
  std::shared_ptr<const EndgameFiles> files_;
  int files_limit_ = 0;
  bool memory_tables_ = true;
};

}  // namespace triad::games::ivesdama
