// Exact knowledge for the game review (docs/analysis.md "Game review"): the result of a
// position with perfect play, where the game's exact knowledge proves it in milliseconds
// (adapters/common/exact.h; e.g. Yin Yang's solver near the end of the game, Íves dáma's
// endgame tables of -tb inside their material), or where the game's built-in book holds a
// proved value (Yin Yang's proof of its start position). Where it answers, it decides the
// review of a move over the engine's score: a move that turns a proven win into a draw or a
// loss is a blunder, a move that keeps the value is never worse than good.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "adapters/common/any_game.h"
#include "adapters/common/exact.h"
#include "adapters/common/variants.h"
#include "analysis/config.h"
#include "engine/core/types.h"

namespace triad::analysis {

// The tables of `dir` for every variant of `variants` that takes table files and that they
// are built for. Errors (each "DIR: ..."): not a folder, a damaged file, no tables at all, or
// tables only of other rules or boards.
Result<ReviewTables> open_review_tables(const std::filesystem::path& dir,
                                        const adapters::VariantRegistry& variants);

class ExactKnowledge {
 public:
  // `tables`: -tb's, kept by the caller for this object's life.
  explicit ExactKnowledge(const ReviewTables& tables) : tables_(tables) {}

  // The result of `game`'s current position (a game of `variant`) with perfect play (a
  // finished game: its result), or nothing outside the game's exact knowledge: its own (a
  // solver) and -tb's files for the variant, not tables built in memory, then its built-in
  // book's proved values.
  std::optional<engine::GameResult> result(const std::string& variant,
                                           const adapters::AnyGame& game);
  // A move that keeps that result (a winning move where the side to move wins), or nothing
  // where the knowledge gives none (a finished game, a position it does not know).
  std::optional<std::string> best_move(const std::string& variant, const adapters::AnyGame& game);
  // result(), or one ply beyond it: the result of `parent` (the position before `game`'s, if
  // known) when `move` led from it to `game` and was its best move (the last positions of a
  // book), else a win when one legal move's result is a win for the side to move, or the best
  // result when every legal move's is known (just outside the solver's reach). The same arguments
  // give the same answer, so a position has one value on the review's curve whichever move it is
  // reached from or left by.
  std::optional<engine::GameResult> result_near(const std::string& variant,
                                                const adapters::AnyGame& game,
                                                const adapters::AnyGame* parent,
                                                std::string_view move);

 private:
  // The knowledge's answer for a position whose game is not over, the best move too when
  // `with_move`.
  std::optional<adapters::ExactAnswer> answer(const std::string& variant,
                                              const adapters::AnyGame& game, bool with_move);

  const ReviewTables& tables_;
  // By variant, made on first use (null: the game knows no value); each keeps its tables.
  std::map<std::string, std::unique_ptr<adapters::ExactProbe>> probes_;
};

}  // namespace triad::analysis
