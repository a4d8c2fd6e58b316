// The work layer's scheduler without any transport: leasing in order, requeueing units of
// lost and late workers, ignoring duplicates, committing in unit order, resume skips and the
// bound on results waiting for a slow unit.
#include "cluster/scheduler.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace triad::cluster {
namespace {

using namespace std::chrono_literals;
using Sched = Scheduler<std::string>;

const Clock::time_point kStart = Clock::time_point() + 1h;

// Commits everything ready, returning the units in commit order.
std::vector<UnitId> commit_all(Sched& s) {
  std::vector<UnitId> out;
  while (auto r = s.next_ready()) {
    EXPECT_EQ(r->second, std::to_string(r->first));
    out.push_back(r->first);
  }
  return out;
}

TEST(Scheduler, LeasesUnitsInOrderAndCommitsInOrder) {
  Sched s(3, {});
  EXPECT_EQ(s.lease(1, kStart), 0);
  EXPECT_EQ(s.lease(2, kStart), 1);
  EXPECT_EQ(s.lease(1, kStart), 2);
  EXPECT_EQ(s.lease(2, kStart), std::nullopt);
  EXPECT_EQ(s.complete(1, 2, "2"), Verdict::kAccepted);
  EXPECT_EQ(s.complete(2, 1, "1"), Verdict::kAccepted);
  EXPECT_TRUE(commit_all(s).empty()) << "unit 0 is not finished: nothing may be committed";
  EXPECT_EQ(s.complete(1, 0, "0"), Verdict::kAccepted);
  EXPECT_EQ(commit_all(s), (std::vector<UnitId>{0, 1, 2}));
  EXPECT_TRUE(s.finished());
  EXPECT_EQ(s.leased(), 0);
}

TEST(Scheduler, LostWorkersUnitsGoToAnotherWorker) {
  Sched s(4, {});
  ASSERT_EQ(s.lease(1, kStart), 0);
  ASSERT_EQ(s.lease(2, kStart), 1);
  ASSERT_EQ(s.lease(1, kStart), 2);
  EXPECT_EQ(s.complete(1, 0, "0"), Verdict::kAccepted);
  EXPECT_EQ(s.held_by(1), 1);
  EXPECT_EQ(s.worker_lost(1), 1);  // unit 2 was in flight; unit 0's result is kept
  EXPECT_EQ(s.requeued(), 1);
  EXPECT_EQ(s.lease(2, kStart), 2) << "a requeued unit goes out before fresh ones";
  EXPECT_EQ(s.lease(2, kStart), 3);
  for (UnitId u : {1, 2, 3}) EXPECT_EQ(s.complete(2, u, std::to_string(u)), Verdict::kAccepted);
  EXPECT_EQ(commit_all(s), (std::vector<UnitId>{0, 1, 2, 3}));
  EXPECT_TRUE(s.finished());
}

TEST(Scheduler, ExpiredLeasesAreRequeuedUnlessRenewed) {
  Sched s(2, {10s, 100});
  ASSERT_EQ(s.lease(1, kStart), 0);
  ASSERT_EQ(s.lease(2, kStart), 1);
  s.renew(2, kStart + 8s);
  EXPECT_EQ(s.expire(kStart + 9s), std::vector<LostWorker>{});
  EXPECT_EQ(s.expire(kStart + 10s), (std::vector<LostWorker>{{1, 1}}))
      << "worker 1's lease ran out, worker 2 renewed";
  EXPECT_EQ(s.expire(kStart + 11s), std::vector<LostWorker>{}) << "a lost worker is reported once";
  EXPECT_EQ(s.held_by(1), 0);
  EXPECT_EQ(s.held_by(2), 1);
  EXPECT_EQ(s.lease(3, kStart + 10s), 0);
  EXPECT_EQ(s.expire(kStart + 17s), std::vector<LostWorker>{});
  EXPECT_EQ(s.expire(kStart + 18s), (std::vector<LostWorker>{{2, 1}}));
  EXPECT_EQ(s.requeued(), 2);
}

TEST(Scheduler, LateDuplicateResultsAreIgnored) {
  Sched s(2, {10s, 100});
  ASSERT_EQ(s.lease(1, kStart), 0);
  ASSERT_EQ(s.expire(kStart + 10s), (std::vector<LostWorker>{{1, 1}}));
  ASSERT_EQ(s.lease(2, kStart + 10s), 0);
  // The slow first worker answers first after all: its result counts, the second is late.
  EXPECT_EQ(s.complete(1, 0, "0"), Verdict::kAccepted);
  EXPECT_EQ(s.leased(), 0) << "the second lease of unit 0 ended with the first result";
  EXPECT_EQ(s.complete(2, 0, "other"), Verdict::kDuplicate);
  EXPECT_EQ(commit_all(s), (std::vector<UnitId>{0}));
  EXPECT_EQ(s.complete(2, 0, "other"), Verdict::kDuplicate) << "after its commit too";
  EXPECT_EQ(s.duplicates(), 2);
  EXPECT_EQ(s.complete(2, 1, "1"), Verdict::kNotLeased);
  EXPECT_EQ(s.complete(2, -1, "x"), Verdict::kNotLeased);
  EXPECT_EQ(s.complete(2, 7, "x"), Verdict::kNotLeased);
}

TEST(Scheduler, ResultOfATakenBackUnitBeforeItsNewLeaseIsAccepted) {
  Sched s(2, {10s, 100});
  ASSERT_EQ(s.lease(1, kStart), 0);
  ASSERT_EQ(s.worker_lost(1), 1);
  EXPECT_EQ(s.complete(1, 0, "0"), Verdict::kAccepted);
  EXPECT_EQ(s.lease(2, kStart), 1) << "unit 0 has its result: it is not leased again";
}

TEST(Scheduler, UnitsFinishedBeforeAreNeverLeased) {
  // A resumed run: units 0, 1 and 3 were finished by the killed run.
  Sched s(5, {}, [](UnitId u) { return u == 0 || u == 1 || u == 3; });
  EXPECT_EQ(s.lease(1, kStart), 2);
  EXPECT_EQ(s.lease(1, kStart), 4);
  EXPECT_EQ(s.lease(1, kStart), std::nullopt);
  EXPECT_EQ(s.complete(1, 3, "x"), Verdict::kDuplicate);
  EXPECT_EQ(s.complete(1, 4, "4"), Verdict::kAccepted);
  EXPECT_TRUE(commit_all(s).empty());
  EXPECT_EQ(s.complete(1, 2, "2"), Verdict::kAccepted);
  EXPECT_EQ(commit_all(s), (std::vector<UnitId>{2, 4}));
  EXPECT_TRUE(s.finished());

  Sched all_done(2, {}, [](UnitId) { return true; });
  EXPECT_TRUE(all_done.finished());
  EXPECT_EQ(all_done.lease(1, kStart), std::nullopt);
}

TEST(Scheduler, ResultsWaitingForASlowUnitAreBounded) {
  Sched s(10, {10s, 2});
  ASSERT_EQ(s.lease(1, kStart), 0);  // the slow unit
  ASSERT_EQ(s.lease(2, kStart), 1);
  ASSERT_EQ(s.lease(2, kStart), 2);
  ASSERT_EQ(s.lease(2, kStart), 3);
  EXPECT_EQ(s.complete(2, 1, "1"), Verdict::kAccepted);
  EXPECT_EQ(s.lease(2, kStart), 4) << "one result waits: below the bound";
  EXPECT_EQ(s.complete(2, 2, "2"), Verdict::kAccepted);
  EXPECT_EQ(s.lease(2, kStart), std::nullopt) << "two results wait for unit 0";
  EXPECT_EQ(s.worker_lost(1), 1);
  EXPECT_EQ(s.lease(2, kStart), 0) << "a unit taken back still goes out";
  EXPECT_EQ(s.complete(2, 0, "0"), Verdict::kAccepted);
  EXPECT_EQ(commit_all(s), (std::vector<UnitId>{0, 1, 2}));
  EXPECT_EQ(s.lease(2, kStart), 5);
}

// Many workers finishing units in a scrambled order, some lost on the way: every unit is
// committed exactly once and in order.
TEST(Scheduler, UnitsHeldBackAreLeasedOnlyOnceReleased) {
  // Units 2 and 3 need units 0 and 1 committed first (as a stone total of triad-tables -mpi
  // needs the smaller ones); a unit taken back below the bound still goes out again.
  Sched s(4, {});
  s.hold_from(2);
  EXPECT_EQ(s.lease(1, kStart), 0);
  EXPECT_EQ(s.lease(2, kStart), 1);
  EXPECT_EQ(s.lease(2, kStart), std::nullopt) << "unit 2 is held back";
  EXPECT_EQ(s.worker_lost(2), 1);
  EXPECT_EQ(s.lease(1, kStart), 1);
  EXPECT_EQ(s.complete(1, 0, "0"), Verdict::kAccepted);
  EXPECT_EQ(s.complete(1, 1, "1"), Verdict::kAccepted);
  EXPECT_EQ(commit_all(s), (std::vector<UnitId>{0, 1}));
  EXPECT_EQ(s.lease(1, kStart), std::nullopt) << "still held back";
  s.hold_from(4);
  EXPECT_EQ(s.lease(1, kStart), 2);
  EXPECT_EQ(s.lease(2, kStart), 3);
  EXPECT_EQ(s.complete(2, 3, "3"), Verdict::kAccepted);
  EXPECT_EQ(s.complete(1, 2, "2"), Verdict::kAccepted);
  EXPECT_EQ(commit_all(s), (std::vector<UnitId>{2, 3}));
  EXPECT_TRUE(s.finished());
}

TEST(Scheduler, EveryUnitCommittedExactlyOnceUnderChurn) {
  constexpr UnitId kUnits = 2000;
  Sched s(kUnits, {5s, 64});
  std::vector<std::vector<UnitId>> held(8);
  std::vector<UnitId> committed;
  Clock::time_point now = kStart;
  for (int step = 0; !s.finished() && step < 100000; ++step) {
    const int w = (step * 7919) % 8;
    if (step % 997 == 0) {  // this worker dies; its units are lost with it
      s.worker_lost(w);
      held[static_cast<std::size_t>(w)].clear();
    }
    auto& mine = held[static_cast<std::size_t>(w)];
    if (auto u = s.lease(w, now)) mine.push_back(*u);
    if (mine.size() > 3 || (!mine.empty() && step % 3 == 0)) {
      const std::size_t pick = static_cast<std::size_t>(step) % mine.size();
      const UnitId u = mine[pick];
      mine.erase(mine.begin() + static_cast<std::ptrdiff_t>(pick));
      s.complete(w, u, std::to_string(u));
    }
    for (auto r = s.next_ready(); r; r = s.next_ready()) committed.push_back(r->first);
  }
  ASSERT_TRUE(s.finished());
  ASSERT_EQ(committed.size(), static_cast<std::size_t>(kUnits));
  for (UnitId u = 0; u < kUnits; ++u) EXPECT_EQ(committed[static_cast<std::size_t>(u)], u);
  EXPECT_GT(s.requeued(), 0);
}

}  // namespace
}  // namespace triad::cluster
