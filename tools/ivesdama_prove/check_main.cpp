// triad-ivesdama-check: verifies an Íves dáma proof file (triad-ivesdama-prove's) move by move
// against the rules and the endgame tables, and prints what it proves.
//   triad-ivesdama-check -tables tb/ivesdama -file start.proof
#include <fstream>
#include <iostream>

#include "adapters/common/text.h"
#include "runner/command_line.h"
#include "tools/ivesdama_prove/check.h"
#include "tools/ivesdama_prove/setup.h"

namespace {

namespace runner = triad::runner;
namespace po = boost::program_options;
using namespace triad::tools::ivesdama;
constexpr const char* kProgram = "triad-ivesdama-check";

int run(int argc, char** argv) {
  po::options_description opts;
  add_setup_options(opts);
  opts.add_options()("file", po::value<std::string>()->required(), "FILE: the proof file");
  const std::vector<std::string> words(argv + 1, argv + argc);
  if (runner::asks_help(words)) {
    std::cout << runner::help_text(
        {"triad-ivesdama-check -tables DIR -file FILE [options]",
         "Checks an Íves dáma proof file move by move against the rules and the endgame tables "
         "and prints the result it proves (docs/tables.md \"Proofs\").",
         "the proof is refused (one line on standard error says where and why)", ""},
        opts);
    return runner::kExitOk;
  }
  const auto vm = runner::parse_words(kProgram, words, opts);
  if (!vm) return runner::report_error(kProgram, vm.error().message);
  const auto setup = open_setup(*vm);
  if (!setup) return runner::report_error(kProgram, setup.error().message);
  const std::string file = (*vm)["file"].as<std::string>();
  std::ifstream in(file);
  if (!in)
    return runner::report_error(kProgram,
                                "-file: " + triad::adapters::quote(file) + ": cannot be read");
  const auto doc = parse_proof(in, file);
  if (!doc) return runner::report_error(kProgram, doc.error().message, runner::kExitFailed);
  if (doc->variant != setup->variant)
    return runner::report_error(
        kProgram,
        file + ": a proof for variant '" + doc->variant + "', not '" + setup->variant + "'",
        runner::kExitFailed);
  const auto result = check_proof(*doc, setup->ives(), *setup->tables);
  if (!result)
    return runner::report_error(kProgram, file + ": " + result.error().message,
                                runner::kExitFailed);
  std::cout << "verified: " << result->verdict << " from " << doc->root << " (" << result->nodes
            << " nodes, " << result->leaves << " leaves, " << result->cycles
            << " cycles drawn by repetition, tables of " << setup->tables->max_stones()
            << " stones)" << std::endl;
  return runner::kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  return runner::run_main(kProgram, [&] { return run(argc, argv); });
}
