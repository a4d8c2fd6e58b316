// GameDescriptor: what the layers above the game cores know about one game, in one value —
// its name, how a variant's settings become a factory of games, its search engine and its
// `bench` positions. Each game defines one in adapters/<g>/descriptor.cpp (with describe<G>
// below); the registry (adapters/common/game_registry.h) lists them.
#pragma once

#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "adapters/common/any_game.h"
#include "adapters/common/engine_for.h"
#include "adapters/common/exact.h"
#include "adapters/common/exact_for.h"
#include "adapters/common/game_engine.h"
#include "adapters/common/yaml_fwd.h"
#include "engine/core/result.h"

namespace triad::adapters {

// A fresh game of one variant at its start position. The variant's settings were parsed
// when the factory was made; calling it reads nothing shared that changes, so several
// threads may call it at once.
using GameFactory = std::function<std::unique_ptr<AnyGame>()>;

// A move of a game's built-in book (e.g. Yin Yang's perfect play), with the value proved.
struct BuiltinBookMove {
  std::string token;
  bool side_to_move_wins = false;
  int max_plies = 0;  // the game ends within this many plies (a bound, not the exact length)
};

// The classical evaluation's win/draw/loss model (state/wdl.h): the expected score is
// sigmoid(score / scale) and `draw_permille` the draw rate at even chances, fitted as a net's
// are, by `triad-train wdl` on triad-datagen self-play (docs/evaluation.md "Win, draw and
// loss"). scale 0: not fitted (the generic fixed model).
struct ClassicalWdl {
  int scale = 0;
  int draw_permille = 0;
};

// How a game's strength levels search (state/strength.h, docs/strength.md "How a limited level
// plays"): from a raw strength x in [0, 1], the depth always completed is
// 1 + floor(depth_steps * x) plies (at least 2 from Skill Level 1) and the node budget
// min_nodes * node_range^x. The default suits games whose plies are cheap (the budget, smooth
// in x, decides how far a level sees); a game whose plies are dear (a ply gained at once is a
// large step in strength) sets a slower depth and a larger budget, so that the budget carries
// the ladder there too.
struct LevelSearch {
  int depth_steps = 10;
  double min_nodes = 16;
  double node_range = 4096;
};

struct GameDescriptor {
  std::string_view name;  // the base game's name in variant files: "razzledazzle", …
  // A variant's rule settings (its YAML map; relative paths resolve against `dir`) -> a
  // factory of fresh games, or why the settings are wrong.
  Result<GameFactory> (*configure)(const YAML::Node& settings, const std::filesystem::path& dir);
  // The engine (search in text) for a game made by one of this descriptor's factories;
  // nothing for a game of another kind.
  std::unique_ptr<GameEngine> (*make_engine)(std::unique_ptr<AnyGame> game, std::size_t hash_mb);
  // The exact knowledge (exact.h) of the variant of `game` (made by one of this descriptor's
  // factories; kept by the probe) with `source`; nothing for a game of another kind or when
  // the game knows no position's value (its hooks' NoExactKnowledge).
  std::unique_ptr<ExactProbe> (*make_exact)(std::unique_ptr<AnyGame> game,
                                            const engine::ExactSource& source);
  // What follows `position ` in the protocol lines `bench` searches for this game.
  std::span<const std::string_view> bench_positions;
  // The game's built-in book (compiled in), or null: its move for a game's current position,
  // or nothing when the position is not in it. Used by OwnBook where no BookFile answers;
  // only for a game whose variants all have the same moves (no rule settings), as it must
  // fit every variant of the game. E.g. Yin Yang's perfect play.
  std::optional<BuiltinBookMove> (*builtin_book)(const AnyGame& game) = nullptr;
  // The strength levels' calibration (state/strength.h, docs/strength.md): the measured
  // ratings (the uniform random mover = 0) of Skill Levels 0..19; empty = not calibrated.
  std::span<const double> strength_ratings;
  ClassicalWdl classical_wdl;
  LevelSearch level_search;
};

// The game core's rule settings parser: adapters/<g>/settings.h.
template <class G>
using MakeGame = Result<G> (*)(const YAML::Node& settings, const std::filesystem::path& dir);

namespace detail {

template <HasNotation G, MakeGame<G> make_game>
Result<GameFactory> configure(const YAML::Node& settings, const std::filesystem::path& dir) {
  auto game = make_game(settings, dir);
  if (!game) return game.error();
  // Every game of the variant shares the one immutable game object.
  return GameFactory([prototype = TypedGame<G>(std::move(*game))] { return prototype.clone(); });
}

template <HasNotation G>
std::unique_ptr<GameEngine> make_engine(std::unique_ptr<AnyGame> game, std::size_t hash_mb) {
  auto* typed = dynamic_cast<TypedGame<G>*>(game.get());
  if (!typed) return nullptr;  // a game of another kind
  return std::make_unique<EngineFor<G>>(std::move(*typed), hash_mb);
}

}  // namespace detail

// The descriptor of game core G: its name (G::kName), factories and engine made generically
// from its Notation<G>, its SearchHooks<G> (the engine and the exact knowledge) and `make_game`,
// its built-in book if any, its strength calibration, its classical evaluation's win/draw/loss
// model and how its levels search.
template <HasNotation G, MakeGame<G> make_game>
constexpr GameDescriptor describe(
    std::span<const std::string_view> bench_positions,
    std::optional<BuiltinBookMove> (*builtin_book)(const AnyGame&) = nullptr,
    std::span<const double> strength_ratings = {}, ClassicalWdl classical_wdl = {},
    LevelSearch level_search = {}) {
  return {G::kName,
          &detail::configure<G, make_game>,
          &detail::make_engine<G>,
          &detail::make_exact<G>,
          bench_positions,
          builtin_book,
          strength_ratings,
          classical_wdl,
          level_search};
}

}  // namespace triad::adapters
