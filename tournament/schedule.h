// The tournament's schedule, fixed before the first game: who plays whom with which
// colours, and from which opening (file lines and/or random plies, drawn from the seed).
// Being deterministic, it lets a resumed run skip exactly the games already played.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "adapters/common/any_game.h"
#include "tournament/config.h"

namespace triad::tournament {

// A fresh game of the tournament's variant.
using GameFactory = std::function<Result<std::unique_ptr<adapters::AnyGame>>()>;

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

struct ScheduledGame {
  int number = 0;  // 1-based
  int round = 1;
  int engine[2] = {0, 1};  // [0] plays Player 1
  Opening opening;
  int pair = -1;  // games with the same pair id share an opening with colours swapped
};

Result<std::vector<ScheduledGame>> make_schedule(const TournamentConfig& config,
                                                 const GameFactory& factory);

}  // namespace triad::tournament
