// Import of published Razzle Dazzle move lists such as "1. c8-b6 e1-f3 2. d8-b6 d1-f1-f3 *"
// (move numbers and a final result token are skipped, every move must be legal in turn), and
// of whole PGN-like records of docs/notation.md (tag pairs, then the move list).
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/result.h"
#include "engine/games/razzle/game.h"

namespace triad::adapters::razzle {

// The legal Moves of `text` played from `start` (whose earlier history keys are `history`).
// On error the message names the bad token and its 1-based index among the moves.
Result<std::vector<games::razzle::Move>> import_moves(const games::razzle::Game& game,
                                                      const games::razzle::Position& start,
                                                      std::string_view text,
                                                      engine::History history = {});

struct ImportedRecord {
  games::razzle::Position start;  // the [FEN] tag, else the start position
  std::vector<games::razzle::Move> moves;
  std::string result;  // "1-0", "0-1", "1/2-1/2", "*", or "" if none
  std::vector<std::pair<std::string, std::string>> tags;  // in order, FEN included
};

// A record: tag pair lines `[Name "value"]` (optional), then the move list as import_moves
// reads it. Errors name the line of a bad tag, or the bad move token and its index.
Result<ImportedRecord> import_record(const games::razzle::Game& game, std::string_view text);

}  // namespace triad::adapters::razzle
