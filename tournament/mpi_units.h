// What the units of a distributed match (triad-match -mpi, on the MPI runtime of cluster/mpi/)
// carry: rank 0 sends unit numbers (tournament/schedule.h work units: one opening's games),
// and each finished unit comes back whole, so rank 0 only ever merges complete game pairs.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

#include "tournament/game_slot.h"

namespace triad::tournament::mpi {

// Units a worker holds per game slot: enough for kPrefetch of play (so that a slot does not
// wait for a round trip to rank 0 even when games take microseconds), within these bounds.
// The upper bound must not cut that time short: at 64, 30-us games gave a slot about 3 ms,
// less than a reply takes when rank 0 shares the cores, and the slots waited (0.7x of a
// local run's games/s against 0.9x; docs/performance.md).
inline constexpr std::chrono::milliseconds kPrefetch{20};
inline constexpr int kMinUnitsPerSlot = 2;
inline constexpr int kMaxUnitsPerSlot = 1024;

struct UnitResult {
  std::int64_t unit = 0;
  std::vector<GameReport> games;      // in game-number order
  std::uint64_t openings_digest = 0;  // the player's Schedule::openings_digest()
};

}  // namespace triad::tournament::mpi

namespace triad::tournament {

// Boost.Serialization of what crosses the wire (found by argument-dependent lookup).
template <class Archive>
void serialize(Archive& ar, FinishedGame& g, unsigned) {
  ar& g.number& g.engine& g.result& g.termination& g.pair;
}

template <class Archive>
void serialize(Archive& ar, GameReport& r, unsigned) {
  ar& r.game& r.comment& r.record_text& r.engine_failures;
}

namespace mpi {
template <class Archive>
void serialize(Archive& ar, UnitResult& r, unsigned) {
  ar& r.unit& r.games& r.openings_digest;
}
}  // namespace mpi

}  // namespace triad::tournament
