// The endgame tables of one variant, with the game they were opened for: what a program that
// is handed games of any variant (the engine's TablePath, triad-match -tb, triad-analyse
// -review -tb, Python's triad.Tables) opens, and hands to the game's exact knowledge
// (adapters/common/exact.h) as the data of its source. Table files exist for Íves dáma only.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>

#include "adapters/common/any_game.h"
#include "adapters/common/exact.h"
#include "adapters/tables/table_set.h"
#include "engine/core/result.h"
#include "engine/search/exact.h"

namespace triad::tables {

// Whether table files exist for games of `game`'s kind.
bool takes_tables(const adapters::AnyGame& game);

class VariantTables {
 public:
  // The tables of `dir` for `game`'s variant (its position does not matter). Errors: the game
  // takes no tables, or TableSet::open's; `foreign` as there (sound tables of other rules or
  // another board).
  static Result<std::shared_ptr<const VariantTables>> open(const std::filesystem::path& dir,
                                                           std::unique_ptr<adapters::AnyGame> game,
                                                           bool* foreign = nullptr);

  const TableSet& set() const { return *set_; }
  // A program's source: the files alone answer, every position they cover.
  engine::ExactSource source() const { return {set_, INT_MAX, false}; }
  // The engine's: the files within `probe_limit` stones, the game's in-memory table besides.
  engine::ExactSource engine_source(int probe_limit) const { return {set_, probe_limit, true}; }
  // The game's exact knowledge on source(), for games of this variant: a fresh one per caller
  // (one probe is not for several threads).
  std::unique_ptr<adapters::ExactProbe> knowledge() const;
  // The game's result with best play by both sides when the tables cover `game`'s position
  // (a game of the same variant), through knowledge().
  std::optional<engine::GameResult> result(const adapters::AnyGame& game) const;

 private:
  VariantTables(std::unique_ptr<adapters::AnyGame> game, std::shared_ptr<const TableSet> set)
      : game_(std::move(game)), set_(std::move(set)) {}
  std::unique_ptr<adapters::AnyGame> game_;  // the game set_ refers to
  std::shared_ptr<const TableSet> set_;
};

}  // namespace triad::tables
