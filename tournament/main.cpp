// triad-match: parses the command line / YAML configuration, sets up the variant from the
// registry (built-in variants plus -variants files) and runs the tournament, on this
// machine or, with -mpi, across the ranks of an MPI job (docs/cluster.md).
#include <iostream>

#include "adapters/common/variants.h"
#include "cluster/mpi/job.h"
#include "runner/command_line.h"
#include "runner/signal_watcher.h"
#include "tournament/config.h"
#include "tournament/mpi_run.h"
#include "tournament/tournament.h"

namespace {

constexpr const char* kProgram = "triad-match";

// The configuration, with the -variants files loaded into `registry` and its variant known.
triad::Result<triad::tournament::TournamentConfig> configure(
    const triad::Result<triad::tournament::CommandLine>& cli,
    triad::adapters::VariantRegistry& registry) {
  if (!cli) return cli.error();
  for (const auto& file : cli->config.variant_files)
    if (auto r = registry.load_file(file); !r)
      return triad::make_error("-variants: " + r.error().message);
  if (auto v = registry.lookup(cli->config.variant); !v)
    return triad::make_error("-variant: " + v.error().message);
  return cli->config;
}

int run_match(int argc, char** argv) {
  using namespace triad;
  auto cli = tournament::parse_command_line(argc, argv);
  if (cli && cli->show_help) {
    std::cout << cli->help_text;
    return runner::kExitOk;
  }
  auto registry = adapters::VariantRegistry::builtin();
  const auto config = configure(cli, registry);
  // The variant's games (configure() found it; without a configuration nothing is played).
  const tournament::GameFactory factory =
      config ? registry.find(config->variant)->factory : tournament::GameFactory();
  if (config ? config->mpi : triad::cluster::mpi::mentions_mpi(argc, argv))
    return tournament::mpi::run_distributed(argc, argv, config, factory);
  if (!config) return runner::report_error(kProgram, config.error().message);
  tournament::Tournament match(*config, factory, std::cout);
  // Ctrl-C / SIGTERM: stop at once (games in progress abandoned, their engines killed;
  // finished results, state and summary written); a second one exits immediately.
  runner::SignalWatcher signals([&match] { match.interrupt(); },
                                [&match] { match.kill_engines(); });
  if (auto r = match.prepare(); !r)  // bad settings: nothing was played
    return runner::report_error(kProgram, r.error().message);
  if (auto r = match.run(); !r)
    return runner::report_error(kProgram, r.error().message, runner::kExitFailed);
  return runner::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  return triad::runner::run_main(kProgram, [&] { return run_match(argc, argv); });
}
