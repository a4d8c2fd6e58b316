// triad-datagen -option: the strength level the games are played at, set with the engine's
// own strength options (UCI_LimitStrength, UCI_Elo, Skill Level, Skill Seed; docs/strength.md)
// and turned into each move's search settings by the engine's level code
// (state/strength.h), as `go` does. Skill Seed 0 draws each move's seed from the game's
// generator, so game i at a level is still determined by the seed and i.
#pragma once

#include <optional>
#include <random>
#include <string>
#include <vector>

#include "adapters/common/game_engine.h"
#include "engine/core/result.h"
#include "engine/search/skill.h"
#include "state/engine_state.h"
#include "state/options.h"

namespace triad::datagen {

class Level {
 public:
  // The settings of the -option words ("NAME=V", in order) for games of `game`, searched with
  // `net` (nullptr: the classical evaluation). Errors: a word without '=', an option that is
  // not a strength option, a value the option refuses.
  static Result<Level> create(const std::vector<std::string>& settings,
                              const adapters::AnyGame& game, const state::BoundNet* net);
  // The search settings of the next move in `game` (nothing at full strength); a limited level
  // with Skill Seed 0 draws the move's seed from `rng`.
  std::optional<engine::Skill> skill(const adapters::AnyGame& game, std::mt19937_64& rng) const;

 private:
  state::Options options_;
  double score_scale_ = 1;
};

}  // namespace triad::datagen
