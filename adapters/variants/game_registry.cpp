// The one list of games. A new game adds its folders (see docs/architecture.md, "Adding a
// game") and one line here.
#include "adapters/common/game_registry.h"

#include "adapters/ivesdama/descriptor.h"
#include "adapters/razzle/descriptor.h"
#include "adapters/yinyang/descriptor.h"

namespace triad::adapters {

std::span<const GameDescriptor* const> all_games() {
  static const GameDescriptor* const games[] = {
      &razzle::descriptor(),
      &yinyang::descriptor(),
      &ivesdama::descriptor(),
  };
  return games;
}

const GameDescriptor* find_game(std::string_view name) {
  for (const GameDescriptor* game : all_games())
    if (game->name == name) return game;
  return nullptr;
}

std::string game_names_text() {
  const auto games = all_games();
  std::string out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (i > 0) out += i + 1 == games.size() ? " or " : ", ";
    out += games[i]->name;
  }
  return out;
}

Result<std::unique_ptr<GameEngine>> make_engine(std::unique_ptr<AnyGame> game,
                                                std::size_t hash_mb) {
  if (!game) return make_error("engine : no game given");
  const std::string name(game->game_name());
  const GameDescriptor* descriptor = find_game(name);
  auto engine = descriptor ? descriptor->make_engine(std::move(game), hash_mb) : nullptr;
  if (!engine) return make_error("engine : the game " + name + " has no engine");
  return engine;
}

std::unique_ptr<ExactProbe> make_exact(std::unique_ptr<AnyGame> game,
                                       const engine::ExactSource& source) {
  const GameDescriptor* descriptor = game ? find_game(game->game_name()) : nullptr;
  return descriptor ? descriptor->make_exact(std::move(game), source) : nullptr;
}

}  // namespace triad::adapters
