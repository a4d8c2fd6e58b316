// triad-datagen: self-play data for training evaluations (docs/evaluation.md "Data
// generation"), on this machine (-concurrency games at once) or across the ranks of an MPI
// job (-mpi, docs/cluster.md).
#include <atomic>
#include <iostream>

#include "cluster/mpi/job.h"
#include "datagen/config.h"
#include "datagen/local_run.h"
#include "datagen/mpi_run.h"
#include "datagen/run.h"
#include "runner/signal_watcher.h"

namespace {

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
  if (!parsed) {
    std::cerr << "triad-datagen: " << parsed.error().message << "\n";
    return 2;
  }
  const DatagenConfig& config = *parsed;
  auto run = Run::prepare(config);
  if (!run) {
    std::cerr << "triad-datagen: " << run.error().message << "\n";
    return 2;
  }
  // Ctrl-C / SIGTERM: stop at once; the games written so far stay, and the same command
  // continues after them. A second signal exits immediately.
  std::atomic<bool> interrupted{false};
  triad::runner::SignalWatcher signals([&] { interrupted = true; }, [] {});
  const auto result = run_local(config, **run, interrupted);
  const auto finished = (*run)->finish(std::cerr, interrupted);
  for (const auto* r : {&result, &finished})
    if (!*r) {
      std::cerr << "triad-datagen: " << r->error().message << "\n";
      return 1;
    }
  return interrupted && !(*run)->finished() ? 130 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Every expected failure is an error value; this is the last line of defence.
  try {
    return generate(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "triad-datagen: unexpected failure: " << e.what() << "\n";
    return 1;
  }
}
