// triad-analyse: batch analysis of position lines or game records with a UCI/UGI engine,
// one JSON line per position in input order (docs/analysis.md "Batch analysis"), on this
// machine (-concurrency engines) or across the ranks of an MPI job (-mpi, docs/cluster.md).
#include <atomic>
#include <iostream>

#include "analysis/config.h"
#include "analysis/mpi_run.h"
#include "analysis/pool.h"
#include "analysis/run.h"
#include "cluster/local_run.h"
#include "cluster/mpi/job.h"
#include "runner/command_line.h"
#include "runner/signal_watcher.h"

namespace {

constexpr const char* kProgram = "triad-analyse";

int analyse(int argc, char** argv) {
  using namespace triad::analysis;
  namespace runner = triad::runner;
  auto cli = parse_command_line(argc, argv);
  if (cli && cli->show_help) {
    std::cout << cli->help_text;
    return runner::kExitOk;
  }
  const auto config =
      cli ? triad::Result<AnalyseConfig>(cli->config) : triad::Result<AnalyseConfig>(cli.error());
  if (config ? config->mpi : triad::cluster::mpi::mentions_mpi(argc, argv))
    return mpi::run_distributed(argc, argv, config);
  if (!config) return runner::report_error(kProgram, config.error().message);
  if (auto r = check_engine(*config); !r) return runner::report_error(kProgram, r.error().message);
  auto run = Run::prepare(*config, 1);
  if (!run) return runner::report_error(kProgram, run.error().message);
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
  Pool pool(*config, config->concurrency, "slot", cancel);
  const auto result = triad::cluster::run_local(**run, pool, interrupted);
  if (!result || interrupted) pool.stop();  // units in flight are dropped
  (*run)->finish(std::cerr, interrupted);
  if (!result) return runner::report_error(kProgram, result.error().message, runner::kExitFailed);
  return runner::ended_status(interrupted, (*run)->finished());
}

}  // namespace

int main(int argc, char** argv) {
  return triad::runner::run_main(kProgram, [&] { return analyse(argc, argv); });
}
