// Starting a distributed analysis and rank 0's loop: probe for worker messages (sleeping
// while there are none), commit finished units in order, hand units to workers that want
// them, take back the leases of silent workers; at the end, stop every worker and wait for
// its goodbye.
#include "analysis/mpi_run.h"

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include <boost/mpi/communicator.hpp>
#include <boost/mpi/environment.hpp>

#include "analysis/mpi_messages.h"
#include "analysis/mpi_worker.h"
#include "analysis/run.h"
#include "tournament/mpi_protocol.h"
#include "tournament/signal_watcher.h"

namespace triad::analysis::mpi {

namespace {

using cluster::Clock;
using tournament::mpi::Backoff;

// How long rank 0 waits for the workers' goodbyes after kStop before aborting the job.
constexpr std::chrono::seconds kGoodbyeLimit{30};

struct WorkerState {
  std::string host = "?";
  int wanted = 0;
  bool gone = false;
  std::int64_t units = 0;  // accepted from it
};

class Coordinator {
 public:
  Coordinator(const boost::mpi::communicator& world, Run* run)
      : world_(world), run_(run), workers_(static_cast<std::size_t>(world.size())) {}

  // Runs to the end; returns the exit status (and prints the error, if any).
  int run(const std::atomic<bool>& interrupted);
  // Sends kStop to every worker still there and waits for the goodbyes.
  void say_goodbye();

 private:
  WorkerState& worker(int rank) { return workers_[static_cast<std::size_t>(rank)]; }
  std::string who(int rank) {
    return "rank " + std::to_string(rank) + " (" + worker(rank).host + ")";
  }
  bool receive();  // one message; false if none was waiting
  void hand_out();
  bool workers_left() {
    for (int rank = 1; rank < world_.size(); ++rank)
      if (!worker(rank).gone) return true;
    return false;
  }

  const boost::mpi::communicator& world_;
  Run* run_;  // null: the run could not start, only goodbyes are awaited
  std::vector<WorkerState> workers_;
  std::string error_;
  int status_ = 0;  // the exit status error_ calls for
  bool worker_interrupted_ = false;
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
      if (!run_ || w.gone) break;
      run_->scheduler().renew(from, Clock::now());
      w.wanted += report.want;
      for (auto& output : report.finished) {
        ++w.units;
        if (auto r = run_->accept(from, std::move(output)); !r && error_.empty()) {
          error_ = who(from) + ": " + r.error().message;
          status_ = 1;
        }
      }
      break;
    }
    case kAlive:
      world_.recv(from, kAlive, number);
      if (run_) run_->scheduler().renew(from, Clock::now());
      break;
    case kSetupFailed:
      world_.recv(from, kSetupFailed, text);
      if (error_.empty()) {
        error_ = who(from) + ": " + text;
        status_ = 2;
      }
      break;
    case kInterrupted:
      world_.recv(from, kInterrupted, number);
      worker_interrupted_ = true;
      break;
    case kBye:
      world_.recv(from, kBye, number);
      w.gone = true;
      w.wanted = 0;
      if (run_) run_->scheduler().worker_lost(from);
      break;
    default:  // not ours: take it off the queue
      world_.recv(from, status->tag());
      break;
  }
  return true;
}

void Coordinator::hand_out() {
  const auto now = Clock::now();
  for (int rank = 1; rank < world_.size(); ++rank) {
    WorkerState& w = worker(rank);
    std::vector<Unit> units;
    for (; w.wanted > 0 && !w.gone; --w.wanted) {
      const auto id = run_->scheduler().lease(rank, now);
      if (!id) break;
      units.push_back(run_->unit(*id));
    }
    if (!units.empty()) world_.send(rank, kUnits, units);
  }
}

int Coordinator::run(const std::atomic<bool>& interrupted) {
  Backoff backoff;
  auto next_expiry = Clock::now() + std::chrono::seconds(1);
  while (!run_->finished() && error_.empty() && !interrupted && !worker_interrupted_ &&
         workers_left()) {
    bool busy = false;
    for (int i = 0; i < 256 && receive(); ++i) busy = true;
    if (error_.empty()) hand_out();
    if (Clock::now() >= next_expiry) {
      run_->scheduler().expire(Clock::now());
      next_expiry = Clock::now() + std::chrono::seconds(1);
    }
    if (busy)
      backoff.reset();
    else
      std::this_thread::sleep_for(backoff.next());
  }
  say_goodbye();
  if (error_.empty() && !run_->finished() && !interrupted && !worker_interrupted_) {
    error_ = "every worker rank left before the end of the analysis";
    status_ = 1;
  }
  const bool stopped = interrupted || worker_interrupted_;
  if (status_ != 2) {  // a worker that could not start: only its error is worth a line
    run_->summary(std::cerr, stopped);
    std::cerr << "Workers:";
    for (int rank = 1; rank < world_.size(); ++rank)
      std::cerr << (rank > 1 ? "," : "") << " " << who(rank) << " " << worker(rank).units
                << " units";
    std::cerr << "\n";
  }
  if (!error_.empty()) {
    std::cerr << "triad-analyse: " << error_ << "\n";
    return status_;
  }
  return stopped && !run_->finished() ? 130 : 0;
}

void Coordinator::say_goodbye() {
  for (int rank = 1; rank < world_.size(); ++rank)
    if (!worker(rank).gone) world_.send(rank, kStop, 0);
  const auto limit = Clock::now() + kGoodbyeLimit;
  Backoff backoff;
  while (workers_left()) {
    if (Clock::now() > limit) {
      std::cerr << "triad-analyse: a worker rank did not stop within " << kGoodbyeLimit.count()
                << " s; aborting the job\n";
      world_.abort(1);
      std::abort();  // not reached: MPI_Abort ends this process
    }
    if (receive())
      backoff.reset();
    else
      std::this_thread::sleep_for(backoff.next());
  }
}

}  // namespace

int run_distributed(int argc, char** argv, const Result<AnalyseConfig>& config) {
  // Only each rank's main thread calls MPI.
  boost::mpi::environment env(argc, argv, boost::mpi::threading::funneled);
  const boost::mpi::communicator world;
  if (world.size() < 2) {
    std::cerr << "triad-analyse: -mpi needs at least 2 MPI ranks (rank 0 schedules, the others "
                 "analyse): start it as 'mpirun -np N triad-analyse -mpi ...' with N >= 2, or "
                 "leave out -mpi (docs/cluster.md)\n";
    return 2;
  }
  if (world.rank() != 0) return run_worker(world, config);
  auto run =
      config ? Run::prepare(*config, config->chunk) : Result<std::unique_ptr<Run>>(config.error());
  if (!run) {
    std::cerr << "triad-analyse: " << run.error().message << "\n";
    Coordinator(world, nullptr).say_goodbye();
    return 2;
  }
  std::atomic<bool> interrupted{false};
  tournament::SignalWatcher signals([&interrupted] { interrupted = true; }, [] {});
  return Coordinator(world, run->get()).run(interrupted);
}

}  // namespace triad::analysis::mpi
