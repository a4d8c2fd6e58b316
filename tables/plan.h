// triad-tables -plan (docs/tables.md "A complete build"): what a build up to a stone limit
// holds, from the index scheme's slice sizes alone (no file is read or written): per stone
// total its slices and positions, its largest slice and, under -memory, that slice's pieces,
// the state its work folder keeps, and how many of the total's slices are built in pieces.
// The measured rates that turn these into CPU hours and bytes of files are in docs/tables.md
// beside the command.
#pragma once

#include <cstdint>
#include <string>

#include "engine/games/ivesdama/game.h"

namespace triad::tables {

namespace iv = games::ivesdama;

// The table, one line per stone total and a total line; `memory` 0 = no -memory.
std::string plan_text(const iv::Game& game, int max_stones, std::uint64_t memory);

}  // namespace triad::tables
