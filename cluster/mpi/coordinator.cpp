// Rank 0's helpers that do not depend on the unit type (see coordinator.h).
#include "cluster/mpi/coordinator.h"

#include <cstdlib>
#include <iostream>

#include "cluster/mpi/job.h"

namespace triad::cluster::mpi {

namespace detail {

void abort_job(const boost::mpi::communicator& world, const Settings& settings) {
  std::cerr << settings.program << ": a worker rank did not stop within " << kGoodbyeLimit.count()
            << " s; aborting the job\n";
  write_status_file(1);
  world.abort(1);
  std::abort();  // not reached: MPI_Abort ends this process
}

void release(Outbox& outbox, const std::vector<int>& ranks, bool finalize) {
  for (const int rank : ranks) outbox.send(rank, kRelease, finalize ? 1 : 0);
  const auto limit = Clock::now() + std::chrono::seconds(5);
  Backoff backoff;
  while (!outbox.poll() && Clock::now() < limit) std::this_thread::sleep_for(backoff.next());
}

}  // namespace detail

void stop_workers(const boost::mpi::communicator& world, const Settings& settings) {
  Outbox outbox(world);
  Inbox inbox(world, MPI_ANY_SOURCE);
  std::vector<int> ranks;
  for (int rank = 1; rank < world.size(); ++rank) {
    outbox.send(rank, kStop, 0);
    ranks.push_back(rank);
  }
  const auto limit = Clock::now() + kGoodbyeLimit;
  Backoff backoff;
  // Nothing was handed out: only greetings, wishes, setup errors and goodbyes come.
  for (int left = world.size() - 1; left > 0;) {
    outbox.poll();
    auto message = inbox.next();
    if (!message) {
      if (Clock::now() > limit) detail::abort_job(world, settings);
      std::this_thread::sleep_for(backoff.next());
      continue;
    }
    if (message->tag == kBye) --left;
  }
  detail::release(outbox, ranks, true);
}

}  // namespace triad::cluster::mpi
