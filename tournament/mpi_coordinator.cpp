// The scheduling rank's loop: take in worker messages (sleeping while there are none, see
// Backoff), commit what is ready, hand out units to workers that want them, and presume lost
// the workers not heard from for a lease (-mpilease): their units go to other workers.
#include "tournament/mpi_coordinator.h"

#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <map>
#include <ostream>
#include <vector>

#include "cluster/scheduler.h"
#include "tournament/mpi_mailbox.h"
#include "tournament/mpi_protocol.h"

namespace triad::tournament::mpi {

namespace {

using cluster::Clock;

// How often rank 0 flushes its progress lines: a write per line (mpirun hands the ranks a
// terminal, which is line-buffered) cost more than a quick game.
constexpr std::chrono::milliseconds kProgressFlush{100};

[[noreturn]] void abort_job(const boost::mpi::communicator& world) {
  std::cerr << "triad-match: a worker rank did not stop within " << kGoodbyeLimit.count()
            << " s; aborting the job\n";
  world.abort(1);
  std::abort();  // not reached: MPI_Abort ends this process
}

// The last step of the end (see mpi_protocol.h): tells every worker in `ranks` whether to
// end with MPI_Finalize, and waits a little for the messages to leave.
void release(Outbox& outbox, const std::vector<int>& ranks, bool finalize) {
  for (const int rank : ranks) outbox.send(rank, kRelease, finalize ? 1 : 0);
  const auto limit = Clock::now() + std::chrono::seconds(5);
  Backoff backoff;
  while (!outbox.poll() && Clock::now() < limit) std::this_thread::sleep_for(backoff.next());
}

// What a worker's accepted games say about its machine (printed at the end).
struct WorkerCounts {
  std::int64_t games = 0;
  std::int64_t engine_failures = 0;  // engines that crashed, hung or did not get ready
  std::map<std::string, std::int64_t> terminations;

  void add(const GameReport& report) {
    ++games;
    engine_failures += report.engine_failures;
    ++terminations[report.game.termination];
  }
  void add(const WorkerCounts& other) {
    games += other.games;
    engine_failures += other.engine_failures;
    for (const auto& [termination, n] : other.terminations) terminations[termination] += n;
  }
};

struct WorkerState {
  std::string host = "?";
  int wanted = 0;     // units it asked for and has not been given
  bool gone = false;  // said kBye
  bool lost = false;  // not heard from for a lease: presumed dead, gets no more units
  Clock::time_point last_heard = Clock::now();
  WorkerCounts counts;  // of its accepted games
};

class Coordinator {
 public:
  Coordinator(const boost::mpi::communicator& world, Tournament& match, std::ostream& progress)
      : world_(world),
        match_(match),
        progress_(progress),
        schedule_(match.schedule()),
        lease_(std::chrono::seconds(match.config().mpi_lease_seconds)),
        scheduler_(schedule_.units(), {lease_, cluster::SchedulerLimits().max_waiting},
                   [this](cluster::UnitId u) { return unit_done(u); }),
        workers_(static_cast<std::size_t>(world.size())) {}

  Outcome run(std::ostream& errors);

 private:
  bool unit_done(cluster::UnitId unit) const {
    const auto [first, last] = schedule_.unit_games(unit);
    for (std::int64_t n = first; n <= last; ++n)
      if (!match_.results().done(n)) return false;
    return true;
  }
  WorkerState& worker(int rank) { return workers_[static_cast<std::size_t>(rank)]; }
  std::string who(int rank) {
    return "rank " + std::to_string(rank) + " (" + worker(rank).host + ")";
  }
  // Takes in one message; false if nothing was waiting.
  bool receive();
  void commit();
  void hand_out();
  // Presumes lost the workers not heard from for a lease; their units go to others.
  void find_lost_workers();
  // kStop to every worker, then their goodbyes, then kRelease. Returns whether this rank may
  // end with MPI_Finalize (no worker was lost).
  bool say_goodbye();
  void print_workers();

