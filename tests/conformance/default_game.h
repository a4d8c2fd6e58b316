// Test helper: a game core with its default rule settings, made exactly as a variant file
// would make it (through the game's descriptor in the registry).
#pragma once

#include <gtest/gtest.h>

#include <yaml-cpp/yaml.h>

#include "adapters/common/any_game.h"
#include "adapters/common/game_registry.h"

namespace triad::testing {

template <class G>
G make_default_game() {
  const adapters::GameDescriptor* descriptor = adapters::find_game(G::kName);
  EXPECT_NE(descriptor, nullptr) << G::kName;
  auto factory = descriptor->configure(YAML::Node(YAML::NodeType::Map), ".");
  EXPECT_TRUE(factory.ok()) << factory.error().message;
  const auto game = (*factory)();
  return dynamic_cast<const adapters::TypedGame<G>&>(*game).game();
}

}  // namespace triad::testing
