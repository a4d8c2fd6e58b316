// The endgame tables of one Íves dáma variant, with the game they were opened for: what a
// program that is handed games of any variant (triad-match -tb, triad-analyse -review -tb)
// asks — is this position inside the tables, and what is its result with best play.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>

#include "adapters/common/any_game.h"
#include "adapters/tables/table_set.h"
#include "engine/core/result.h"

namespace triad::tables {

class VariantTables {
 public:
  // The tables of `dir` for `game`'s variant (its position does not matter). Errors: the game
  // is not Íves dáma, or TableSet::open's; `foreign` as there (sound tables of other rules or
  // another board).
  static Result<std::shared_ptr<const VariantTables>> open(const std::filesystem::path& dir,
                                                           std::unique_ptr<adapters::AnyGame> game,
                                                           bool* foreign = nullptr);

  const TableSet& set() const { return set_; }
  // The value of `game`'s position (a game of the same variant) when the tables cover it.
  std::optional<iv::EndgameValue> probe(const adapters::AnyGame& game) const;
  // The game's result with best play by both sides when the tables cover the position.
  std::optional<engine::GameResult> result(const adapters::AnyGame& game) const;

 private:
  VariantTables(std::unique_ptr<adapters::AnyGame> game, TableSet set)
      : game_(std::move(game)), set_(std::move(set)) {}
  std::unique_ptr<adapters::AnyGame> game_;  // the game set_ refers to
  TableSet set_;
};

// The result of a position of value `v` with `side_to_move` to move.
engine::GameResult result_of(const iv::EndgameValue& v, engine::Player side_to_move);

}  // namespace triad::tables
