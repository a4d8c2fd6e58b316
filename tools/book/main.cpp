// triad-book: opening books and opening suites for Triad's variants (docs/books.md).
// `triad-book <command> [options]` with the commands build, show, merge, expand and suite;
// any error is one line on standard error and exit code 2.
#include <iostream>
#include <string>
#include <vector>

#include "tools/book/commands.h"

namespace {

constexpr const char* kUsage =
    "usage: triad-book <command> [options]   (triad-book <command> -help for its options)\n"
    "  build   a book from game records (PGN): -variant V -records F... -out BOOK\n"
    "  show    a position's book moves: -book BOOK [-fen LINE] [-moves M...]\n"
    "  merge   books into one: -books A B... -out BOOK\n"
    "  expand  grow a book by engine analysis, best first: -book BOOK [-variant V] -nodes N\n"
    "  suite   an opening suite for triad-match: -variant V -plies P -count N -window=LOW,HIGH "
    "-out FILE\n";

}  // namespace

int main(int argc, char** argv) {
  using namespace triad::tools::book;
  if (argc < 2) {
    std::cerr << kUsage;
    return 2;
  }
  const std::string command = argv[1];
  if (command == "-help" || command == "--help" || command == "help") {
    std::cout << kUsage;
    return 0;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  triad::Result<void> (*run)(const std::vector<std::string>&, std::ostream&) =
      command == "build"    ? run_build
      : command == "show"   ? run_show
      : command == "merge"  ? run_merge
      : command == "expand" ? run_expand
      : command == "suite"  ? run_suite
                            : nullptr;
  if (!run) {
    std::cerr << "triad-book: error: unknown command '" << command.substr(0, 40)
              << "' (build, show, merge, expand or suite)\n";
    return 2;
  }
  if (auto r = run(args, std::cout); !r) {
    std::cerr << "triad-book " << command << ": error: " << r.error().message << "\n";
    return 2;
  }
  return 0;
}
