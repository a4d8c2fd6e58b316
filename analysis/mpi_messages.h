// The messages of a distributed analysis (triad-analyse -mpi) between rank 0, which reads
// the input, schedules and writes, and the worker ranks, which run the engines. Workers
// pull: a report carries finished units and how many more are wanted; rank 0 answers with
// whole units (their tasks included, so workers never read the input file).
#pragma once

#include <chrono>
#include <vector>

#include <boost/serialization/vector.hpp>

#include "analysis/task.h"

namespace triad::analysis::mpi {

enum Tag : int {
  // worker -> rank 0
  kHello = 1,        // std::string: the worker's host name (first message)
  kReport = 2,       // Report
  kAlive = 3,        // int: heartbeat, renews the worker's leases
  kSetupFailed = 4,  // std::string: the worker cannot run its engine (nothing follows but kBye)
  kInterrupted = 5,  // int: the worker got SIGINT/SIGTERM; the whole run stops
  kBye = 6,          // int: last message, after kStop
  // rank 0 -> worker
  kUnits = 20,  // std::vector<Unit>: analyse these
  kStop = 21,   // int: stop now (units in flight are dropped), then say kBye
};

// A worker's heartbeat period (rank 0 gives the units of a worker silent for a lease, 60 s,
// to the others: analysis/run.cpp).
inline constexpr std::chrono::seconds kHeartbeat{5};

struct Report {
  std::vector<UnitOutput> finished;
  int want = 0;  // more units wanted
};

template <class Archive>
void serialize(Archive& ar, Report& r, unsigned) {
  ar& r.finished& r.want;
}

}  // namespace triad::analysis::mpi
