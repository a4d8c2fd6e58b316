// The input of triad-analyse: a file of position lines (one per line, optionally followed by
// `moves m1 m2 ...`; blank lines and '#' comments skipped) or of game records (every
// position of every game, from its start to its last move). Each position is checked with
// the game core when the file is read; a line that is not a position, an unknown variant
// or an illegal move becomes an error task (an error line in the output), so the output
// has one line for each position whatever the input holds.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "adapters/common/variants.h"
#include "adapters/records/record.h"
#include "analysis/config.h"
#include "analysis/task.h"
#include "engine/core/result.h"

namespace triad::analysis {

class Input {
 public:
  // Reads `config.input`; errors: the file cannot be read, is not a regular file, is
  // larger than kMaxInputBytes, holds no position, or (records) is not well formed. With
  // `config.review` a position line with moves is a game (every position of it, numbered
  // like records), and any input error is an error of the whole input (a review judges
  // whole games: "game 2 (line 9): ply 5: ...").
  static Result<Input> read(const AnalyseConfig& config, const adapters::VariantRegistry& registry);

  std::int64_t size() const { return static_cast<std::int64_t>(entries_.size()); }
  Task task(std::int64_t index) const;
  // Positions that could not be read, and the first few reasons ("line N: ...").
  std::int64_t errors() const { return errors_; }
  const std::vector<std::string>& first_errors() const { return first_errors_; }
  // The game (1-based) of a position, 0 for a position line outside a review.
  std::int64_t game_of(std::int64_t index) const {
    return entries_[static_cast<std::size_t>(index)].game;
  }
  // With `config.review`: game `game`'s record without its moves (tags, result, closing
  // comment; a position line's game gets the Variant and FEN tags).
  const adapters::records::Record& record(std::int64_t game) const {
    return records_[static_cast<std::size_t>(game - 1)];
  }

 private:
  struct Game {
    std::string variant;
    std::string start;
    std::vector<std::string> moves;
  };
  struct Entry {
    std::int64_t line = 0;
    std::int64_t game = 0;  // 1-based, 0 = a position line
    std::shared_ptr<const Game> source;
    int ply = 0;  // moves of `source` played before this position
    std::string position;
    std::string result;
    std::string error;
  };

  void add_position_line(std::int64_t line, std::string_view text,
                         const adapters::VariantRegistry& registry, const std::string& variant);
  Result<void> add_records(std::string_view text, const AnalyseConfig& config,
                           const adapters::VariantRegistry& registry);
  void add_error(Entry entry, const std::string& message);
  // Adds every position of `record` from its start (the error, if any, ends it).
  void add_game(const adapters::records::Record& record, const std::string& default_variant,
                const adapters::VariantRegistry& registry);
  // In a review: the game's record kept (without the moves).
  void keep_record(adapters::records::Record record);

  std::vector<Entry> entries_;
  std::int64_t errors_ = 0;
  std::vector<std::string> first_errors_;
  std::string first_error_;  // the first, with its game: what a review reports
  bool review_ = false;
  std::vector<adapters::records::Record> records_;  // a review's games, by number
};

}  // namespace triad::analysis
