// The distributed run of a program on the MPI runtime (cluster/mpi/), as triad-analyse -mpi
// and triad-datagen -mpi run (triad-match -mpi serves its workers the same way): starting the
// job, a worker rank's part (its slot pool as the runtime worker's client, refusing the run
// when it cannot start), and rank 0's part (the program's Run committing in unit order, the
// signals, the summary with each worker's share, the exit status).
//
// The program keeps its unit of work, its result and how it commits it: its Run provides
// what the local run takes (cluster/local_run.h) and `finish(out, interrupted)`, the line at
// the end of the run (Result<void>, or void when it cannot fail); optionally `refusal(result)`,
// why a worker's result shows the worker read other inputs than rank 0 ("" if it did not;
// the run stops with exit status 2).
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cluster/mpi/coordinator.h"
#include "cluster/mpi/job.h"
#include "cluster/mpi/worker.h"
#include "engine/core/result.h"
#include "runner/command_line.h"
#include "runner/signal_watcher.h"

namespace triad::runner {

// How a program names itself and its work in a distributed run's messages.
struct DistributedNames {
  const char* program;  // "triad-datagen"
  const char* work;     // what its workers do ("play"), for a job of one rank
  const char* units;    // what each worker's share counts ("games")
  const char* run;      // "run" in "before the end of the run"
};

// A worker rank: greets rank 0, makes its slot pool with `make_pool` (an error is sent to
// rank 0 instead: this rank cannot work), and serves rank 0 until kStop. A signal interrupts
// the pool; a second one calls `kill` (the engines' processes).
template <class MakePool>
cluster::mpi::Outcome serve_worker(
    const boost::mpi::communicator& world, const cluster::mpi::Settings& settings,
    MakePool make_pool, std::function<void()> kill = [] {}) {
  cluster::mpi::WorkerLink link(world, settings);
  auto pool = make_pool();
  if (!pool) return link.refuse(pool.error().message);
  SignalWatcher signals([&pool] { (*pool)->interrupt(); }, std::move(kill));
  return link.serve(**pool);
}

// The prefix of a worker rank's engine log names ("r3-": the slots add their number).
inline std::string worker_log_prefix(int rank) {
  std::string prefix = "r";  // built in steps: GCC 12 warns wrongly (-Wrestrict) on "r" + ...
  prefix += std::to_string(rank);
  prefix += '-';
  return prefix;
}

namespace detail {

// Rank 0's client of the MPI runtime's coordinator for a program's Run.
template <class Run>
class RunCoordinator {
 public:
  using Result =
      typename std::remove_reference_t<decltype(std::declval<Run&>().scheduler())>::Result;
  using Unit = decltype(std::declval<const Run&>().unit(cluster::UnitId{}));

  RunCoordinator(const DistributedNames& names, Run& run, int ranks,
                 const std::atomic<bool>& interrupted)
      : names_(names),
        run_(run),
        shares_(static_cast<std::size_t>(ranks)),
        interrupted_(interrupted) {}

  auto& scheduler() { return run_.scheduler(); }
  Unit unit(cluster::UnitId id) const { return run_.unit(id); }
  void accept(const cluster::mpi::WorkerInfo& w, Result result) {
    ++shares_[static_cast<std::size_t>(w.rank)];
    if constexpr (requires { run_.refusal(result); }) {
      if (const auto why = run_.refusal(result); !why.empty()) {
        if (error_.empty()) refused_ = true;
        fail(w.who() + " " + why);
        return;
      }
    }
    if (auto r = run_.accept(w.rank, std::move(result)); !r)
      fail(w.who() + ": " + r.error().message);
  }
  void commit() {
    if (!error_.empty()) return;
    if (auto r = run_.commit(); !r) fail(r.error().message);
  }
  bool stopping() const { return !error_.empty() || interrupted_ || worker_interrupted_; }
  void fail(const std::string& error) {
    if (error_.empty()) error_ = error;
  }
  void interrupt() { worker_interrupted_ = true; }
  void handed_out(const cluster::mpi::WorkerInfo&, const std::vector<cluster::UnitId>&) {}
  std::ostream& progress() { return std::cerr; }

  // The summary on standard error and the exit status.
  int finish(const cluster::mpi::CoordinatorEnd& end) {
    if (!end.setup_error.empty())  // a worker that could not start: its error is the news
      return report_error(names_.program, end.setup_error, kExitRefused);
    const bool stopped = interrupted_ || worker_interrupted_;
    if (error_.empty() && !run_.finished() && !stopped)
      error_ =
          std::string("every worker rank left or was lost before the end of the ") + names_.run;
    if constexpr (std::is_void_v<decltype(run_.finish(std::cerr, stopped))>) {
      run_.finish(std::cerr, stopped);
    } else {
      if (auto r = run_.finish(std::cerr, stopped); !r) fail(r.error().message);
    }
    std::cerr << "Workers:";
    for (std::size_t rank = 1; rank < end.workers.size(); ++rank)
      std::cerr << (rank > 1 ? "," : "") << " " << end.workers[rank].who() << " " << shares_[rank]
                << " " << names_.units << (end.workers[rank].lost ? " (lost)" : "");
    std::cerr << "\n";
    if (!error_.empty())
      return report_error(names_.program, error_, refused_ ? kExitRefused : kExitFailed);
    return ended_status(stopped, run_.finished());
  }

 private:
  const DistributedNames& names_;
  Run& run_;
  std::vector<std::int64_t> shares_;  // units received from each rank
  const std::atomic<bool>& interrupted_;
  bool worker_interrupted_ = false;
  std::string error_;
  bool refused_ = false;  // an error in the settings, not in the run: exit status 2
};

}  // namespace detail

// Runs this rank's part of the job. `config` is the parsed command line (an error is
// reported once, by rank 0, and every rank exits); `worker(world, settings)` is a worker
// rank's part (serve_worker); `prepare(config)` opens rank 0's Run.
template <class Config, class Worker, class Prepare>
int run_distributed(int argc, char** argv, const DistributedNames& names,
                    const Result<Config>& config, Worker worker, Prepare prepare) {
  cluster::mpi::Job job(argc, argv);
  cluster::mpi::Settings settings{names.program};
  if (config) settings.lease = std::chrono::seconds(config->mpi_lease_seconds);
  const auto& world = job.world();
  if (const auto error = job.size_error(settings, names.work); !error.empty())
    return report_error(names.program, error, kExitRefused);
  if (world.rank() != 0) return cluster::mpi::end(worker(world, settings));
  auto run = config ? prepare(*config) : decltype(prepare(*config))(config.error());
  if (!run) {
    report_error(names.program, run.error().message);
    cluster::mpi::stop_workers(world, settings);
    return cluster::mpi::end({kExitRefused, true});
  }
  std::atomic<bool> interrupted{false};
  SignalWatcher signals([&interrupted] { interrupted = true; }, [] {});
  detail::RunCoordinator client(names, **run, world.size(), interrupted);
  const auto end = cluster::mpi::run_coordinator(world, client, settings);
  return cluster::mpi::end({client.finish(end), end.finalize});
}

}  // namespace triad::runner
