// Yin Yang variant settings: the game has no rule settings, so only the variant entry's own
// keys (`name`, `game`, `description`) are accepted.
#pragma once

#include <filesystem>

#include "adapters/common/yaml_fwd.h"
#include "engine/core/result.h"
#include "engine/games/yinyang/game.h"

namespace triad::adapters::yinyang {

Result<games::yinyang::Game> make_game(const YAML::Node& settings,
                                       const std::filesystem::path& dir);

}  // namespace triad::adapters::yinyang
