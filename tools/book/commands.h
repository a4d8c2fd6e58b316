// The triad-book commands (docs/books.md): each reads its own options from `args` (the words
// after the command name), writes its report to `out` and returns an error for bad input.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "engine/core/result.h"

namespace triad::tools::book {

Result<void> run_build(const std::vector<std::string>& args, std::ostream& out);
Result<void> run_show(const std::vector<std::string>& args, std::ostream& out);
Result<void> run_merge(const std::vector<std::string>& args, std::ostream& out);
Result<void> run_expand(const std::vector<std::string>& args, std::ostream& out);
Result<void> run_suite(const std::vector<std::string>& args, std::ostream& out);

}  // namespace triad::tools::book
