// Íves dáma board files: YAML text -> games::ivesdama::Board, with every problem reported as
// "<file>:<line>: <reason>". The default board (boards/double-diamond.yaml) is compiled in.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "engine/core/result.h"
#include "engine/games/ivesdama/board.h"
#include "engine/games/ivesdama/game.h"

namespace triad::adapters::ivesdama {

// The YAML text of the default "double diamond" board, as shipped in boards/.
std::string_view default_board_yaml();

// Parses and validates a board. `source_name` prefixes each error line (a file name).
Result<games::ivesdama::Board> load_board_text(std::string_view yaml,
                                               const std::string& source_name);
Result<games::ivesdama::Board> load_board_file(const std::filesystem::path& file);
Result<games::ivesdama::Board> default_board();

// A game on the default board.
Result<games::ivesdama::Game> make_default_game(const games::ivesdama::Rules& rules = {});

// Grid cell name ("c5") -> 0-based file and 1-based rank; false if it is not one.
bool parse_cell(std::string_view name, int& file, int& rank);

}  // namespace triad::adapters::ivesdama
