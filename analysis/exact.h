// Exact knowledge for the game review (docs/analysis.md "Game review"): the result of a
// position with perfect play, where a solver proves it in milliseconds. Where it answers, it
// decides the review of a move over the engine's score: a move that turns a proven win into
// a draw or a loss is a blunder, a move that keeps the value is never worse than good.
// Yin Yang: the endgame solver (engine/games/yinyang/solver.h) at most kSolveEmpties empty
// squares. Íves dáma: the endgame tables of -tb (adapters/tables/), inside their material.
// Each game with exact knowledge is one case of ExactKnowledge::result.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "adapters/common/any_game.h"
#include "adapters/common/variants.h"
#include "analysis/config.h"
#include "engine/core/types.h"

namespace triad::games::yinyang {
class Solver;
}

namespace triad::analysis {

// Yin Yang positions with at most this many empty squares are solved (a win/loss test takes
// milliseconds there; every move of the review solves the position after it).
inline constexpr int kSolveEmpties = 20;

// The tables of `dir` for every Íves dáma variant of `variants` they are built for. Errors
// (each "DIR: ..."): not a folder, a damaged file, no tables at all, or tables only of other
// rules or boards.
Result<ReviewTables> open_review_tables(const std::filesystem::path& dir,
                                        const adapters::VariantRegistry& variants);

class ExactKnowledge {
 public:
  // `tables`: -tb's, kept by the caller for this object's life.
  explicit ExactKnowledge(const ReviewTables& tables);
  ~ExactKnowledge();
  ExactKnowledge(const ExactKnowledge&) = delete;
  ExactKnowledge& operator=(const ExactKnowledge&) = delete;

  // The result of `game`'s current position (a game of `variant`) with perfect play (a
  // finished game: its result), or nothing outside the solver's and the tables' reach.
  std::optional<engine::GameResult> result(const std::string& variant,
                                           const adapters::AnyGame& game);

 private:
  const ReviewTables& tables_;
  std::unique_ptr<games::yinyang::Solver> yinyang_;  // made on first use, its table kept
};

}  // namespace triad::analysis
