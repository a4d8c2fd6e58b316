// Strength levels (docs/strength.md): the options UCI_LimitStrength, UCI_Elo, Skill Level
// and Skill Seed, and what they make of a search — a node budget and the weakened move
// choice of engine/search/skill.h. The one place that maps these options to search settings.
#pragma once

#include <cstdint>
#include <optional>
#include <random>

#include "adapters/common/game_engine.h"
#include "protocol/options.h"

namespace triad::protocol {

// The UCI_Elo range (the scale of docs/strength.md: the uniform random mover = 0).
constexpr int kMinElo = 100;
constexpr int kMaxElo = 2000;

// A limited level's search settings.
struct StrengthLevel {
  int elo = 0;
  std::uint64_t nodes = 0;  // the node budget of every move
  engine::Skill skill;
};

// Declares the four options (full strength by default).
void declare_strength_options(Options& options);

// The level the options ask for, or nothing at full strength (UCI_LimitStrength false and
// Skill Level 20). Skill Seed 0 draws the seed of each move from `rng`.
std::optional<StrengthLevel> strength_level(const Options& options, std::mt19937_64& rng);

// The settings of the level with this rating (kMinElo..kMaxElo).
StrengthLevel level_for_elo(int elo);

// A search request at that level: its node budget (a smaller one of the request stays) and
// its move choice.
void limit_search(const StrengthLevel& level, adapters::SearchRequest& request);

}  // namespace triad::protocol
