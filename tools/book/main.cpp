// triad-book: opening books and opening suites for Triad's variants (docs/books.md).
// `triad-book <command> [options]` with the commands build, show, merge, expand and suite;
// the runner's command-line convention (runner/command_line.h): any error is one line
// "triad-book: <command>: <why>" on standard error and exit status 2.
#include <iostream>
#include <string>
#include <vector>

#include "adapters/common/text.h"
#include "runner/command_line.h"
#include "tools/book/commands.h"

namespace {

namespace runner = triad::runner;

constexpr const char* kProgram = "triad-book";

// The program's help: its commands (each command's -help lists its options).
std::string usage() {
  return "Usage: triad-book <command> [options]   (triad-book <command> -help for its options)\n"
         "Opening books and opening suites for Triad's variants.\n\n"
         "Commands:\n"
         "  build   a book from game records (PGN): -variant V -records F... -out BOOK\n"
         "  show    a position's book moves: -book BOOK [-fen LINE] [-moves M...]\n"
         "  merge   books into one: -books A B... -out BOOK\n"
         "  expand  grow a book by engine analysis, best first: -book BOOK [-variant V] -nodes N\n"
         "  suite   an opening suite for triad-match: -variant V -plies P -count N "
         "-window=LOW,HIGH -out FILE\n\n" +
         runner::exit_status_text({});
}

}  // namespace

int main(int argc, char** argv) {
  using namespace triad::tools::book;
  if (argc < 2) {
    std::cerr << usage();
    return runner::kExitRefused;
  }
  const std::string command = argv[1];
  if (command == "-help" || command == "--help" || command == "-h" || command == "help") {
    std::cout << usage();
    return runner::kExitOk;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  triad::Result<void> (*run)(const std::vector<std::string>&, std::ostream&) =
      command == "build"    ? run_build
      : command == "show"   ? run_show
      : command == "merge"  ? run_merge
      : command == "expand" ? run_expand
      : command == "suite"  ? run_suite
                            : nullptr;
  if (!run)
    return runner::report_error(kProgram, "unknown command " + triad::adapters::quote(command) +
                                              " (build, show, merge, expand or suite; see "
                                              "triad-book -help)");
  return runner::run_main(kProgram, [&] {
    if (auto r = run(args, std::cout); !r)
      return runner::report_error(kProgram, command + ": " + r.error().message);
    return runner::kExitOk;
  });
}
