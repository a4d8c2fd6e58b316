// triad-match: parses the command line / YAML configuration, sets up the variant from the
// registry (built-in variants plus -variants files) and runs the tournament.
#include <iostream>

#include "adapters/common/variants.h"
#include "tournament/config.h"
#include "tournament/signal_watcher.h"
#include "tournament/tournament.h"

namespace {

int run_match(int argc, char** argv) {
  using namespace triad;
  auto cli = tournament::parse_command_line(argc, argv);
  if (!cli) {
    std::cerr << "triad-match: " << cli.error().message << "\n(see triad-match -help)\n";
    return 2;
  }
  if (cli->show_help) {
    std::cout << cli->help_text;
    return 0;
  }
  auto registry = adapters::VariantRegistry::builtin();
  for (const auto& file : cli->config.variant_files) {
    if (auto r = registry.load_file(file); !r) {
      std::cerr << "triad-match: " << r.error().message << "\n";
      return 2;
    }
  }
  const std::string variant = cli->config.variant;
  if (!registry.find(variant)) {
    std::cerr << "triad-match: unknown variant '" << variant << "' (known:";
    for (const auto& name : registry.names()) std::cerr << " " << name;
    std::cerr << ")\n";
    return 2;
  }
  tournament::GameFactory factory = [&registry, variant] { return registry.create(variant); };
  tournament::Tournament match(std::move(cli->config), factory, std::cout);
  // Ctrl-C / SIGTERM: stop at once (games in progress abandoned, their engines killed;
  // finished results, state and summary written); a second one exits immediately.
  tournament::SignalWatcher signals([&match] { match.interrupt(); },
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
