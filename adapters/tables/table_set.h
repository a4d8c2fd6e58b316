// The reader of a folder of Íves dáma table files (docs/tables.md): every slice file up to the
// largest complete stone total, checked when opened; probe() answers the exact value of a
// covered position. Thread-safe and cheap: a probe reads one block of one file (each thread
// keeps its last blocks inflated); a position with a capture (stored as "don't care") is
// resolved from its children, which are in smaller slices. The game's exact knowledge probes
// it as games::ivesdama::EndgameFiles, the data of its source (variant_tables.h). A file that
// changes under a running engine never gives an answer: the probe that cannot read it, and every
// later one, answers nothing, and check() says why (the engine then drops the set).
#pragma once

#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "adapters/common/any_game.h"
#include "adapters/ivesdama/notation.h"
#include "adapters/tables/table_file.h"
#include "engine/core/result.h"

namespace triad::tables {

class TableSet final : public iv::EndgameFiles {
 public:
  // The slices of `dir` for `game`, stone total by stone total, up to the first total with a
  // slice file missing (or `max_stones`). Errors: "<dir>: ..." (not a folder, no table file
  // for this game's smallest slices) or one file's error (table_file.h). `foreign`, if given,
  // is set when the folder holds sound tables of other rules, another board or another game.
  static Result<TableSet> open(const std::filesystem::path& dir, const iv::Game& game,
                               int max_stones = iv::kMaxPoints, bool* foreign = nullptr);

  int max_stones() const override { return max_stones_; }
  const std::vector<std::unique_ptr<SliceFile>>& files() const { return files_; }
  // The value of a position with at most max_stones() stones; nothing for a position with
  // more, one already over (the previous mover stands on its goal), or after a file could
  // not be read.
  std::optional<iv::EndgameValue> probe(const iv::Position& pos) const override;
  // An error when the set can no longer be trusted: a probe could not read a file, or a file
  // was written to since it was opened (one fstat per file: called before each search).
  Result<void> check() const;

 private:
  // Covered positions only; sets *unreadable_ when a file cannot be read.
  std::int16_t code(const iv::Position& pos) const;
  const SliceFile* file(Material m) const;
  const iv::Game* game_ = nullptr;
  int max_stones_ = -1;
  std::vector<std::unique_ptr<SliceFile>> files_;  // in materials_up_to() order
  // Set by the first probe that could not read a file (shared by the probing threads).
  std::unique_ptr<std::atomic<bool>> unreadable_ = std::make_unique<std::atomic<bool>>(false);
};

// The game of `game` (a game of any variant) when it is one of Íves dáma, the game the tables
// are for; nullptr for another game.
const adapters::TypedGame<iv::Game>* ives_dama(const adapters::AnyGame& game);

}  // namespace triad::tables
