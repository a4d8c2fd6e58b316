// triad-match -tb DIR (docs/tournaments.md): a game that reaches the endgame tables
// (adapters/tables/, Íves dáma's) ends there with their result (best play by both sides), as
// match runners adjudicate chess games by their tablebases. The tables answer through the
// game's exact knowledge (adapters/common/exact.h).
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "adapters/common/any_game.h"
#include "adapters/common/game_descriptor.h"
#include "adapters/tables/variant_tables.h"
#include "engine/core/result.h"

namespace triad::tournament {

class TableAdjudicator {
 public:
  // The tables of `dir` for the variant `factory` makes. Errors: the variant takes no tables
  // (only Íves dáma's do), or TableSet::open's (not a folder, no tables, a damaged file,
  // tables of other rules or another board).
  static Result<std::shared_ptr<const TableAdjudicator>> open(const std::filesystem::path& dir,
                                                              const adapters::GameFactory& factory);

  // The result of `referee`'s position (a game of the same variant, not over) when the tables
  // cover it, and the record's comment ("the endgame tables: Player 1 wins in 7 plies").
  struct Verdict {
    engine::GameResult result = engine::GameResult::kNone;
    std::string comment;
  };
  std::optional<Verdict> adjudicate(const adapters::AnyGame& referee) const;

 private:
  explicit TableAdjudicator(std::shared_ptr<const tables::VariantTables> tables)
      : tables_(std::move(tables)) {}
  std::shared_ptr<const tables::VariantTables> tables_;
};

}  // namespace triad::tournament
