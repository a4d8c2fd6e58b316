// A worker rank's greeting, refusal and goodbye (see worker.h).
#include "cluster/mpi/worker.h"

#include <boost/mpi/environment.hpp>

namespace triad::cluster::mpi {

WorkerLink::WorkerLink(const boost::mpi::communicator& world, const Settings& settings)
    : world_(world), settings_(settings), inbox_(world, 0), outbox_(world) {
  outbox_.send(0, kHello, boost::mpi::environment::processor_name());
}

bool WorkerLink::rank0_silent() {
  if (std::chrono::steady_clock::now() - heard_from_rank0_ < settings_.lease) return false;
  // One write, so that the lines of ranks leaving at the same moment do not interleave.
  std::cerr << (settings_.program + ": rank " + std::to_string(world_.rank()) +
                ": rank 0 not heard from for " +
                std::to_string(
                    std::chrono::duration_cast<std::chrono::seconds>(settings_.lease).count()) +
                " s; leaving the run\n");
  return true;
}

Outcome WorkerLink::refuse(const std::string& error) {
  outbox_.send(0, kSetupFailed, error);
  // Units rank 0 sent meanwhile are dropped.
  Backoff backoff;
  for (bool stopped = false; !stopped;) {
    while (auto message = inbox_.next()) {
      heard_from_rank0();
      if (message->tag == kStop) stopped = true;
    }
    if (!stopped && rank0_silent()) return {2, false};
    outbox_.poll();
    if (!stopped) std::this_thread::sleep_for(backoff.next());
  }
  return {0, say_goodbye()};
}

bool WorkerLink::say_goodbye() {
  outbox_.send(0, kBye, 0);
  const auto limit = std::chrono::steady_clock::now() + 2 * kGoodbyeLimit;
  Backoff backoff;
  while (std::chrono::steady_clock::now() < limit) {
    outbox_.poll();
    while (auto message = inbox_.next())
      if (message->tag == kRelease) return message->read<int>() == 1;
    std::this_thread::sleep_for(backoff.next());
  }
  return false;
}

}  // namespace triad::cluster::mpi
