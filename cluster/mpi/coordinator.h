// Rank 0 of a distributed run, for any kind of work unit: takes in worker messages (sleeping
// while there are none, see Backoff), lets the program commit what is ready, hands out units
// to workers that want them, sends heartbeats, and presumes lost the workers the scheduler's
// liveness rule names (Scheduler::expire): their units go to other workers. At the end it
// stops every worker (kStop -> kBye -> kRelease, cluster/mpi/protocol.h).
//
// The program (the Client) keeps the scheduler and says what a unit is and what committing
// means; see CoordinatorClient. triad-match (tournament/mpi_run.cpp), triad-analyse
// (analysis/mpi_run.cpp) and triad-datagen (datagen/mpi_run.cpp) are its clients.
#pragma once

#include <concepts>
#include <ostream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <boost/mpi/communicator.hpp>

#include "cluster/mpi/mailbox.h"
#include "cluster/mpi/protocol.h"
#include "cluster/scheduler.h"

namespace triad::cluster::mpi {

// What rank 0 knows of a worker rank.
struct WorkerInfo {
  int rank = 0;
  std::string host = "?";
  bool gone = false;  // said kBye
  bool lost = false;  // presumed dead (silent for a lease): gets no more units
  int wanted = 0;     // units it asked for and has not been given

  // "rank 2 (host)", for messages.
  std::string who() const { return "rank " + std::to_string(rank) + " (" + host + ")"; }
};

// How the coordinator's loop ended.
struct CoordinatorEnd {
  std::string setup_error;          // "rank 2 (host): why": the first worker that could not start
  bool finalize = true;             // no worker was lost: MPI_Finalize is safe
  bool out_of_workers = false;      // every worker left or was lost before the end
  std::vector<WorkerInfo> workers;  // by rank (0 unused)
};

// What rank 0's program provides. `accept` gets a worker's finished unit (it hands it to
// scheduler().complete()); `commit` takes what is ready from the scheduler, in unit order;
// `stopping` ends the loop (an error, a decision, an interrupt); `fail` is a worker's error
// during the run ("rank 2 (host): why"), `interrupt` a worker's SIGINT/SIGTERM; `handed_out`
// tells of units sent to a worker; `progress` takes the "Lost rank ..." lines.
template <class C>
concept CoordinatorClient = requires(C& c, const WorkerInfo& w, typename C::Result result,
                                     const std::string& text, const std::vector<UnitId>& units) {
  typename C::Unit;
  { c.scheduler() } -> std::same_as<Scheduler<typename C::Result>&>;
  { c.unit(UnitId{}) } -> std::convertible_to<typename C::Unit>;
  c.accept(w, std::move(result));
  c.commit();
  { c.stopping() } -> std::convertible_to<bool>;
  c.fail(text);
  c.interrupt();
  c.handed_out(w, units);
  { c.progress() } -> std::convertible_to<std::ostream&>;
};

namespace detail {

// Ends the job when a worker of a run that never started does not stop within kGoodbyeLimit
// (MPI_Abort).
[[noreturn]] void abort_job(const boost::mpi::communicator& world, const Settings& settings);
// The last step of the end: kRelease to every rank in `ranks`, then a short wait for the
// messages to leave.
void release(Outbox& outbox, const std::vector<int>& ranks, bool finalize);

template <CoordinatorClient Client>
class Coordinator {
 public:
  using Result = typename Client::Result;

  Coordinator(const boost::mpi::communicator& world, Client& client, const Settings& settings)
      : world_(world), client_(client), settings_(settings) {
    end_.workers.resize(static_cast<std::size_t>(world.size()));
    const auto now = Clock::now();
    for (int rank = 1; rank < world.size(); ++rank) {
      worker(rank).rank = rank;
      scheduler().renew(rank, now);  // a worker that never says hello is lost after a lease
    }
  }

  CoordinatorEnd run() {
    Backoff backoff;
    auto next_check = Clock::now() + std::chrono::seconds(1);
    auto next_heartbeat = Clock::now();
    while (!client_.stopping() && !scheduler().finished() && end_.setup_error.empty() &&
           workers_left()) {
      bool busy = false;
      for (int i = 0; i < 256 && receive(); ++i) busy = true;
      client_.commit();
      hand_out();
      outbox_.poll();
      const auto now = Clock::now();
      if (now >= next_check) {
        find_lost_workers();
        next_check = now + std::chrono::seconds(1);
      }
      if (now >= next_heartbeat) {
        for (int rank = 1; rank < world_.size(); ++rank)
          if (!worker(rank).gone && !worker(rank).lost) outbox_.send(rank, kAlive, 0);
        next_heartbeat = now + heartbeat_period(settings_);
      }
      if (busy)
        backoff.reset();
      else
        std::this_thread::sleep_for(backoff.next());
    }
    end_.out_of_workers = !workers_left() && !scheduler().finished();
    end_.finalize = say_goodbye();
    return end_;
  }

 private:
  Scheduler<Result>& scheduler() { return client_.scheduler(); }
  WorkerInfo& worker(int rank) { return end_.workers[static_cast<std::size_t>(rank)]; }
  bool workers_left() {
    for (int rank = 1; rank < world_.size(); ++rank)
      if (!worker(rank).gone && !worker(rank).lost) return true;
    return false;
  }

