// The triad command line (Boost.Program_options): parsed into CliOptions, errors as values.
#pragma once

#include <string>
#include <vector>

#include "engine/core/result.h"

namespace triad::protocol {

struct CliOptions {
  bool show_help = false;
  bool show_version = false;
  std::string help_text;                   // filled when show_help
  std::string variant;                     // --variant / --game ("" = default)
  std::vector<std::string> variant_files;  // --variants FILE (repeatable)
  std::vector<std::string> options;        // --option "Name=value" (repeatable)
  std::vector<std::string>
      commands;  // positional: protocol lines run instead of stdin, e.g. "bench"
};

// argv[0] is skipped. Unknown flags and malformed values give an Error that says which/why.
Result<CliOptions> parse_command_line(int argc, const char* const* argv);

}  // namespace triad::protocol
