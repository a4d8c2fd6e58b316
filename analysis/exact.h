// Exact knowledge for the game review (docs/analysis.md "Game review"): the result of a
// position with perfect play, where a solver proves it in milliseconds. Where it answers, it
// decides the review of a move over the engine's score: a move that turns a proven win into
// a draw or a loss is a blunder, a move that keeps the value is never worse than good.
// Yin Yang: the endgame solver (engine/games/yinyang/solver.h) at most kSolveEmpties empty
// squares. Each game with exact knowledge is one case of ExactKnowledge::result; Íves dáma's
// endgame tables (tables/) are the next one, answering inside the tables' material.
#pragma once

#include <memory>
#include <optional>

#include "adapters/common/any_game.h"
#include "engine/core/types.h"

namespace triad::games::yinyang {
class Solver;
}

namespace triad::analysis {

// Yin Yang positions with at most this many empty squares are solved (a win/loss test takes
// milliseconds there; every move of the review solves the position after it).
inline constexpr int kSolveEmpties = 20;

class ExactKnowledge {
 public:
  ExactKnowledge();
  ~ExactKnowledge();
  ExactKnowledge(const ExactKnowledge&) = delete;
  ExactKnowledge& operator=(const ExactKnowledge&) = delete;

  // The result of `game`'s current position with perfect play (a finished game: its
  // result), or nothing outside the solvers' reach.
  std::optional<engine::GameResult> result(const adapters::AnyGame& game);

 private:
  std::unique_ptr<games::yinyang::Solver> yinyang_;  // made on first use, its table kept
};

}  // namespace triad::analysis
