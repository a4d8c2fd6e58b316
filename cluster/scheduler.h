// The work layer of a distributed run, independent of the transport (MPI, or a test driving
// it directly): a run is units 0..count-1 (for a match, one opening's games, a game pair with
// -repeat 2), each deterministic, so any worker computes the same result for a unit.
//
// The scheduler leases units to workers (lowest unit first), takes a lease back when its
// worker is lost or does not renew it in time (the unit is leased again), accepts the first
// result of each unit and ignores late duplicates, and hands accepted results out for
// committing strictly in unit order. Committing in order keeps a run's records, statistics
// and resume state identical to a one-machine run of the same units, and never counts half
// of a game pair. Accepted results that wait for an earlier unit are bounded
// (`max_waiting`): while that many wait, no new unit goes out, so memory stays bounded
// however slow one unit is. A run whose units need earlier units committed first
// (triad-tables -mpi: a stone total needs every smaller one) holds back the later units
// (hold_from) until they can start.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <utility>
#include <vector>

namespace triad::cluster {

using UnitId = std::int64_t;
using WorkerId = int;
using Clock = std::chrono::steady_clock;

struct SchedulerLimits {
  // A lease not renewed for this long is taken back (the worker is presumed hung or gone).
  std::chrono::milliseconds lease{std::chrono::minutes(2)};
  // Accepted results waiting for an earlier unit, at most; when reached, only units taken
  // back go out until the earliest unit is in.
  std::int64_t max_waiting = 16384;
};

// What became of a result handed to complete().
// A worker presumed lost by Scheduler::expire, and how many units it held.
struct LostWorker {
  WorkerId worker = 0;
  std::int64_t units = 0;
  bool operator==(const LostWorker&) const = default;
};

enum class Verdict {
  kAccepted,   // first result of the unit: it will be committed
  kDuplicate,  // the unit already has a result (a late or repeated one): ignored
  kNotLeased,  // the unit was never handed out (or is out of range): ignored
};

template <class Payload>
class Scheduler {
 public:
  using Result = Payload;  // what a finished unit carries
  // `finished_before(u)`: units an earlier run finished (resume); they are never leased.
  Scheduler(UnitId count, SchedulerLimits limits, std::function<bool(UnitId)> finished_before = {})
      : count_(count), limits_(limits), finished_before_(std::move(finished_before)) {
    fresh_ = skip_finished(0);
    commit_ = fresh_;
  }

  // The next unit for `worker`, or nullopt when none can go out now (all leased, too many
  // results waiting, or everything is done).
  std::optional<UnitId> lease(WorkerId worker, Clock::time_point now) {
    UnitId unit;
    if (!requeued_.empty()) {
      unit = *requeued_.begin();
      requeued_.erase(requeued_.begin());
    } else if (fresh_ < std::min(count_, held_from_) &&
               static_cast<std::int64_t>(ready_.size()) < limits_.max_waiting) {
      unit = fresh_;
      fresh_ = skip_finished(fresh_ + 1);
    } else {
      return std::nullopt;
    }
    leases_[unit] = worker;
    last_seen_[worker] = now;
    return unit;
  }

  // A worker's result for `unit`; the payload is kept only when accepted.
  Verdict complete(WorkerId worker, UnitId unit, Payload payload) {
    (void)worker;  // any worker's result counts: units are deterministic
    if (unit < 0 || unit >= fresh_) return Verdict::kNotLeased;
    if (unit < commit_ || ready_.count(unit) > 0 || (finished_before_ && finished_before_(unit))) {
      ++duplicates_;
      return Verdict::kDuplicate;
    }
    // Leased (to this or another worker) or waiting to be leased again: the first result.
    leases_.erase(unit);
    requeued_.erase(unit);
    ready_.emplace(unit, std::move(payload));
    return Verdict::kAccepted;
  }

  // The next accepted result in unit order, or nullopt if the lowest uncommitted unit has no
  // result yet. The caller commits it (records, statistics, resume state) before asking again.
  std::optional<std::pair<UnitId, Payload>> next_ready() {
    if (ready_.empty() || ready_.begin()->first != commit_) return std::nullopt;
    auto node = ready_.extract(ready_.begin());
    commit_ = skip_finished(commit_ + 1);
    return std::make_pair(node.key(), std::move(node.mapped()));
  }

  // Units from `unit` on are not leased (until a later call moves the bound: count() or
  // beyond releases them all). Units already out are not affected.
  void hold_from(UnitId unit) { held_from_ = unit; }

  // `worker` is alive: its leases run for another full lease time from `now`. Constant
  // time (a worker's leases end together, a lease time after it was last heard from).
  void renew(WorkerId worker, Clock::time_point now) { last_seen_[worker] = now; }

  // `worker` is gone: its units are leased again and it is forgotten (until it is heard
  // from again). Returns how many units it held.
  std::int64_t worker_lost(WorkerId worker) {
    last_seen_.erase(worker);
    return take_back([worker](WorkerId w) { return w == worker; });
  }

  // The one liveness rule of a distributed run: a worker not heard from (lease() or renew())
  // for a lease time is presumed lost. Takes back the leases of every such worker, forgets
  // it (it is not reported again) and returns them, lowest first, with the units each held.
  // Looks at every worker: call it now and then (rank 0 does once a second), not per message.
  std::vector<LostWorker> expire(Clock::time_point now) {
    std::vector<LostWorker> lost;
    for (const auto& [worker, seen] : last_seen_)
      if (seen + limits_.lease <= now) lost.push_back({worker, 0});
    std::sort(lost.begin(), lost.end(),
              [](const LostWorker& a, const LostWorker& b) { return a.worker < b.worker; });
    for (auto& l : lost) l.units = worker_lost(l.worker);
    return lost;
  }

  // Every unit is committed (taken from next_ready, or finished before).
  bool finished() const { return commit_ >= count_; }
  std::int64_t leased() const { return static_cast<std::int64_t>(leases_.size()); }
  // Units taken back from lost or late workers so far, and duplicate results ignored.
  std::int64_t requeued() const { return requeued_total_; }
  std::int64_t duplicates() const { return duplicates_; }
  // Units held by `worker` now.
  std::int64_t held_by(WorkerId worker) const {
    return std::count_if(leases_.begin(), leases_.end(),
                         [worker](const auto& l) { return l.second == worker; });
  }

 private:
  UnitId skip_finished(UnitId unit) const {
    while (unit < count_ && finished_before_ && finished_before_(unit)) ++unit;
    return unit;
  }

  template <class Predicate>
  std::int64_t take_back(Predicate matches) {
    std::int64_t n = 0;
    for (auto it = leases_.begin(); it != leases_.end();) {
      if (matches(it->second)) {
        requeued_.insert(it->first);
        it = leases_.erase(it);
        ++n;
      } else {
        ++it;
      }
    }
    requeued_total_ += n;
    return n;
  }

  UnitId count_;
  SchedulerLimits limits_;
  std::function<bool(UnitId)> finished_before_;
  UnitId fresh_ = 0;                             // the lowest unit never leased
  UnitId commit_ = 0;                            // the lowest unit not committed
  UnitId held_from_ = count_;                    // units from here on are held back
  std::unordered_map<UnitId, WorkerId> leases_;  // units out, and who holds them
  std::unordered_map<WorkerId, Clock::time_point> last_seen_;
  std::set<UnitId> requeued_;        // taken back, to be leased again (lowest first)
  std::map<UnitId, Payload> ready_;  // accepted, waiting for the units before them
  std::int64_t requeued_total_ = 0;
  std::int64_t duplicates_ = 0;
};

}  // namespace triad::cluster