  // Takes in one message; false if nothing was waiting.
  bool receive() {
    auto message = inbox_.next();
    if (!message) return false;
    WorkerInfo& w = worker(message->source);
    if (!w.lost && !w.gone) scheduler().renew(w.rank, Clock::now());
    switch (message->tag) {
      case kHello:
        w.host = message->read<std::string>();
        break;
      case kReport: {
        auto report = message->read<Report<Result>>();
        if (!w.lost && !w.gone) w.wanted += report.want;
        // A lost worker's results still count if they are the first for their unit.
        for (auto& result : report.finished) client_.accept(w, std::move(result));
        break;
      }
      case kSetupFailed:
        if (end_.setup_error.empty())
          end_.setup_error = w.who() + ": " + message->read<std::string>();
        break;
      case kFailed:
        client_.fail(w.who() + ": " + message->read<std::string>());
        break;
      case kInterrupted:
        client_.interrupt();
        break;
      case kBye:
        w.gone = true;
        w.wanted = 0;
        scheduler().worker_lost(w.rank);
        break;
      default:  // kAlive: being heard from is all it says
        break;
    }
    return true;
  }

  void hand_out() {
    const auto now = Clock::now();
    for (int rank = 1; rank < world_.size(); ++rank) {
      WorkerInfo& w = worker(rank);
      std::vector<UnitId> ids;
      for (; w.wanted > 0 && !w.gone && !w.lost; --w.wanted) {
        const auto id = scheduler().lease(rank, now);
        if (!id) break;
        ids.push_back(*id);
      }
      if (ids.empty()) continue;
      std::vector<typename Client::Unit> units;
      units.reserve(ids.size());
      for (const auto id : ids) units.push_back(client_.unit(id));
      outbox_.send(rank, kUnits, units);
      client_.handed_out(w, ids);
    }
  }

  // The workers the scheduler presumes lost: no more units, nothing more exchanged.
  void find_lost_workers() {
    for (const auto& lost : scheduler().expire(Clock::now())) {
      WorkerInfo& w = worker(lost.worker);
      if (w.gone || w.lost) continue;
      presume_lost(w);
      client_.progress()
          << "Lost " << w.who() << ": not heard from for "
          << std::chrono::duration_cast<std::chrono::seconds>(settings_.lease).count() << " s; "
          << lost.units << " unit(s) go to other workers" << std::endl;
    }
  }
  void presume_lost(WorkerInfo& w) {
    w.lost = true;
    w.wanted = 0;
    lost_any_ = true;
    inbox_.abandon(w.rank);
    outbox_.abandon(w.rank);
  }

  // kStop to every worker, then their goodbyes, then kRelease. Returns whether this rank may
  // end with MPI_Finalize (no worker was lost).
  bool say_goodbye() {
    std::vector<int> stopped;  // workers that will say goodbye, unless lost meanwhile
    for (int rank = 1; rank < world_.size(); ++rank)
      if (!worker(rank).gone) {
        outbox_.send(rank, kStop, 0);  // a lost worker may still be alive: tell it too
        if (worker(rank).lost) outbox_.abandon(rank);
        stopped.push_back(rank);
      }
    const auto limit = Clock::now() + kGoodbyeLimit;
    Backoff backoff;
    for (auto next_check = Clock::now();;) {
      bool waiting = false;
      for (const int rank : stopped) waiting = waiting || !(worker(rank).gone || worker(rank).lost);
      if (!waiting) break;
      if (Clock::now() > limit) {
        // Still running, or cut off with its host: this rank ends without it (its outputs
        // are complete; what ends the job then is docs/cluster.md's "A job that always ends").
        for (const int rank : stopped)
          if (!(worker(rank).gone || worker(rank).lost)) {
            presume_lost(worker(rank));
            client_.progress() << "Lost " << worker(rank).who() << ": did not stop within "
                               << kGoodbyeLimit.count() << " s" << std::endl;
          }
        break;
      }
      if (Clock::now() >= next_check) {
        find_lost_workers();
        next_check = Clock::now() + std::chrono::seconds(1);
      }
      outbox_.poll();
      if (receive())
        backoff.reset();
      else
        std::this_thread::sleep_for(backoff.next());
    }
    std::vector<int> leaving;
    for (const int rank : stopped)
      if (worker(rank).gone) leaving.push_back(rank);
    release(outbox_, leaving, !lost_any_);
    return !lost_any_;
  }

  const boost::mpi::communicator& world_;
  Client& client_;
  const Settings& settings_;
  Inbox inbox_{world_, MPI_ANY_SOURCE};
  Outbox outbox_{world_};
  CoordinatorEnd end_;
  bool lost_any_ = false;
};

}  // namespace detail

// Runs rank 0's part until the scheduler is finished, the client stops, a worker cannot
// start or no worker is left; then stops every worker.
template <CoordinatorClient Client>
CoordinatorEnd run_coordinator(const boost::mpi::communicator& world, Client& client,
                               const Settings& settings) {
  return detail::Coordinator<Client>(world, client, settings).run();
}

// Stops every worker of a run that cannot start on rank 0 and waits for their goodbyes.
void stop_workers(const boost::mpi::communicator& world, const Settings& settings);

}  // namespace triad::cluster::mpi
