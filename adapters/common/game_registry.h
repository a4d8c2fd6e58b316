// The game registry: every game Triad plays, as one GameDescriptor each, in one list
// (adapters/variants/game_registry.cpp). Variants, engines and `bench` find games here, so
// nothing else names a game.
#pragma once

#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "adapters/common/any_game.h"
#include "adapters/common/game_descriptor.h"
#include "adapters/common/game_engine.h"
#include "engine/core/result.h"

namespace triad::adapters {

// All games, in the registry's order.
std::span<const GameDescriptor* const> all_games();

// The game called `name` ("razzledazzle", …), or nullptr.
const GameDescriptor* find_game(std::string_view name);

// The names of all games, "a, b or c", for error messages.
std::string game_names_text();

// The engine for `game` (made by a variant of a registered game).
Result<std::unique_ptr<GameEngine>> make_engine(std::unique_ptr<AnyGame> game, std::size_t hash_mb);
// The exact knowledge of `game`'s variant with `source` (GameDescriptor::make_exact), and
// beyond its reach the proved values of the game's built-in book (GameDescriptor::
// builtin_book): nothing for a game that knows no position's value.
std::unique_ptr<ExactProbe> make_exact(std::unique_ptr<AnyGame> game,
                                       const engine::ExactSource& source);

}  // namespace triad::adapters
