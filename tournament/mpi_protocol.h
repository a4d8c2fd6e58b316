// The messages of a distributed match (triad-match -mpi) between rank 0, which schedules and
// records, and the worker ranks, which play. Workers pull: they say how many more units they
// want, rank 0 answers with unit numbers (tournament/schedule.h work units), and each
// finished unit comes back whole, so rank 0 only ever merges complete game pairs. Every
// message goes through tournament/mpi_mailbox.h (nothing waits for a rank that may be dead).
//
// The end of a run has two steps, so that no rank calls MPI_Finalize (which waits for every
// rank, dead ones too) after a worker was lost: kStop -> kBye from each worker -> kRelease.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

#include "tournament/game_slot.h"

namespace triad::tournament::mpi {

enum Tag : int {
  // worker -> rank 0
  kHello = 1,        // std::string: the worker's host name (first message)
  kReport = 2,       // Report: finished units and how many more units are wanted
  kAlive = 4,        // int: heartbeat, renews the worker's leases (rank 0 sends it too)
  kSetupFailed = 5,  // std::string: the worker cannot play at all (settings, engine programs)
  kFailed = 6,       // std::string: a game could not be set up during the run
  kInterrupted = 7,  // int: the worker got SIGINT/SIGTERM; the whole run stops
  kBye = 8,          // int: after kStop, the worker's engines are stopped; nothing follows
  // rank 0 -> worker
  kUnits = 20,    // std::vector<std::int64_t>: play these units
  kStop = 21,     // int: stop now (games in flight are dropped), then say kBye
  kRelease = 22,  // int: after kBye: 1 = end with MPI_Finalize, 0 = a rank was lost, end
                  // without it
};

// Units a worker holds per game slot: enough for kPrefetch of play (so that a slot does not
// wait for a round trip to rank 0 even when games take microseconds), within these bounds.
inline constexpr std::chrono::milliseconds kPrefetch{10};
inline constexpr int kMinUnitsPerSlot = 2;
inline constexpr int kMaxUnitsPerSlot = 64;
// Every rank sends a heartbeat kHeartbeatsPerLease times per lease (-mpilease): rank 0
// presumes lost a worker it has not heard from for a lease, and a worker that has not heard
// from rank 0 for a lease gives up the run (rank 0 died; with mpirun --enable-recovery
// nothing else would end the worker).
inline constexpr int kHeartbeatsPerLease = 12;
inline std::chrono::milliseconds heartbeat_period(const TournamentConfig& config) {
  return std::chrono::milliseconds(config.mpi_lease_seconds * 1000 / kHeartbeatsPerLease);
}
// How long rank 0 waits for the goodbyes of workers it still hears from, and how long a
// worker that said goodbye waits for kRelease (after that it ends without MPI_Finalize).
inline constexpr std::chrono::seconds kGoodbyeLimit{30};

// How a rank ends: its exit status (0, 1 for an error during the run, 2 when the run could
// not start) and whether it may call MPI_Finalize (not after a worker rank was lost:
// MPI_Finalize would wait for the dead rank for good).
struct Outcome {
  int status = 0;
  bool finalize = true;
};

struct UnitResult {
  std::int64_t unit = 0;
  std::vector<GameReport> games;  // in game-number order
};

struct Report {
  std::vector<UnitResult> finished;
  int want = 0;  // more units wanted
};

// Waiting without spinning: Open MPI's blocking receives busy-poll a core, which engines
// need, so waiting ranks probe and sleep, doubling the sleep while nothing arrives.
class Backoff {
 public:
  std::chrono::microseconds next() {
    const auto now = delay_;
    delay_ = std::min(delay_ * 2, kMax);
    return now;
  }
  void reset() { delay_ = kMin; }

 private:
  static constexpr std::chrono::microseconds kMin{20};
  static constexpr std::chrono::microseconds kMax{1000};
  std::chrono::microseconds delay_ = kMin;
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
  ar& r.unit& r.games;
}

template <class Archive>
void serialize(Archive& ar, Report& r, unsigned) {
  ar& r.finished& r.want;
}
}  // namespace mpi

}  // namespace triad::tournament
