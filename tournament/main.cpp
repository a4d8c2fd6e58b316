// triad-match: parses the command line / YAML configuration, sets up the variant from the
// registry (built-in variants plus -variants files) and runs the tournament, on this
// machine or, with -mpi, across the ranks of an MPI job (docs/cluster.md).
#include <iostream>

#include "adapters/common/variants.h"
#include "cluster/mpi/job.h"
#include "runner/signal_watcher.h"
#include "tournament/config.h"
#include "tournament/mpi_run.h"
#include "tournament/tournament.h"

namespace {

// The configuration, with the -variants files loaded into `registry` and its variant known.
triad::Result<triad::tournament::TournamentConfig> configure(
    const triad::Result<triad::tournament::CommandLine>& cli,
    triad::adapters::VariantRegistry& registry) {
  if (!cli) return triad::make_error(cli.error().message + "\n(see triad-match -help)");
  for (const auto& file : cli->config.variant_files)
    if (auto r = registry.load_file(file); !r) return r.error();
  const std::string& variant = cli->config.variant;
  if (!registry.find(variant)) {
    std::string known;
    for (const auto& name : registry.names()) known += " " + name;
    return triad::make_error("unknown variant '" + variant + "' (known:" + known + ")");
  }
  return cli->config;
}

int run_match(int argc, char** argv) {
  using namespace triad;
  auto cli = tournament::parse_command_line(argc, argv);
  if (cli && cli->show_help) {
    std::cout << cli->help_text;
    return 0;
  }
  auto registry = adapters::VariantRegistry::builtin();
  const auto config = configure(cli, registry);
  const std::string variant = config ? config->variant : "";
  tournament::GameFactory factory = [&registry, variant] { return registry.create(variant); };
  if (config ? config->mpi : triad::cluster::mpi::mentions_mpi(argc, argv))
    return tournament::mpi::run_distributed(argc, argv, config, factory);
  if (!config) {
    std::cerr << "triad-match: " << config.error().message << "\n";
    return 2;
  }
  tournament::Tournament match(*config, factory, std::cout);
  // Ctrl-C / SIGTERM: stop at once (games in progress abandoned, their engines killed;
  // finished results, state and summary written); a second one exits immediately.
  runner::SignalWatcher signals([&match] { match.interrupt(); },
                                [&match] { match.kill_engines(); });
  if (auto r = match.prepare(); !r) {  // bad settings: nothing was played
    std::cerr << "triad-match: " << r.error().message << "\n";
    return 2;
  }
  if (auto r = match.run(); !r) {
    std::cerr << "triad-match: " << r.error().message << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // Every expected failure is an error value; this is the last line of defence, so that a
  // failure nobody foresaw still ends with one clear line instead of an abort.
  try {
    return run_match(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "triad-match: unexpected failure: " << e.what() << "\n";
    return 1;
  }
}
