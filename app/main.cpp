// The triad binary: parses the command line, applies --variants/--variant/--option, then
// either runs the commands given on the command line and exits (`triad bench`), or runs the
// protocol session on stdin/stdout until quit or end of input.
#include <iostream>
#include <string>

#include "adapters/common/variants.h"
#include "protocol/cli.h"
#include "protocol/session.h"
#include "triad_version.h"

namespace {

// Applies the command-line settings to the session; prints why on failure.
bool configure(triad::protocol::Session& session, const triad::protocol::CliOptions& cli) {
  auto apply = [&](const std::string& name, const std::string& value) {
    if (auto r = session.configure(name, value); !r) {
      std::cerr << "triad: " << r.error().message << "\n";
      return false;
    }
    return true;
  };
  for (const auto& file : cli.variant_files)
    if (!apply("VariantPath", file)) return false;
  if (!cli.variant.empty() && !apply("UCI_Variant", cli.variant)) return false;
  for (const auto& option : cli.options) {
    const auto eq = option.find('=');
    if (eq == std::string::npos) {
      std::cerr << "triad: --option '" << option << "' : expected \"Name=value\"\n";
      return false;
    }
    if (!apply(option.substr(0, eq), option.substr(eq + 1))) return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  auto cli = triad::protocol::parse_command_line(argc, argv);
  if (!cli) {
    std::cerr << "triad: " << cli.error().message << "\n";
    return 2;
  }
  if (cli->show_version) {
    std::cout << "Triad " << triad::kVersion << "\n";
    return 0;
  }
  triad::protocol::Session session(std::cout, triad::adapters::VariantRegistry::builtin());
  if (cli->show_help) {
    std::cout << cli->help_text << "\nEngine options (set with --option \"Name=value\"):\n";
    for (const auto& line : session.option_lines()) std::cout << "  " << line.substr(12) << "\n";
    return 0;
  }
  if (!configure(session, *cli)) return 2;
  if (!cli->commands.empty()) {
    // Each positional argument is one protocol line; a search is waited for, not stopped.
    for (const auto& command : cli->commands) {
      const bool more = session.execute(command);
      session.wait_for_search();
      if (!more) break;
    }
    return 0;
  }
  return session.run(std::cin);
}
