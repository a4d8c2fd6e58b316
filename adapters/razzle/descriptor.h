// Razzle Dazzle's entry in the game registry (adapters/common/game_registry.h).
#pragma once

#include "adapters/common/game_descriptor.h"

namespace triad::adapters::razzle {

const GameDescriptor& descriptor();

}  // namespace triad::adapters::razzle
