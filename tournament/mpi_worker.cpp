// The worker rank: one MPI thread (this rank's only caller of MPI) talks to rank 0 and hands
// units to the game-slot threads through a small in-memory queue.
#include "tournament/mpi_worker.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <boost/mpi/environment.hpp>

#include "tournament/mpi_mailbox.h"
#include "tournament/mpi_protocol.h"
#include "tournament/signal_watcher.h"

namespace triad::tournament::mpi {

namespace {

using Clock = std::chrono::steady_clock;

// After kStop, with this rank's engines stopped: kBye, then rank 0's kRelease. Returns
// whether to end with MPI_Finalize (no: a rank was lost, or rank 0 did not answer).
bool say_goodbye(Inbox& inbox, Outbox& outbox) {
  outbox.send(0, kBye, 0);
  const auto limit = Clock::now() + 2 * kGoodbyeLimit;
  Backoff backoff;
  while (Clock::now() < limit) {
    outbox.poll();
    while (auto message = inbox.next())
      if (message->tag == kRelease) return message->read<int>() == 1;
    std::this_thread::sleep_for(backoff.next());
  }
  return false;
}

class Worker {
 public:
  Worker(const boost::mpi::communicator& world, Inbox& inbox, Outbox& outbox,
         const TournamentConfig& config, const Schedule& schedule, const GameFactory& factory)
      : world_(world),
        inbox_(inbox),
        outbox_(outbox),
        config_(config),
        schedule_(schedule),
        factory_(factory) {}

  // Plays until kStop (or until rank 0 is presumed dead).
  Outcome run();
  // From the signal thread: stop playing at once and tell rank 0.
  void interrupt() {
    signalled_ = true;
    stop_playing();
  }
  void kill_engines() { cancel_->kill_all(); }

 private:
  void play(int slot_id);
  void stop_playing() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    cancel_->cancel();
    units_ready_.notify_all();
  }
  // Sends what the slots finished and asks for more units; true if anything was finished.
  bool send_report();
  // Units to ask rank 0 for now.
  int wanted() const;

  const boost::mpi::communicator& world_;
  Inbox& inbox_;
  Outbox& outbox_;
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
  std::size_t flush_at_ = 1;
  // Recent seconds per unit (a moving average; "slow" until the first unit is timed).
  std::atomic<double> unit_seconds_{1.0};
  // The MPI thread's own counts: units held (queued or playing) at the last report, and
  // units asked for that have not come yet.
  int held_ = 0;
  int requested_ = 0;
};

// How often the MPI thread of a worker that holds units looks for messages and results.
constexpr std::chrono::milliseconds kTick{1};

void Worker::play(int slot_id) {
  GameSlot slot(config_, schedule_, factory_,
                "r" + std::to_string(world_.rank()) + "-" + std::to_string(slot_id), cancel_,
                &stop_);
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
    if (finished_.size() >= flush_at_) results_ready_.notify_one();
  }
}

int Worker::wanted() const {
  // Enough units for kPrefetch of play per slot, from the recent time per unit.
  const double per_unit = std::max(unit_seconds_.load(), 1e-6);
  const double per_slot = std::chrono::duration<double>(kPrefetch).count() / per_unit;
  const int target = config_.concurrency * static_cast<int>(std::clamp<double>(
                                               per_slot, kMinUnitsPerSlot, kMaxUnitsPerSlot));
  return std::max(0, target - held_ - requested_);
}

bool Worker::send_report() {
  Report report;
  std::deque<std::string> failures;
  {
    std::lock_guard lock(mutex_);
    report.finished.assign(std::make_move_iterator(finished_.begin()),
                           std::make_move_iterator(finished_.end()));
    finished_.clear();
    failures.swap(failures_);
    held_ = static_cast<int>(units_.size()) + playing_;
  }
  report.want = wanted();
  // A few more wanted is not worth a message of its own: they go with the next results.
  const bool worth_asking = report.want > 0 && requested_ + held_ < config_.concurrency * 2;
  if (!report.finished.empty() || worth_asking) {
    outbox_.send(0, kReport, report);
    requested_ += report.want;
  }
  for (const auto& f : failures) outbox_.send(0, kFailed, f);
  return !report.finished.empty() || !failures.empty();
}

Outcome Worker::run() {
  std::vector<std::thread> slots;
  for (int i = 0; i < config_.concurrency; ++i) slots.emplace_back([this, i] { play(i + 1); });
  Backoff backoff;
  bool told_interrupt = false;
  const auto heartbeat = heartbeat_period(config_);
  const auto lease = std::chrono::seconds(config_.mpi_lease_seconds);
  auto last_heartbeat = Clock::now();
  auto heard_from_rank0 = Clock::now();
  for (bool stopped = false; !stopped;) {
    bool busy = send_report();
    if (signalled_ && !told_interrupt) {
      outbox_.send(0, kInterrupted, 0);
      told_interrupt = true;
    }
    while (auto message = inbox_.next()) {
      busy = true;
      heard_from_rank0 = Clock::now();
      if (message->tag == kUnits) {
        const auto units = message->read<std::vector<std::int64_t>>();
        requested_ -= static_cast<int>(units.size());
        std::lock_guard lock(mutex_);
        units_.insert(units_.end(), units.begin(), units.end());
        units_ready_.notify_all();
      } else if (message->tag == kStop) {
        stopped = true;
        break;
      }
    }
    if (Clock::now() - last_heartbeat >= heartbeat) {
      outbox_.send(0, kAlive, 0);
      last_heartbeat = Clock::now();
    }
    if (Clock::now() - heard_from_rank0 >= lease) {
      std::cerr << "triad-match: rank " << world_.rank() << ": rank 0 not heard from for "
                << lease.count() << " s; leaving the run\n";
      stop_playing();
      for (auto& s : slots) s.join();
      return {1, false};
    }
    outbox_.poll();
    // While units are held, look again within kTick (sooner when a quarter of them are
    // done); with none held, sleep longer and longer (up to Backoff's limit).
    std::unique_lock lock(mutex_);
    const bool holding = !units_.empty() || playing_ > 0;
    if (busy || holding) backoff.reset();
    flush_at_ = static_cast<std::size_t>(std::max(1, held_ / 4));
    results_ready_.wait_for(lock, holding ? kTick : std::chrono::microseconds(backoff.next()),
                            [&] { return finished_.size() >= flush_at_ || !failures_.empty(); });
  }
  stop_playing();
  for (auto& s : slots) s.join();
  return {0, say_goodbye(inbox_, outbox_)};
}

// Waits for rank 0's kStop after this rank could not start (nothing else is sent).
void wait_for_stop(Inbox& inbox) {
  Backoff backoff;
  for (;;) {
    while (auto message = inbox.next())
      if (message->tag == kStop) return;
    std::this_thread::sleep_for(backoff.next());
  }
}

}  // namespace

Outcome run_worker(const boost::mpi::communicator& world, const Result<TournamentConfig>& config,
                   const GameFactory& factory) {
  Inbox inbox(world, 0);
  Outbox outbox(world);
  outbox.send(0, kHello, boost::mpi::environment::processor_name());
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
  if (!ready) {
    outbox.send(0, kSetupFailed, ready.error().message);
    wait_for_stop(inbox);
    return {0, say_goodbye(inbox, outbox)};
  }
  Worker worker(world, inbox, outbox, *config, *schedule, factory);
  SignalWatcher signals([&worker] { worker.interrupt(); }, [&worker] { worker.kill_engines(); });
  return worker.run();
}

}  // namespace triad::tournament::mpi
