// The match's worker rank (see mpi_worker.h): game-slot threads take units from a small
// in-memory queue; the MPI runtime's worker, on this rank's main thread, feeds the queue and
// sends the finished units.
#include "tournament/mpi_worker.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "cluster/mpi/worker.h"
#include "runner/signal_watcher.h"
#include "tournament/mpi_units.h"

namespace triad::tournament::mpi {

namespace {

using Clock = std::chrono::steady_clock;

class MatchWorker {
 public:
  using Unit = std::int64_t;
  using Result = UnitResult;

  MatchWorker(int rank, const TournamentConfig& config, const Schedule& schedule,
              const GameFactory& factory)
      : config_(config), schedule_(schedule), factory_(factory) {
    for (int i = 0; i < config_.concurrency; ++i) {
      std::string name = "r";  // engine logs r<rank>-<slot>
      name += std::to_string(rank);
      name += '-';
      name += std::to_string(i + 1);
      slots_.emplace_back([this, name] { play(name); });
    }
  }
  ~MatchWorker() { stop(); }
  MatchWorker(const MatchWorker&) = delete;
  MatchWorker& operator=(const MatchWorker&) = delete;

  void submit(std::vector<std::int64_t> units) {
    std::lock_guard lock(mutex_);
    units_.insert(units_.end(), units.begin(), units.end());
    units_ready_.notify_all();
  }
  std::vector<UnitResult> take_finished(std::chrono::microseconds wait, std::size_t enough) {
    std::unique_lock lock(mutex_);
    enough_ = enough;
    results_ready_.wait_for(lock, wait,
                            [&] { return finished_.size() >= enough || !failures_.empty(); });
    std::vector<UnitResult> out(std::make_move_iterator(finished_.begin()),
                                std::make_move_iterator(finished_.end()));
    finished_.clear();
    return out;
  }
  std::vector<std::string> take_failures() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out(failures_.begin(), failures_.end());
    failures_.clear();
    return out;
  }
  // Units queued or being played.
  int held() {
    std::lock_guard lock(mutex_);
    return static_cast<int>(units_.size()) + playing_;
  }
  // Enough units for kPrefetch of play per slot, from the recent time per unit.
  int target() const {
    const double per_unit = std::max(unit_seconds_.load(), 1e-6);
    const double per_slot = std::chrono::duration<double>(kPrefetch).count() / per_unit;
    return config_.concurrency *
           static_cast<int>(std::clamp<double>(per_slot, kMinUnitsPerSlot, kMaxUnitsPerSlot));
  }
  int slots() const { return config_.concurrency; }
  bool interrupted() const { return signalled_; }
  void stop() {
    stop_playing();
    for (auto& s : slots_) s.join();
    slots_.clear();
  }

  // From the signal thread: stop playing at once (rank 0 is told).
  void interrupt() {
    signalled_ = true;
    stop_playing();
  }
  void kill_engines() { cancel_->kill_all(); }

 private:
  void play(const std::string& name);
  void stop_playing() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    cancel_->cancel();
    units_ready_.notify_all();
  }

  const TournamentConfig& config_;
  const Schedule& schedule_;
  const GameFactory& factory_;
  std::shared_ptr<protocol::CancelSignal> cancel_ = std::make_shared<protocol::CancelSignal>();
  std::atomic<bool> stop_{false};
  std::atomic<bool> signalled_{false};
  std::mutex mutex_;  // guards the queues
  std::condition_variable units_ready_;
  std::condition_variable results_ready_;
  std::deque<std::int64_t> units_;
  std::deque<UnitResult> finished_;
  std::deque<std::string> failures_;
  int playing_ = 0;  // units being played
  // Finished units worth waking the MPI thread for before its tick (a wake-up per unit
  // would cost more than a quick game).
  std::size_t enough_ = 1;
  // Recent seconds per unit (a moving average; "slow" until the first unit is timed).
  std::atomic<double> unit_seconds_{1.0};
  std::vector<std::thread> slots_;
};

void MatchWorker::play(const std::string& name) {
  GameSlot slot(config_, schedule_, factory_, name, cancel_, &stop_);
  for (;;) {
    UnitResult result;
    {
      std::unique_lock lock(mutex_);
      units_ready_.wait(lock, [this] { return stop_ || !units_.empty(); });
      if (stop_) return;
      result.unit = units_.front();
      units_.pop_front();
      ++playing_;
    }
    const auto started = Clock::now();
    const auto [first, last] = schedule_.unit_games(result.unit);
    for (std::int64_t n = first; n <= last; ++n) {
      auto report = slot.play(schedule_.game(n));
      if (!report) {
        std::lock_guard lock(mutex_);
        --playing_;
        failures_.push_back(report.error().message);
        results_ready_.notify_one();
        return;
      }
      if (report->game.termination == kTermInterrupted) return;  // stopping: the unit is dropped
      result.games.push_back(std::move(*report));
      if (result.games.back().game.result == engine::GameResult::kNone) break;  // rank 0 reports it
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
    unit_seconds_ = 0.9 * unit_seconds_ + 0.1 * seconds;
    std::lock_guard lock(mutex_);
    --playing_;
    finished_.push_back(std::move(result));
    if (finished_.size() >= enough_) results_ready_.notify_one();
  }
}

}  // namespace

cluster::mpi::Outcome run_worker(const boost::mpi::communicator& world,
                                 const Result<TournamentConfig>& config,
                                 const cluster::mpi::Settings& settings,
                                 const GameFactory& factory) {
  cluster::mpi::WorkerLink link(world, settings);
  std::optional<Schedule> schedule;
  Result<void> ready = config ? Result<void>() : Result<void>(config.error());
  if (ready) {
    auto made = Schedule::create(*config, factory);
    if (made)
      schedule.emplace(std::move(*made));
    else
      ready = made.error();
  }
  if (ready) ready = check_engine_programs(*config);
  if (!ready) return link.refuse(ready.error().message);
  MatchWorker worker(world.rank(), *config, *schedule, factory);
  runner::SignalWatcher signals([&worker] { worker.interrupt(); },
                                [&worker] { worker.kill_engines(); });
  return link.serve(worker);
}

}  // namespace triad::tournament::mpi
