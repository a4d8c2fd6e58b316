// triad-datagen: self-play data for training evaluations (docs/evaluation.md "Data
// generation"), on this machine (-concurrency games at once) or across the ranks of an MPI
// job (-mpi, docs/cluster.md).
#include <atomic>
#include <iostream>

#include "cluster/local_run.h"
#include "cluster/mpi/job.h"
#include "datagen/config.h"
#include "datagen/mpi_run.h"
#include "datagen/pool.h"
#include "datagen/run.h"
#include "runner/command_line.h"
#include "runner/signal_watcher.h"

namespace {

constexpr const char* kProgram = "triad-datagen";

int generate(int argc, char** argv) {
  using namespace triad::datagen;
  auto cli = parse_command_line(argc, argv);
  if (cli && cli->show_help) {
    std::cout << cli->help_text;
    return 0;
  }
  const auto parsed =
      cli ? triad::Result<DatagenConfig>(cli->config) : triad::Result<DatagenConfig>(cli.error());
  if (parsed ? parsed->mpi : triad::cluster::mpi::mentions_mpi(argc, argv))
    return mpi::run_distributed(argc, argv, parsed);
  if (!parsed) return triad::runner::report_error(kProgram, parsed.error().message);
  const DatagenConfig& config = *parsed;
  auto run = Run::prepare(config);
  if (!run) return triad::runner::report_error(kProgram, run.error().message);
  auto pool = Pool::create((*run)->setup(), (*run)->slots(config.concurrency));
  if (!pool) return triad::runner::report_error(kProgram, pool.error().message);
  // Ctrl-C / SIGTERM: stop at once; the games written so far stay, and the same command
  // continues after them. A second signal exits immediately.
  std::atomic<bool> interrupted{false};
  triad::runner::SignalWatcher signals([&] { interrupted = true; }, [] {});
  const auto result = triad::cluster::run_local(**run, **pool, interrupted);
  (*pool)->stop();  // games still in play are dropped (an interrupt)
  const auto finished = (*run)->finish(std::cerr, interrupted);
  for (const auto* r : {&result, &finished})
    if (!*r)
      return triad::runner::report_error(kProgram, r->error().message, triad::runner::kExitFailed);
  return triad::runner::ended_status(interrupted, (*run)->finished());
}

}  // namespace

int main(int argc, char** argv) {
  return triad::runner::run_main(kProgram, [&] { return generate(argc, argv); });
}
