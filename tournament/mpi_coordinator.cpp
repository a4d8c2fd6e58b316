// The scheduling rank's loop: probe for worker messages (sleeping while there are none, see
// Backoff), commit what is ready, hand out units to workers that want them, take back the
// leases of silent workers.
#include "tournament/mpi_coordinator.h"

#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <map>
#include <ostream>
#include <vector>

#include "cluster/scheduler.h"
#include "tournament/mpi_protocol.h"

namespace triad::tournament::mpi {

namespace {

using cluster::Clock;

// How long rank 0 waits for the workers' goodbyes after kStop before aborting the job.
constexpr std::chrono::seconds kGoodbyeLimit{30};

[[noreturn]] void abort_job(const boost::mpi::communicator& world) {
  std::cerr << "triad-match: a worker rank did not stop within " << kGoodbyeLimit.count()
            << " s; aborting the job\n";
  world.abort(1);
  std::abort();  // not reached: MPI_Abort ends this process
}

struct WorkerState {
  std::string host = "?";
  int wanted = 0;     // units it asked for and has not been given
  bool gone = false;  // said kBye
  std::int64_t games = 0;
  std::map<std::string, std::int64_t> terminations;  // of its accepted games
};

class Coordinator {
 public:
  Coordinator(const boost::mpi::communicator& world, Tournament& match, std::ostream& progress)
      : world_(world),
        match_(match),
        progress_(progress),
        schedule_(match.schedule()),
        scheduler_(schedule_.units(), {kLease, cluster::SchedulerLimits().max_waiting},
                   [this](cluster::UnitId u) { return unit_done(u); }),
        workers_(static_cast<std::size_t>(world.size())) {}

  int run(std::ostream& errors);

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
  // Receives one message; false if nothing was waiting.
  bool receive();
  void commit();
  void hand_out();
  void say_goodbye();
  void print_workers();

