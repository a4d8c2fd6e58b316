// The match's rank 0 (see mpi_coordinator.h): what a unit is, what committing means, and the
// per-worker summary; the loop, the liveness rule and the goodbyes are the MPI runtime's.
#include "tournament/mpi_coordinator.h"

#include <iomanip>
#include <map>
#include <ostream>
#include <vector>

#include "cluster/mpi/coordinator.h"
#include "runner/command_line.h"
#include "tournament/match_run.h"
#include "tournament/mpi_units.h"

namespace triad::tournament::mpi {

namespace {

using cluster::Clock;
using cluster::mpi::WorkerInfo;

// How often rank 0 flushes its progress lines: a write per line (mpirun hands the ranks a
// terminal, which is line-buffered) cost more than a quick game.
constexpr std::chrono::milliseconds kProgressFlush{100};

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

class MatchCoordinator {
 public:
  using Unit = std::int64_t;  // the unit number: every rank has the schedule
  using Result = UnitResult;

  MatchCoordinator(Tournament& match, const cluster::mpi::Settings& settings,
                   std::ostream& progress, int ranks)
      : match_(match),
        progress_(progress),
        schedule_(match.schedule()),
        run_(match, settings.lease, true),
        counts_(static_cast<std::size_t>(ranks)) {}

  cluster::Scheduler<UnitResult>& scheduler() { return run_.scheduler(); }
  Unit unit(cluster::UnitId id) const { return id; }
  void accept(const WorkerInfo& w, UnitResult result) {
    WorkerCounts counts;
    for (const auto& g : result.games) counts.add(g);
    if (run_.complete(w.rank, std::move(result)) == cluster::Verdict::kAccepted)
      counts_[static_cast<std::size_t>(w.rank)].add(counts);
  }
  void commit();
  bool stopping() const { return match_.stopping(); }
  void fail(const std::string& error) { match_.stop_with_error(error); }
  void interrupt() { match_.interrupt(); }
  void handed_out(const WorkerInfo& w, const std::vector<cluster::UnitId>& units);
  std::ostream& progress() { return progress_; }

  void print_workers(const std::vector<WorkerInfo>& workers);

 private:
  Tournament& match_;
  std::ostream& progress_;
  const Schedule& schedule_;
  MatchRun run_;
  std::vector<WorkerCounts> counts_;  // of each rank's accepted games
  Clock::time_point started_ = Clock::now();
  Clock::time_point next_flush_ = Clock::now();
};

void MatchCoordinator::commit() {
  if (auto r = run_.commit(); !r) fail(r.error().message);
  if (const auto now = Clock::now(); now >= next_flush_) {
    progress_ << std::flush;
    next_flush_ = now + kProgressFlush;
  }
}

void MatchCoordinator::handed_out(const WorkerInfo& w, const std::vector<cluster::UnitId>& units) {
  for (const auto unit : units) {
    const auto [first, last] = schedule_.unit_games(unit);
    for (std::int64_t n = first; n <= last; ++n) {
      const ScheduledGame g = schedule_.game(n);
      progress_ << "Started game " << n << " of " << schedule_.size() << " ("
                << match_.config().engines[g.engine[0]].name << " vs "
                << match_.config().engines[g.engine[1]].name << ") on " << w.who() << "\n";
    }
  }
}

void MatchCoordinator::print_workers(const std::vector<WorkerInfo>& workers) {
  const double seconds =
      std::max(1e-3, std::chrono::duration<double>(Clock::now() - started_).count());
  progress_ << "Workers:\n";
  for (std::size_t rank = 1; rank < workers.size(); ++rank) {
    const WorkerCounts& c = counts_[rank];
    progress_ << "  " << workers[rank].who() << ": " << c.games << " games, " << std::fixed
              << std::setprecision(2) << static_cast<double>(c.games) / seconds << " games/s";
    if (workers[rank].lost) progress_ << ", lost";
    for (const auto& [termination, n] : c.terminations)
      if (termination != kTermNormal) progress_ << ", " << termination << " " << n;
    if (c.engine_failures > 0) progress_ << ", engine failures " << c.engine_failures;
    progress_ << "\n";
  }
  if (run_.scheduler().requeued() > 0 || run_.scheduler().duplicates() > 0)
    progress_ << "  units given to another worker: " << run_.scheduler().requeued()
              << ", late duplicate results ignored: " << run_.scheduler().duplicates() << "\n";
}

}  // namespace

cluster::mpi::Outcome run_coordinator(const boost::mpi::communicator& world, Tournament& match,
                                      const cluster::mpi::Settings& settings,
                                      std::ostream& progress, std::ostream& errors) {
  MatchCoordinator client(match, settings, progress, world.size());
  const auto end = cluster::mpi::run_coordinator(world, client, settings);
  if (!end.setup_error.empty()) {
    errors << "triad-match: " << end.setup_error << "\n";
    return {2, end.finalize};
  }
  if (!match.stopping() && !client.scheduler().finished())
    match.stop_with_error("every worker rank left or was lost before the end of the match");
  client.print_workers(end.workers);
  if (auto r = match.finish(); !r) {
    errors << "triad-match: " << r.error().message << "\n";
    return {1, end.finalize};
  }
  // Interrupted: 130, as triad-datagen -mpi and triad-analyse -mpi end (triad-mpi-run(6)).
  return {runner::ended_status(match.interrupted(), client.scheduler().finished()), end.finalize};
}

}  // namespace triad::tournament::mpi
