// Command-line parsing for the triad binary.
#include "protocol/cli.h"

#include <sstream>

#include <boost/program_options.hpp>

namespace triad::protocol {

namespace po = boost::program_options;

Result<CliOptions> parse_command_line(int argc, const char* const* argv) {
  CliOptions out;
  po::options_description visible(
      "Usage: triad [options] [command ...]\n"
      "Starts the Triad engine daemon (UCI + UGI on stdin/stdout) and reads protocol lines\n"
      "until quit or end of input. Commands given after the options, one protocol line per\n"
      "argument (e.g. `triad bench` or `triad \"position startpos\" \"go perft 3\"`), are run\n"
      "instead, each search to its end, and then triad exits.\n\n"
      "Options");
  visible.add_options()("help,h", "show this help and exit")(
      "version,v", "show the version and exit")("variant", po::value<std::string>(&out.variant),
                                                "preselect a variant (UCI_Variant)")(
      "game", po::value<std::string>(&out.variant), "same as --variant")(
      "variants", po::value<std::vector<std::string>>(&out.variant_files),
      "load extra variants from a YAML file (repeatable)")(
      "option", po::value<std::vector<std::string>>(&out.options),
      "set an engine option, \"Name=value\" (repeatable)");
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::vector<std::string>>(&out.commands));
  po::options_description all;
  all.add(visible).add(hidden);
  po::positional_options_description positional;
  positional.add("command", -1);

  try {
    po::variables_map vm;
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
    out.show_help = vm.count("help") > 0;
    out.show_version = vm.count("version") > 0;
    if (vm.count("variant") && vm.count("game"))
      return make_error("--variant and --game name the same setting; give only one");
  } catch (const po::error& e) {
    return make_error(std::string("command line: ") + e.what() + " (see triad --help)");
  }
  std::ostringstream help;
  help << visible;
  out.help_text = help.str();
  return out;
}

}  // namespace triad::protocol
