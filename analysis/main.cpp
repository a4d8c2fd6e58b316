// triad-analyse: batch analysis of position lines or game records with a UCI/UGI engine,
// one JSON line per position in input order (docs/analysis.md "Batch analysis"), on this
// machine (-concurrency engines) or across the ranks of an MPI job (-mpi, docs/cluster.md).
#include <atomic>
#include <iostream>

#include "analysis/config.h"
#include "analysis/local_run.h"
#include "analysis/mpi_run.h"
#include "analysis/run.h"
#include "cluster/mpi/job.h"
#include "runner/signal_watcher.h"

namespace {

int analyse(int argc, char** argv) {
  using namespace triad::analysis;
  auto cli = parse_command_line(argc, argv);
  if (cli && cli->show_help) {
    std::cout << cli->help_text;
    return 0;
  }
  const auto config =
      cli ? triad::Result<AnalyseConfig>(cli->config) : triad::Result<AnalyseConfig>(cli.error());
  if (config ? config->mpi : triad::cluster::mpi::mentions_mpi(argc, argv))
    return mpi::run_distributed(argc, argv, config);
  if (!config) {
    std::cerr << "triad-analyse: " << config.error().message << "\n";
    return 2;
  }
  if (auto r = check_engine(*config); !r) {
    std::cerr << "triad-analyse: " << r.error().message << "\n";
    return 2;
  }
  auto run = Run::prepare(*config, 1);
  if (!run) {
    std::cerr << "triad-analyse: " << run.error().message << "\n";
    return 2;
  }
  // Ctrl-C / SIGTERM: stop at once (engines killed); every line written so far stays, and
  // -resume continues after it. A second signal exits immediately.
  auto cancel = std::make_shared<triad::protocol::CancelSignal>();
  std::atomic<bool> interrupted{false};
  triad::runner::SignalWatcher signals(
      [&] {
        interrupted = true;
        cancel->cancel();
      },
      [&] { cancel->kill_all(); });
  const auto result = run_local(*config, **run, interrupted, cancel);
  (*run)->summary(std::cerr, interrupted);
  if (!result) {
    std::cerr << "triad-analyse: " << result.error().message << "\n";
    return 1;
  }
  return interrupted && !(*run)->finished() ? 130 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Every expected failure is an error value; this is the last line of defence.
  try {
    return analyse(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "triad-analyse: unexpected failure: " << e.what() << "\n";
    return 1;
  }
}
