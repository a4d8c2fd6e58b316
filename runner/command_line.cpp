// The shared command-line convention (see command_line.h).
#include "runner/command_line.h"

#include <iostream>
#include <sstream>

namespace triad::runner {

int report_error(std::string_view program, std::string_view message, int status) {
  std::string line(message);
  for (char& c : line)
    if (c == '\n' || c == '\r') c = ' ';
  // One write: the error lines of several processes sharing a stream (the ranks of an MPI
  // job) must not interleave.
  std::cerr << (std::string(program) + ": " + line + "\n");
  return status;
}

int run_main(std::string_view program, const std::function<int()>& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    return report_error(program, std::string("unexpected failure: ") + e.what(), kExitFailed);
  }
}

std::string exit_status_text(const Help& help) {
  std::string text = "Exit status:\n  0    done\n";
  if (!help.failed.empty()) text += "  1    " + help.failed + "\n";
  text += "  2    refused: bad usage or input (one line on standard error says what and why)\n";
  if (!help.interrupted.empty()) text += "  130  " + help.interrupted + "\n";
  return text;
}

std::string help_text(const Help& help, const po::options_description& options) {
  std::ostringstream text;
  text << "Usage: " << help.usage << "\n" << help.summary << "\n\n";
  text << "Options (-name value, --name value or -name=value; a negative value needs '='):\n";
  text << options << "\n" << exit_status_text(help);
  return text.str();
}

bool asks_help(const std::vector<std::string>& words) {
  for (const auto& w : words)
    if (w == "-help" || w == "--help" || w == "-h") return true;
  return false;
}

Result<po::variables_map> parse_words(std::string_view program,
                                      const std::vector<std::string>& words,
                                      const po::options_description& options,
                                      const po::positional_options_description* positional) {
  po::variables_map vm;
  try {
    po::command_line_parser parser(words);
    parser.options(options).style(po::command_line_style::unix_style |
                                  po::command_line_style::allow_long_disguise);
    if (positional) parser.positional(*positional);
    po::store(parser.run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return make_error(std::string(e.what()) + " (see " + std::string(program) + " -help)");
  }
  return vm;
}

Result<int> parse_mpi_lease(std::string_view text, std::string_view flag) {
  return parse_int<int>(text, flag, 1, 3600);
}

void add_distributed_options(po::options_description& options) {
  options.add_options()("mpi", kMpiHelp)("mpilease", po::value<std::string>(), kMpiLeaseHelp);
}

Result<DistributedOptions> read_distributed_options(const po::variables_map& vm) {
  DistributedOptions out;
  out.mpi = vm.count("mpi") > 0;
  if (vm.count("mpilease"))
    TRIAD_ASSIGN(out.lease_seconds, parse_mpi_lease(vm["mpilease"].as<std::string>(), "-mpilease"));
  return out;
}

}  // namespace triad::runner
