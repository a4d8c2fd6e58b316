// Strength levels (docs/strength.md): the options UCI_LimitStrength, UCI_Elo, Skill Level
// and Skill Seed, and what they make of a search: engine/search/skill.h's node budget and
// weakened move choice. The one place that maps these options to search settings; the engine
// state declares the options (state/engine_options.cpp) and asks for the level of each `go`.
//
// A level is a raw strength x in [0, 1] (0 = the smallest search, a one-ply look drawing
// widely among its lines; 1 = the largest budget, nearly always the best line); Skill Level
// n < 20 is x = (n + 1) / 20 in every game, UCI_Elo picks x through the game's calibration
// (GameDescriptor::strength_ratings: the measured ratings of Skill Levels 0..19); how far a
// level of a given x searches is the game's own (GameDescriptor::level_search).
#pragma once

#include <cstdint>
#include <optional>
#include <random>
#include <span>

#include "adapters/common/game_descriptor.h"
#include "adapters/common/game_engine.h"
#include "state/options.h"

namespace triad::state {

// The UCI_Elo range (the scale of docs/strength.md: the uniform random mover = 0).
constexpr int kMinElo = 100;
constexpr int kMaxElo = 3000;

// Declares the four options (full strength by default).
void declare_strength_options(Options& options);

// Sets UCI_Elo's range to `game`'s own: the rating of its weakest calibrated level up to that
// of its strongest (within kMinElo..kMaxElo), so that a GUI reading the options at the
// handshake offers only ratings that make a difference. Called when a variant is chosen.
void set_elo_range(Options& options, const adapters::AnyGame& game);

// The level the options ask for in `game` (its game's calibration), or nothing at full
// strength (UCI_LimitStrength false and Skill Level 20). `score_scale` is the search
// evaluation's score per logistic unit of expected score (state::level_score_scale), so that
// a level errs by about the same expected score in every game. Skill Seed 0 draws the seed of each
// move from `rng`.
std::optional<engine::Skill> strength_level(const Options& options, const adapters::AnyGame& game,
                                            double score_scale, std::mt19937_64& rng);

// The raw strength of a rating on a calibration (the ratings of Skill Levels 0..19, linear in
// x between them, Skill Level 0 below the first; without a calibration, kMinElo..kMaxElo
// spread linearly over Skill Level 0's x..1).
double raw_strength(int elo, std::span<const double> calibration);

// The search settings of a raw strength, for an evaluation of `score_scale` (as above), in a
// game whose levels search as `search` says (its GameDescriptor::level_search).
engine::Skill skill_for_raw(double raw, double score_scale, const adapters::LevelSearch& search);

}  // namespace triad::state