  const boost::mpi::communicator& world_;
  Tournament& match_;
  std::ostream& progress_;
  const Schedule& schedule_;
  cluster::Scheduler<UnitResult> scheduler_;
  std::vector<WorkerState> workers_;  // by rank (0 unused)
  std::string setup_error_;           // the first worker that could not start
  Clock::time_point started_ = Clock::now();
};

bool Coordinator::receive() {
  auto status = world_.iprobe(boost::mpi::any_source, boost::mpi::any_tag);
  if (!status) return false;
  const int from = status->source();
  WorkerState& w = worker(from);
  std::string text;
  int number = 0;
  switch (status->tag()) {
    case kHello:
      world_.recv(from, kHello, w.host);
      break;
    case kReport: {
      Report report;
      world_.recv(from, kReport, report);
      scheduler_.renew(from, Clock::now());
      w.wanted += report.want;
      for (auto& result : report.finished) {
        std::vector<FinishedGame> games;
        for (const auto& g : result.games) games.push_back(g.game);
        if (scheduler_.complete(from, result.unit, std::move(result)) !=
            cluster::Verdict::kAccepted)
          continue;
        for (const auto& g : games) {
          ++w.games;
          ++w.terminations[g.termination];
        }
      }
      break;
    }
    case kAlive:
      world_.recv(from, kAlive, number);
      scheduler_.renew(from, Clock::now());
      break;
    case kSetupFailed:
      world_.recv(from, kSetupFailed, text);
      if (setup_error_.empty()) setup_error_ = who(from) + ": " + text;
      break;
    case kFailed:
      world_.recv(from, kFailed, text);
      match_.stop_with_error(who(from) + ": " + text);
      break;
    case kInterrupted:
      world_.recv(from, kInterrupted, number);
      match_.interrupt();
      break;
    case kBye:
      world_.recv(from, kBye, number);
      w.gone = true;
      w.wanted = 0;
      scheduler_.worker_lost(from);
      break;
    default:  // not ours: take it off the queue
      world_.recv(from, status->tag());
      break;
  }
  return true;
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
    for (; w.wanted > 0 && !w.gone; --w.wanted) {
      const auto unit = scheduler_.lease(rank, now);
      if (!unit) break;
      units.push_back(*unit);
    }
    if (units.empty()) continue;
    world_.send(rank, kUnits, units);
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

int Coordinator::run(std::ostream& errors) {
  mpi::Backoff backoff;
  auto next_expiry = Clock::now() + std::chrono::seconds(1);
  auto workers_left = [this] {
    for (int rank = 1; rank < world_.size(); ++rank)
      if (!worker(rank).gone) return true;
    return false;
  };
  while (!match_.stopping() && !scheduler_.finished() && setup_error_.empty() && workers_left()) {
    bool busy = false;
    for (int i = 0; i < 256 && receive(); ++i) busy = true;
    commit();
    hand_out();
    if (busy) progress_ << std::flush;
    if (Clock::now() >= next_expiry) {
      scheduler_.expire(Clock::now());
      next_expiry = Clock::now() + std::chrono::seconds(1);
    }
    if (busy)
      backoff.reset();
    else
      std::this_thread::sleep_for(backoff.next());
  }
  say_goodbye();
  if (!setup_error_.empty()) {
    errors << "triad-match: " << setup_error_ << "\n";
    return 2;
  }
  if (!match_.stopping() && !scheduler_.finished())
    match_.stop_with_error("every worker rank left before the end of the match");
  print_workers();
  if (auto r = match_.finish(); !r) {
    errors << "triad-match: " << r.error().message << "\n";
    return 1;
  }
  return 0;
}

void Coordinator::say_goodbye() {
  for (int rank = 1; rank < world_.size(); ++rank)
    if (!worker(rank).gone) world_.send(rank, kStop, 0);
  const auto limit = Clock::now() + kGoodbyeLimit;
  mpi::Backoff backoff;
  for (;;) {
    bool waiting = false;
    for (int rank = 1; rank < world_.size(); ++rank) waiting = waiting || !worker(rank).gone;
    if (!waiting) return;
    if (Clock::now() > limit) {
      progress_ << std::flush;
      abort_job(world_);
    }
    if (receive())
      backoff.reset();
    else
      std::this_thread::sleep_for(backoff.next());
  }
}

void Coordinator::print_workers() {
  const double seconds =
      std::max(1e-3, std::chrono::duration<double>(Clock::now() - started_).count());
  progress_ << "Workers:\n";
  for (int rank = 1; rank < world_.size(); ++rank) {
    const WorkerState& w = worker(rank);
    progress_ << "  " << who(rank) << ": " << w.games << " games, " << std::fixed
              << std::setprecision(2) << static_cast<double>(w.games) / seconds << " games/s";
    for (const auto& [termination, n] : w.terminations)
      if (termination != kTermNormal) progress_ << ", " << termination << " " << n;
    progress_ << "\n";
  }
  if (scheduler_.requeued() > 0 || scheduler_.duplicates() > 0)
    progress_ << "  units given to another worker: " << scheduler_.requeued()
              << ", late duplicate results ignored: " << scheduler_.duplicates() << "\n";
}

}  // namespace

int run_coordinator(const boost::mpi::communicator& world, Tournament& match,
                    std::ostream& progress, std::ostream& errors) {
  return Coordinator(world, match, progress).run(errors);
}

void stop_workers(const boost::mpi::communicator& world) {
  for (int rank = 1; rank < world.size(); ++rank) world.send(rank, kStop, 0);
  const auto limit = Clock::now() + kGoodbyeLimit;
  mpi::Backoff backoff;
  for (int left = world.size() - 1; left > 0;) {
    auto status = world.iprobe(boost::mpi::any_source, boost::mpi::any_tag);
    if (!status) {
      if (Clock::now() > limit) abort_job(world);
      std::this_thread::sleep_for(backoff.next());
      continue;
    }
    // Nothing was handed out: only greetings, wishes, setup errors and goodbyes come.
    std::string text;
    Report report;
    int number = 0;
    if (status->tag() == kHello || status->tag() == kSetupFailed)
      world.recv(status->source(), status->tag(), text);
    else if (status->tag() == kReport)
      world.recv(status->source(), status->tag(), report);
    else
      world.recv(status->source(), status->tag(), number);
    if (status->tag() == kBye) --left;
  }
}

}  // namespace triad::tournament::mpi
