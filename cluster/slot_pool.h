// The slots of one machine (or of one MPI worker rank), for any kind of work unit: one
// thread per slot computes the units it is given, in any order; the caller takes the
// finished ones back and commits them in unit order. triad-match (game slots), triad-analyse
// (engine slots) and triad-datagen (self-play slots) run their local runs and their worker
// ranks on it; it is the client of the MPI runtime's worker (cluster/mpi/worker.h).
//
// What a slot does is the program's: `make(slot)` runs on the slot's thread and returns the
// slot's Work, called for each unit. Work returns the unit's result; no value when the pool
// is stopping (the unit is dropped); an error when the slot cannot go on ("a game could
// not be set up"): the error is a failure for take_failures() and the slot's thread ends.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/core/result.h"

namespace triad::cluster {

// Units a pool holds per slot (target()): enough for `seconds` of work at the recent time
// per unit, within [min_per_slot, max_per_slot]. The default is two (one computed, one
// queued).
struct Prefetch {
  double seconds = 0;
  int min_per_slot = 2;
  int max_per_slot = 2;
};

template <class UnitT, class ResultT>
class SlotPool {
 public:
  using Unit = UnitT;
  using Result = ResultT;
  using Work = std::function<triad::Result<std::optional<Result>>(Unit&)>;
  using MakeWork = std::function<Work(int slot)>;
  // What Work returns for a unit it drops (the pool is stopping).
  static triad::Result<std::optional<Result>> dropped() { return std::optional<Result>(); }

  // `halt` ends the work in progress at once (cancels the engines' waits, stops searches);
  // it is called by stop() and interrupt(), from the caller's thread.
  explicit SlotPool(Prefetch prefetch = {}, std::function<void()> halt = {})
      : prefetch_(prefetch), halt_(std::move(halt)) {}
  ~SlotPool() { close(); }
  SlotPool(const SlotPool&) = delete;
  SlotPool& operator=(const SlotPool&) = delete;

  // Starts one more slot (numbered from 0). Throws std::system_error when the system
  // refuses the thread (the caller says which slot).
  void add_slot(MakeWork make) {
    threads_.emplace_back([this, make = std::move(make), slot = slots()] { serve(make(slot)); });
  }

  void submit(std::vector<Unit> units) {
    {
      std::lock_guard lock(mutex_);
      held_ += static_cast<int>(units.size());
      for (auto& u : units) queue_.push_back(std::move(u));
    }
    work_ready_.notify_all();
  }
  // The finished units, waiting up to `wait` until `enough` are (or a failure, or a stop).
  std::vector<Result> take_finished(std::chrono::microseconds wait, std::size_t enough) {
    std::unique_lock lock(mutex_);
    enough_ = enough;
    done_.wait_for(lock, wait,
                   [&] { return finished_.size() >= enough || !failures_.empty() || stop_; });
    std::vector<Result> out;
    out.swap(finished_);
    held_ -= static_cast<int>(out.size());
    return out;
  }
  // The errors of slots that could not go on (their units are not held any more).
  std::vector<std::string> take_failures() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    out.swap(failures_);
    return out;
  }
  // Units submitted and not taken back yet (queued, being computed, or finished).
  int held() const {
    std::lock_guard lock(mutex_);
    return held_;
  }
  // Units worth holding (see Prefetch).
  int target() const {
    const double per_unit = std::max(unit_seconds_.load(), 1e-6);
    const double per_slot = prefetch_.seconds / per_unit;
    return slots() * static_cast<int>(std::clamp<double>(per_slot, prefetch_.min_per_slot,
                                                         prefetch_.max_per_slot));
  }
  int slots() const { return static_cast<int>(threads_.size()); }
  // Set once stop() or interrupt() has begun: work in progress ends and is dropped.
  const std::atomic<bool>& stopping() const { return stop_; }

  // From a signal thread: ends the work at once, without waiting for the slots.
  void interrupt() {
    interrupted_ = true;
    halt();
  }
  bool interrupted() const { return interrupted_; }
  // Ends the work at once (units in progress are dropped) and joins the slots.
  void stop() {
    halt();
    close();
  }
  // Ends the slots once their unit in progress is done, and joins them.
  void close() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    work_ready_.notify_all();
    done_.notify_all();
    for (auto& t : threads_)
      if (t.joinable()) t.join();
  }

 private:
  void halt() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    if (halt_) halt_();
    work_ready_.notify_all();
    done_.notify_all();
  }

  void serve(const Work& work) {
    for (;;) {
      Unit unit;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [this] { return stop_ || !queue_.empty(); });
        if (stop_) return;
        unit = std::move(queue_.front());
        queue_.pop_front();
      }
      const auto started = std::chrono::steady_clock::now();
      auto result = work(unit);
      if (!result) {
        std::lock_guard lock(mutex_);
        --held_;
        failures_.push_back(result.error().message);
        done_.notify_all();
        return;
      }
      if (!*result) return;  // stopping: the unit is dropped
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      unit_seconds_ = 0.9 * unit_seconds_ + 0.1 * seconds;
      std::lock_guard lock(mutex_);
      finished_.push_back(std::move(**result));
      // A wake-up per unit would cost more than a quick unit.
      if (finished_.size() >= enough_) done_.notify_all();
    }
  }

  const Prefetch prefetch_;
  const std::function<void()> halt_;
  std::vector<std::thread> threads_;
  mutable std::mutex mutex_;  // guards the queues and the counts
  std::condition_variable work_ready_;
  std::condition_variable done_;
  std::deque<Unit> queue_;
  std::vector<Result> finished_;
  std::vector<std::string> failures_;
  int held_ = 0;
  std::size_t enough_ = 1;  // finished units worth waking the taker for
  std::atomic<bool> stop_{false};
  std::atomic<bool> interrupted_{false};
  // Recent seconds per unit (a moving average; "slow" until the first unit is timed).
  std::atomic<double> unit_seconds_{1.0};
};

}  // namespace triad::cluster
