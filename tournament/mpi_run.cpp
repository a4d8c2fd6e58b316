// A distributed match (triad-match -mpi) on the run driver (runner/distributed_run.h): rank
// 0's Run is the prepared Tournament with its MatchRun (units are one opening's games,
// committed in unit order: records in game-number order, statistics, SPRT, resume state),
// plus what the match tells of its workers (each one's games, games/s and terminations);
// ranks 1..N-1 play (tournament/mpi_worker.h).
#include "tournament/mpi_run.h"

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <vector>

#include "runner/distributed_run.h"
#include "tournament/match_run.h"
#include "tournament/mpi_units.h"
#include "tournament/mpi_worker.h"
#include "tournament/tournament.h"

namespace triad::tournament::mpi {

namespace {

using cluster::Clock;
using cluster::mpi::WorkerInfo;

// How often rank 0 flushes its progress lines (standard output is fully buffered: a write
// per line cost more than a quick game).
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

class DistributedMatch {
 public:
  DistributedMatch(const TournamentConfig& config, const GameFactory& factory)
      : match_(config, factory, std::cout) {}

  // The match prepared (outputs checked, schedule made) and its scheduler.
  Result<void> prepare() {
    if (auto r = match_.prepare(); !r) return r;
    run_.emplace(match_, std::chrono::seconds(match_.config().mpi_lease_seconds), true);
    return {};
  }

  cluster::Scheduler<UnitResult>& scheduler() { return run_->scheduler(); }
  cluster::UnitId unit(cluster::UnitId id) const { return id; }
  // A worker that played other openings than rank 0's (another file at the same path).
  std::string refusal(const UnitResult& result) const {
    if (result.openings_digest == match_.schedule().openings_digest()) return "";
    return "read other files than rank 0 at the same paths (its -openings file has other "
           "lines); every rank must read the same -openings";
  }
  Result<void> accept(cluster::WorkerId worker, UnitResult result) {
    WorkerCounts counts;
    for (const auto& g : result.games) counts.add(g);
    if (run_->complete(worker, std::move(result)) == cluster::Verdict::kAccepted)
      counts_[worker].add(counts);
    return {};
  }
  Result<void> commit() {
    auto r = run_->commit();
    flush_now_and_then();
    return r;
  }
  bool finished() const { return run_->finished(); }
  bool stopping() const { return match_.stopping(); }
  std::ostream& progress() { return std::cout; }

  void handed_out(const WorkerInfo& w, const std::vector<cluster::UnitId>& units) {
    const Schedule& schedule = match_.schedule();
    for (const auto unit : units) {
      const auto [first, last] = schedule.unit_games(unit);
      for (std::int64_t n = first; n <= last; ++n) {
        const ScheduledGame g = schedule.game(n);
        std::cout << "Started game " << n << " of " << schedule.size() << " ("
                  << match_.config().engines[g.engine[0]].name << " vs "
                  << match_.config().engines[g.engine[1]].name << ") on " << w.who() << "\n";
      }
    }
    flush_now_and_then();  // the first games' lines come out before any game ends
  }

  // Standings, summary and files; a signal (rank 0's or a worker's) is the match's stop reason.
  Result<void> finish(std::ostream&, bool interrupted) {
    if (interrupted) match_.interrupt();
    return match_.finish();
  }

  void report_workers(std::ostream& out, const std::vector<WorkerInfo>& workers) const {
    const double seconds =
        std::max(1e-3, std::chrono::duration<double>(Clock::now() - started_).count());
    out << "Workers:\n";
    for (std::size_t rank = 1; rank < workers.size(); ++rank) {
      const auto found = counts_.find(static_cast<cluster::WorkerId>(rank));
      const WorkerCounts c = found == counts_.end() ? WorkerCounts{} : found->second;
      out << "  " << workers[rank].who() << ": " << c.games << " games, " << std::fixed
          << std::setprecision(2) << static_cast<double>(c.games) / seconds << " games/s";
      if (workers[rank].lost) out << ", lost";
      for (const auto& [termination, n] : c.terminations)
        if (termination != kTermNormal) out << ", " << termination << " " << n;
      if (c.engine_failures > 0) out << ", engine failures " << c.engine_failures;
      out << "\n";
    }
    const auto& scheduler = run_->scheduler();
    if (scheduler.requeued() > 0 || scheduler.duplicates() > 0)
      out << "  units given to another worker: " << scheduler.requeued()
          << ", late duplicate results ignored: " << scheduler.duplicates() << "\n";
    out << std::flush;
  }

 private:
  Tournament match_;
  std::optional<MatchRun> run_;                       // made by prepare()
  std::map<cluster::WorkerId, WorkerCounts> counts_;  // of each rank's accepted games
  Clock::time_point started_ = Clock::now();
  Clock::time_point next_flush_ = Clock::now();

  void flush_now_and_then() {
    if (const auto now = Clock::now(); now >= next_flush_) {
      std::cout << std::flush;
      next_flush_ = now + kProgressFlush;
    }
  }
};

}  // namespace

int run_distributed(int argc, char** argv, const Result<TournamentConfig>& config,
                    const GameFactory& factory) {
  runner::DistributedNames names{"triad-match", "play", "games", "match"};
  names.progress_on_stdout = true;
  const auto worker = [&](const boost::mpi::communicator& world,
                          const cluster::mpi::Settings& settings) {
    return run_worker(world, config, settings, factory);
  };
  const auto prepare =
      [&factory](const TournamentConfig& c) -> Result<std::unique_ptr<DistributedMatch>> {
    auto match = std::make_unique<DistributedMatch>(c, factory);
    if (auto r = match->prepare(); !r) return r.error();
    return match;
  };
  return runner::run_distributed(argc, argv, names, config, worker, prepare);
}

}  // namespace triad::tournament::mpi
