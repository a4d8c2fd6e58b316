// The messages of every distributed run (triad-match -mpi, triad-analyse -mpi, triad-datagen -mpi)
// between rank 0, which schedules and commits, and the worker ranks, which compute. Workers pull: a
// report carries finished units and how many more units are wanted, rank 0 answers with whole
// units, and each finished unit comes back whole, so rank 0 only ever commits complete units.
// Every message goes through cluster/mpi/mailbox.h (nothing waits for a rank that may be
// dead); rank 0 and the workers hear from each other at least kHeartbeatsPerLease times per
// lease, and a side silent for a lease is presumed dead.
//
// The end of a run has two steps, so that no rank calls MPI_Finalize (which waits for every
// rank, dead ones too) after a worker was lost: kStop -> kBye from each worker -> kRelease.
#pragma once

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

namespace triad::cluster::mpi {

enum Tag : int {
  // worker -> rank 0
  kHello = 1,        // std::string: the worker's host name (first message)
  kReport = 2,       // Report<Result>: finished units and how many more units are wanted
  kAlive = 3,        // int: heartbeat, renews the worker's leases (rank 0 sends it too)
  kSetupFailed = 4,  // std::string: the worker cannot work at all (settings, engine programs)
  kFailed = 5,       // std::string: a unit could not be set up during the run
  kInterrupted = 6,  // int: the worker got SIGINT/SIGTERM; the whole run stops
  kBye = 7,          // int: after kStop, the worker's engines are stopped; nothing follows
  // rank 0 -> worker
  kUnits = 20,    // std::vector<Unit>: compute these units
  kStop = 21,     // int: stop now (units in flight are dropped), then say kBye
  kRelease = 22,  // int: after kBye: 1 = end with MPI_Finalize, 0 = a rank was lost, end
                  // without it
};

// What a program's distributed run is told: its name (the prefix of its messages) and the
// lease (-mpilease): a worker rank rank 0 has not heard from for this long is presumed lost
// (its units go to the others), and a worker that has not heard from rank 0 for this long
// leaves the run (rank 0 died; with mpirun --enable-recovery nothing else would end it).
struct Settings {
  std::string program;
  std::chrono::milliseconds lease{std::chrono::seconds(60)};
};

// Every rank sends a heartbeat this many times per lease.
inline constexpr int kHeartbeatsPerLease = 12;
inline std::chrono::milliseconds heartbeat_period(const Settings& settings) {
  return settings.lease / kHeartbeatsPerLease;
}
// How long rank 0 waits for the goodbyes of workers it still hears from, and how long a
// worker that said goodbye waits for kRelease (after that it ends without MPI_Finalize).
inline constexpr std::chrono::seconds kGoodbyeLimit{30};

// How a rank ends: its exit status and whether it may call MPI_Finalize (not after a worker
// rank was lost: MPI_Finalize would wait for the dead rank for good).
struct Outcome {
  int status = 0;
  bool finalize = true;
};

// A worker's report: the units it finished (in any order) and how many more it wants.
template <class Result>
struct Report {
  std::vector<Result> finished;
  int want = 0;
};

template <class Archive, class Result>
void serialize(Archive& ar, Report<Result>& r, unsigned) {
  ar& r.finished& r.want;
}

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

}  // namespace triad::cluster::mpi
