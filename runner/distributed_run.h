// The distributed run of a program on the MPI runtime (cluster/mpi/), as triad-match -mpi,
// triad-analyse -mpi and triad-datagen -mpi run: starting the job, a worker rank's part (its
// slot pool as the runtime worker's client, refusing the run when it cannot start), and rank
// 0's part (the program's Run committing in unit order, the signals, the summary with each
// worker's share, the exit status).
//
// The program keeps its unit of work, its result and how it commits it: its Run provides
// what the local run takes (cluster/local_run.h) and `finish(out, interrupted)`, the line at
// the end of the run (Result<void>, or void when it cannot fail). Optionally:
// - `refusal(result)`: why a worker's result shows the worker read other inputs than rank 0
//   ("" if it did not; the run stops with exit status 2);
// - `stopping()`: the run decided to stop early (triad-match's SPRT);
// - `handed_out(worker, units)`: units were sent to a worker (triad-match's "Started game");
// - `progress()`: the stream of its progress lines (default standard error);
// - `report_workers(out, workers)`: its own summary of each worker's share, instead of the
//   one-line `Workers:` count.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <pthread.h>

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
  // Rank 0 writes its progress to standard output: fully buffered (the program flushes; a
  // write per line to mpirun's pseudo-terminal costs more than a quick unit), and sent to
  // /dev/null on a signal, because mpirun stops reading it while rank 0 still has files and
  // the exit status to write.
  bool progress_on_stdout = false;
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
  bool stopping() const {
    if constexpr (requires { run_.stopping(); })
      if (run_.stopping()) return true;
    return !error_.empty() || interrupted_ || worker_interrupted_;
  }
  void fail(const std::string& error) {
    if (error_.empty()) error_ = error;
  }
  void interrupt() { worker_interrupted_ = true; }
  void handed_out(const cluster::mpi::WorkerInfo& w, const std::vector<cluster::UnitId>& units) {
    if constexpr (requires { run_.handed_out(w, units); }) run_.handed_out(w, units);
  }
  std::ostream& progress() {
    if constexpr (requires { run_.progress(); })
      return run_.progress();
    else
      return std::cerr;
  }

  // The summary on standard error and the exit status.
  int finish(const cluster::mpi::CoordinatorEnd& end) {
    if (!end.setup_error.empty())  // a worker that could not start: its error is the news
      return report_error(names_.program, end.setup_error, kExitRefused);
    const bool stopped = interrupted_ || worker_interrupted_;
    const bool finished = run_.finished();  // before finish(), which may stop the run
    if (error_.empty() && !finished && !stopped)
      error_ =
          std::string("every worker rank left or was lost before the end of the ") + names_.run;
    if constexpr (std::is_void_v<decltype(run_.finish(std::cerr, stopped))>) {
      run_.finish(std::cerr, stopped);
    } else {
      if (auto r = run_.finish(std::cerr, stopped); !r) fail(r.error().message);
    }
    if constexpr (requires { run_.report_workers(std::cerr, end.workers); }) {
      run_.report_workers(progress(), end.workers);
    } else {
      std::cerr << "Workers:";
      for (std::size_t rank = 1; rank < end.workers.size(); ++rank)
        std::cerr << (rank > 1 ? "," : "") << " " << end.workers[rank].who() << " " << shares_[rank]
                  << " " << names_.units << (end.workers[rank].lost ? " (lost)" : "");
      std::cerr << "\n";
    }
    if (!error_.empty())
      return report_error(names_.program, error_, refused_ ? kExitRefused : kExitFailed);
    return ended_status(stopped, finished);
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
  if (names.progress_on_stdout) {
    // glibc takes the size only with a buffer given: by default a terminal gets 1 KiB.
    static char stdout_buffer[1 << 16];
    std::setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);
  }
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
  SignalWatcher signals(
      [&interrupted, &names, main = pthread_self()] {
        interrupted = true;
        if (names.progress_on_stdout) cluster::mpi::drop_standard_output(main);
      },
      [] {});
  detail::RunCoordinator client(names, **run, world.size(), interrupted);
  const auto end = cluster::mpi::run_coordinator(world, client, settings);
  return cluster::mpi::end({client.finish(end), end.finalize});
}

}  // namespace triad::runner
