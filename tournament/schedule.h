// The tournament's schedule, computed game by game on demand: a game number gives its
// round, engines, colours and opening without anything stored per game, so a schedule of
// any planned size takes constant memory. It is deterministic for a seed, so a resumed run
// (or another machine given the same settings) computes exactly the same games.
//
// Work units: the games that share one opening (`-repeat N` games, colours alternating)
// form a unit; with `-repeat` and an even `-games` a unit is a game pair, whose two games
// count together in the pentanomial statistics.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "adapters/common/any_game.h"
#include "runner/openings.h"
#include "tournament/config.h"
#include "tournament/table_adjudication.h"

namespace triad::tournament {

// The schedule plays the runner's openings (runner/openings.h).
using runner::add_random_plies;
using runner::GameFactory;
using runner::kMaxOpeningLineBytes;
using runner::kMaxOpeningsFileBytes;
using runner::load_openings;
using runner::Opening;

// The largest schedule (games): numbers stay exact in JSON (doubles) and far from overflow.
inline constexpr std::int64_t kMaxScheduledGames = std::int64_t{1} << 53;

struct ScheduledGame {
  std::int64_t number = 0;  // 1-based
  std::int64_t round = 1;
  int engine[2] = {0, 1};  // [0] plays Player 1
  std::int64_t unit = 0;   // games of a unit share an opening (0-based)
  std::int64_t pair = -1;  // the unit's id when it is a game pair, else -1
};

class Schedule {
 public:
  // Loads and checks the openings; refuses a schedule above kMaxScheduledGames.
  static Result<Schedule> create(const TournamentConfig& config, GameFactory factory);

  std::int64_t size() const { return size_; }
  // Game `number` (1..size()): pairing, colours, unit. Cheap, no allocation.
  ScheduledGame game(std::int64_t number) const;
  // Work units (openings) 0..units()-1; unit u is the games first..last (consecutive
  // numbers), and units in ascending order cover the games in ascending order.
  std::int64_t units() const { return size_ / games_ * units_per_block_; }
  std::pair<std::int64_t, std::int64_t> unit_games(std::int64_t unit) const;
  // The opening of a game's unit: a book line and/or random plies drawn from a generator
  // seeded by the seed and the unit alone, so any unit can be computed on its own.
  Result<Opening> opening(const ScheduledGame& game) const;
  // A digest of the book lines the games start from (their positions and moves): ranks of a
  // distributed match that read other openings at the same path have another one.
  std::uint64_t openings_digest() const { return openings_digest_; }
  // -tb's endgame tables, opened and checked with the schedule (nullptr: none).
  const TableAdjudicator* tables() const { return tables_.get(); }

 private:
  Schedule() = default;

  GameFactory factory_;
  std::shared_ptr<const TableAdjudicator> tables_;
  std::vector<Opening> book_;
  std::vector<std::pair<int, int>> encounters_;
  std::int64_t games_ = 1;            // games per encounter and round
  std::int64_t repeat_ = 1;           // games per opening
  std::int64_t units_per_block_ = 1;  // openings per encounter and round
  std::int64_t size_ = 0;
  bool paired_ = false;
  OpeningOrder order_ = OpeningOrder::kSequential;
  std::int64_t start_ = 0;  // first book line (0-based)
  int plies_ = 0;
  std::uint64_t seed_ = 1;
  std::uint64_t openings_digest_ = 0;
};

}  // namespace triad::tournament
