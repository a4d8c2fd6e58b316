// Íves dáma variant settings: `board` ("default" or a board file, relative to the variant
// file's folder), `arc_capture` and `forward` (true/false).
#pragma once

#include <filesystem>

#include "adapters/common/yaml_fwd.h"
#include "engine/core/result.h"
#include "engine/games/ivesdama/game.h"

namespace triad::adapters::ivesdama {

Result<games::ivesdama::Game> make_game(const YAML::Node& settings,
                                        const std::filesystem::path& dir);

}  // namespace triad::adapters::ivesdama
