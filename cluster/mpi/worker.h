// A worker rank of a distributed run, for any kind of work unit: this thread is the rank's
// only caller of MPI; the program's own threads (game slots, engine slots: the Client)
// compute the units. The worker greets rank 0, asks for units as its client wants them,
// reports finished units, sends heartbeats, leaves the run when rank 0 has been silent for a
// lease, and ends with kStop -> kBye -> kRelease (cluster/mpi/protocol.h).
#pragma once

#include <algorithm>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <iostream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <boost/mpi/communicator.hpp>

#include "cluster/mpi/mailbox.h"
#include "cluster/mpi/protocol.h"

namespace triad::cluster::mpi {

// What a worker rank's program provides. `submit` queues units; `take_finished(wait, enough)`
// returns the finished units, waiting up to `wait` for `enough` of them (or a failure);
// `take_failures` the errors that stop the run ("a game could not be set up"); `held` counts
// units submitted and not taken back, `target` how many it wants to hold, `slots` how many it
// computes at once; `interrupted` says a signal came; `stop` ends the work at once (units in
// flight are dropped) and returns when its threads have ended.
template <class C>
concept WorkerClient = requires(C& c, std::vector<typename C::Unit> units) {
  typename C::Result;
  c.submit(std::move(units));
  {
    c.take_finished(std::chrono::microseconds{}, std::size_t{})
    } -> std::same_as<std::vector<typename C::Result>>;
  { c.take_failures() } -> std::same_as<std::vector<std::string>>;
  { c.held() } -> std::convertible_to<int>;
  { c.target() } -> std::convertible_to<int>;
  { c.slots() } -> std::convertible_to<int>;
  { c.interrupted() } -> std::convertible_to<bool>;
  c.stop();
};

class WorkerLink {
 public:
  // Says hello to rank 0 (this rank's host name).
  WorkerLink(const boost::mpi::communicator& world, const Settings& settings);
  WorkerLink(const WorkerLink&) = delete;
  WorkerLink& operator=(const WorkerLink&) = delete;

  // This rank cannot work (`error`): tells rank 0, waits for kStop and says goodbye.
  Outcome refuse(const std::string& error);

  // Works for rank 0 until kStop (or until rank 0 is presumed dead).
  template <WorkerClient Client>
  Outcome serve(Client& client);

 private:
  // How often a worker that holds units looks for messages and results.
  static constexpr std::chrono::milliseconds kTick{1};

  // After kStop, with the work stopped: kBye, then rank 0's kRelease. Returns whether to
  // end with MPI_Finalize (no: a rank was lost, or rank 0 did not answer).
  bool say_goodbye();
  // Rank 0 has been silent for a lease: says so on standard error.
  bool rank0_silent();
  void heard_from_rank0() { heard_from_rank0_ = std::chrono::steady_clock::now(); }

  const boost::mpi::communicator& world_;
  const Settings& settings_;
  Inbox inbox_;
  Outbox outbox_;
  std::chrono::steady_clock::time_point heard_from_rank0_ = std::chrono::steady_clock::now();
};

template <WorkerClient Client>
Outcome WorkerLink::serve(Client& client) {
  using Clock = std::chrono::steady_clock;
  Backoff backoff;
  bool told_interrupt = false;
  int requested = 0;  // units asked for that have not come yet
  std::chrono::microseconds wait{0};
  std::size_t enough = 1;
  auto last_heartbeat = Clock::now();
  for (bool stopped = false; !stopped;) {
    Report<typename Client::Result> report;
    report.finished = client.take_finished(wait, enough);
    const int held = client.held();
    report.want = std::max(0, client.target() - held - requested);
    bool busy = !report.finished.empty();
    // A few more wanted is not worth a message of its own: they go with the next results.
    const bool worth_asking = report.want > 0 && requested + held < 2 * client.slots();
    if (busy || worth_asking) {
      outbox_.send(0, kReport, report);
      requested += report.want;
    }
    for (const auto& failure : client.take_failures()) {
      outbox_.send(0, kFailed, failure);
      busy = true;
    }
    if (client.interrupted() && !told_interrupt) {
      outbox_.send(0, kInterrupted, 0);
      told_interrupt = true;
    }
    while (auto message = inbox_.next()) {
      busy = true;
      heard_from_rank0();
      if (message->tag == kUnits) {
        auto units = message->read<std::vector<typename Client::Unit>>();
        requested -= static_cast<int>(units.size());
        client.submit(std::move(units));
      } else if (message->tag == kStop) {
        stopped = true;
        break;
      }
    }
    if (Clock::now() - last_heartbeat >= heartbeat_period(settings_)) {
      outbox_.send(0, kAlive, 0);
      last_heartbeat = Clock::now();
    }
    if (rank0_silent()) {
      client.stop();
      return {1, false};
    }
    outbox_.poll();
    // While units are held, look again within kTick (sooner when a quarter of them are
    // done); with none held, sleep longer and longer (up to Backoff's limit).
    const int holding = client.held();
    if (busy || holding > 0) backoff.reset();
    wait = holding > 0 ? std::chrono::microseconds(kTick) : backoff.next();
    enough = static_cast<std::size_t>(std::max(1, holding / 4));
  }
  client.stop();
  return {0, say_goodbye()};
}

}  // namespace triad::cluster::mpi
