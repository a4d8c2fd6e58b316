// Razzle Dazzle variant settings: `rules: extended|basic` and `repetition: undo|position`
// (both optional; `name`, `game` and `description` belong to the variant entry).
#pragma once

#include <filesystem>

#include "adapters/common/yaml_fwd.h"
#include "engine/core/result.h"
#include "engine/games/razzle/game.h"

namespace triad::adapters::razzle {

Result<games::razzle::Game> make_game(const YAML::Node& settings, const std::filesystem::path& dir);

}  // namespace triad::adapters::razzle
