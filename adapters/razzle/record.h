// Import of published Razzle Dazzle move lists such as "1. c8-b6 e1-f3 2. d8-b6 d1-f1-f3 *":
// move numbers and a final result token are skipped, every move must be legal in turn.
#pragma once

#include <string_view>
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

}  // namespace triad::adapters::razzle