  const boost::mpi::communicator& world_;
  Tournament& match_;
  std::ostream& progress_;
  const Schedule& schedule_;
  const std::chrono::seconds lease_;
  cluster::Scheduler<UnitResult> scheduler_;
  Inbox inbox_{world_, MPI_ANY_SOURCE};
  Outbox outbox_{world_};
  std::vector<WorkerState> workers_;  // by rank (0 unused)
  std::string setup_error_;           // the first worker that could not start
  bool lost_any_ = false;             // a worker was presumed lost
  Clock::time_point started_ = Clock::now();
};

bool Coordinator::receive() {
  auto message = inbox_.next();
  if (!message) return false;
  const int from = message->source;
  WorkerState& w = worker(from);
  w.last_heard = Clock::now();
  if (!w.lost) scheduler_.renew(from, w.last_heard);
  switch (message->tag) {
    case kHello:
      w.host = message->read<std::string>();
      break;
    case kReport: {
      auto report = message->read<Report>();
      if (!w.lost) w.wanted += report.want;
      for (auto& result : report.finished) {
        WorkerCounts counts;
        for (const auto& g : result.games) counts.add(g);
        // A lost worker's results still count if they are the first for their unit.
        if (scheduler_.complete(from, result.unit, std::move(result)) ==
            cluster::Verdict::kAccepted)
          w.counts.add(counts);
      }
      break;
    }
    case kSetupFailed:
      if (setup_error_.empty()) setup_error_ = who(from) + ": " + message->read<std::string>();
      break;
    case kFailed:
      match_.stop_with_error(who(from) + ": " + message->read<std::string>());
      break;
    case kInterrupted:
      match_.interrupt();
      break;
    case kBye:
      w.gone = true;
      w.wanted = 0;
      scheduler_.worker_lost(from);
      break;
    default:  // kAlive: being heard from is all it says
      break;
  }
  return true;
}

void Coordinator::find_lost_workers() {
  const auto now = Clock::now();
  for (int rank = 1; rank < world_.size(); ++rank) {
    WorkerState& w = worker(rank);
    if (w.gone || w.lost || now - w.last_heard < lease_) continue;
    w.lost = true;
    w.wanted = 0;
    lost_any_ = true;
    const auto units = scheduler_.worker_lost(rank);
    inbox_.abandon(rank);
    outbox_.abandon(rank);
    progress_ << "Lost " << who(rank) << ": not heard from for " << lease_.count() << " s; "
              << units << " unit(s) go to other workers" << std::endl;
  }
}

void Coordinator::commit() {
  bool committed = false;
  while (!match_.stopping()) {
    auto ready = scheduler_.next_ready();
    if (!ready) break;
    for (const auto& report : ready->second.games) {
      if (match_.results().done(report.game.number)) continue;  // by a resumed run already
      match_.record(report, true);
      committed = true;
      if (match_.stopping()) break;
    }
  }
  // One resume state for everything committed in this pass (records are appended first; a
  // run killed in between cuts them off and plays those units again, see ResumeState).
  if (committed) match_.end_batch();
}

void Coordinator::hand_out() {
  const auto now = Clock::now();
  for (int rank = 1; rank < world_.size(); ++rank) {
    WorkerState& w = worker(rank);
    std::vector<std::int64_t> units;
    for (; w.wanted > 0 && !w.gone && !w.lost; --w.wanted) {
      const auto unit = scheduler_.lease(rank, now);
      if (!unit) break;
      units.push_back(*unit);
    }
    if (units.empty()) continue;
    outbox_.send(rank, kUnits, units);
    for (const auto unit : units) {
      const auto [first, last] = schedule_.unit_games(unit);
      for (std::int64_t n = first; n <= last; ++n) {
        const ScheduledGame g = schedule_.game(n);
        progress_ << "Started game " << n << " of " << schedule_.size() << " ("
                  << match_.config().engines[g.engine[0]].name << " vs "
                  << match_.config().engines[g.engine[1]].name << ") on " << who(rank) << "\n";
      }
    }
  }
}

Outcome Coordinator::run(std::ostream& errors) {
  mpi::Backoff backoff;
  auto next_check = Clock::now() + std::chrono::seconds(1);
  auto workers_left = [this] {
    for (int rank = 1; rank < world_.size(); ++rank)
      if (!worker(rank).gone && !worker(rank).lost) return true;
    return false;
  };
  auto next_flush = Clock::now();
  auto next_heartbeat = Clock::now();
  while (!match_.stopping() && !scheduler_.finished() && setup_error_.empty() && workers_left()) {
    bool busy = false;
    for (int i = 0; i < 256 && receive(); ++i) busy = true;
    commit();
    hand_out();
    outbox_.poll();
    const auto now = Clock::now();
    if (now >= next_flush) {
      progress_ << std::flush;
      next_flush = now + kProgressFlush;
    }
    if (now >= next_check) {
      find_lost_workers();
      next_check = now + std::chrono::seconds(1);
    }
    if (now >= next_heartbeat) {
      for (int rank = 1; rank < world_.size(); ++rank)
        if (!worker(rank).gone && !worker(rank).lost) outbox_.send(rank, kAlive, 0);
      next_heartbeat = now + heartbeat_period(match_.config());
    }
    if (busy)
      backoff.reset();
    else
      std::this_thread::sleep_for(backoff.next());
  }
  const bool finalize = say_goodbye();
  if (!setup_error_.empty()) {
    errors << "triad-match: " << setup_error_ << "\n";
    return {2, finalize};
  }
  if (!match_.stopping() && !scheduler_.finished())
    match_.stop_with_error("every worker rank left or was lost before the end of the match");
  print_workers();
  if (auto r = match_.finish(); !r) {
    errors << "triad-match: " << r.error().message << "\n";
    return {1, finalize};
  }
  return {0, finalize};
}

bool Coordinator::say_goodbye() {
  std::vector<int> stopped;  // workers that will say goodbye, unless lost meanwhile
  for (int rank = 1; rank < world_.size(); ++rank)
    if (!worker(rank).gone) {
      outbox_.send(rank, kStop, 0);  // a lost worker may still be alive: tell it too
      if (worker(rank).lost) outbox_.abandon(rank);
      stopped.push_back(rank);
    }
  const auto limit = Clock::now() + kGoodbyeLimit;
  mpi::Backoff backoff;
  for (auto next_check = Clock::now();;) {
    bool waiting = false;
    for (const int rank : stopped) waiting = waiting || !(worker(rank).gone || worker(rank).lost);
    if (!waiting) break;
    if (Clock::now() > limit) {
      progress_ << std::flush;
      abort_job(world_);
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

void Coordinator::print_workers() {
  const double seconds =
      std::max(1e-3, std::chrono::duration<double>(Clock::now() - started_).count());
  progress_ << "Workers:\n";
  for (int rank = 1; rank < world_.size(); ++rank) {
    const WorkerState& w = worker(rank);
    progress_ << "  " << who(rank) << ": " << w.counts.games << " games, " << std::fixed
              << std::setprecision(2) << static_cast<double>(w.counts.games) / seconds
              << " games/s";
    if (w.lost) progress_ << ", lost";
    for (const auto& [termination, n] : w.counts.terminations)
      if (termination != kTermNormal) progress_ << ", " << termination << " " << n;
    if (w.counts.engine_failures > 0) progress_ << ", engine failures " << w.counts.engine_failures;
    progress_ << "\n";
  }
  if (scheduler_.requeued() > 0 || scheduler_.duplicates() > 0)
    progress_ << "  units given to another worker: " << scheduler_.requeued()
              << ", late duplicate results ignored: " << scheduler_.duplicates() << "\n";
}

}  // namespace

Outcome run_coordinator(const boost::mpi::communicator& world, Tournament& match,
                        std::ostream& progress, std::ostream& errors) {
  return Coordinator(world, match, progress).run(errors);
}

void stop_workers(const boost::mpi::communicator& world) {
  Outbox outbox(world);
  Inbox inbox(world, MPI_ANY_SOURCE);
  std::vector<int> ranks;
  for (int rank = 1; rank < world.size(); ++rank) {
    outbox.send(rank, kStop, 0);
    ranks.push_back(rank);
  }
  const auto limit = Clock::now() + kGoodbyeLimit;
  mpi::Backoff backoff;
  // Nothing was handed out: only greetings, wishes, setup errors and goodbyes come.
  for (int left = world.size() - 1; left > 0;) {
    outbox.poll();
    auto message = inbox.next();
    if (!message) {
      if (Clock::now() > limit) abort_job(world);
      std::this_thread::sleep_for(backoff.next());
      continue;
    }
    if (message->tag == kBye) --left;
  }
  release(outbox, ranks, true);
}

}  // namespace triad::tournament::mpi
