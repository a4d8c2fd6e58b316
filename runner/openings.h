// Openings shared by every program that plays games from a starting line (triad-match's
// schedule, triad-datagen's self-play): an opening is a position line and moves; an openings
// file holds one per line; random plies extend an opening.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "adapters/common/any_game.h"
#include "adapters/common/game_descriptor.h"

namespace triad::runner {

// A fresh game of the run's variant (its Variant::factory).
using adapters::GameFactory;

struct Opening {
  std::string fen;
  std::vector<std::string> moves;
};

// Limits of an openings file (the whole book is kept in memory).
inline constexpr std::uintmax_t kMaxOpeningsFileBytes = 256u << 20;
inline constexpr std::size_t kMaxOpeningLineBytes = 64u << 10;

// Reads a file of lines "<position line> [moves m1 m2 ...]" (blank lines and lines starting
// with '#' skipped) and checks each against the rules; errors name the file and line.
Result<std::vector<Opening>> load_openings(const std::filesystem::path& file,
                                           const GameFactory& factory);

// `base` followed by `plies` random legal moves that do not end the game.
Result<Opening> add_random_plies(const Opening& base, int plies, const GameFactory& factory,
                                 std::mt19937_64& rng);

}  // namespace triad::runner
