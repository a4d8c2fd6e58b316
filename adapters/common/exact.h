// Exact knowledge of a game of any kind (engine/search/exact.h behind the game's search hooks),
// for the programs that are handed games in text: the review (analysis/), the match's
// adjudication (tournament/) and the Python module. One ExactProbe answers for the games of
// one variant; the registry makes it (game_registry.h: make_exact).
#pragma once

#include <optional>
#include <string>

#include "adapters/common/any_game.h"
#include "engine/core/types.h"
#include "engine/search/exact.h"

namespace triad::adapters {

// ExactValue with the best move written as a token.
struct ExactAnswer {
  engine::ExactResult result = engine::ExactResult::kDraw;  // from the side to move
  std::optional<int> plies;  // to the end of the game with best play, when known
  std::string best;          // empty: not asked for, or no move
  bool from_data = false;    // answered by the source's data (table files)
};

class ExactProbe {
 public:
  virtual ~ExactProbe() = default;
  // The proven value of `game`'s current position (a game of the variant this probe was made
  // for, not over), its best move too when `with_move`; nothing where the game's knowledge
  // does not reach. Not for several threads at once.
  virtual std::optional<ExactAnswer> probe(const AnyGame& game, bool with_move) = 0;
};

// The game's result when `result` is the value for `side_to_move`.
inline engine::GameResult result_of(engine::ExactResult result, engine::Player side_to_move) {
  if (result == engine::ExactResult::kDraw) return engine::GameResult::kDraw;
  const engine::Player winner =
      result == engine::ExactResult::kWin ? side_to_move : engine::other(side_to_move);
  return winner == engine::Player::kOne ? engine::GameResult::kP1Win : engine::GameResult::kP2Win;
}

}  // namespace triad::adapters
