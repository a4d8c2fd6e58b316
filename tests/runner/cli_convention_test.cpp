// The one command-line convention (runner/command_line.h) as every program keeps it, run as
// processes: -help in one layout, a bad option or number refused with exit status 2 and one
// line "<program>: <what>: <why>", one wording of a range error and of an unknown variant,
// and -variants in every program that takes a variant.
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/child_process.h"

namespace triad::runner {
namespace {

namespace fs = std::filesystem;

struct Program {
  std::string name;  // as its messages name it ("triad-book expand")
  std::string path;
  std::vector<std::string> before;  // words before the options (a triad-book command)
};

const std::vector<Program> kPrograms = {
    {"triad-match", TRIAD_BINARY_DIR "/triad-match", {}},
    {"triad-analyse", TRIAD_BINARY_DIR "/triad-analyse", {}},
    {"triad-book expand", TRIAD_BINARY_DIR "/triad-book", {"expand"}},
    {"triad-book suite", TRIAD_BINARY_DIR "/triad-book", {"suite"}},
    {"triad-yinyang-prove", TRIAD_YINYANG_PROVE, {}},
    {"triad-datagen", TRIAD_BINARY_DIR "/triad-datagen", {}},
    {"triad-tables", TRIAD_BINARY_DIR "/triad-tables", {}},
    {"triad-ivesdama-prove", TRIAD_IVESDAMA_PROVE, {}},
    {"triad-ivesdama-check", TRIAD_IVESDAMA_CHECK, {}},
};

struct ProgramRun {
  int exit_code = -1;
  std::string out, err;
};

ProgramRun run(const Program& program, const std::vector<std::string>& words) {
  const fs::path dir = fs::temp_directory_path() / ("triad-cli-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<std::string> args = {program.path};
  args.insert(args.end(), program.before.begin(), program.before.end());
  args.insert(args.end(), words.begin(), words.end());
  const auto done = triad::testing::run_to_end({args, dir / "out", dir / "err", dir}, dir,
                                               std::chrono::seconds(60));
  ProgramRun r;
  if (!done.exit_code) ADD_FAILURE() << program.name << " did not end";
  r.exit_code = done.exit_code.value_or(-1);
  r.out = done.out;
  r.err = done.err;
  std::error_code ec;
  fs::remove_all(dir, ec);
  return r;
}

// One line on standard error, exit status 2, "<program>: " + `rest`.
void expect_refused(const ProgramRun& r, const std::string& program, const std::string& rest) {
  EXPECT_EQ(r.exit_code, 2) << program << ": " << r.err;
  EXPECT_EQ(r.err, program.substr(0, program.find(' ')) + ": " +
                       (program.find(' ') == std::string::npos
                            ? std::string()
                            : program.substr(program.find(' ') + 1) + ": ") +
                       rest + "\n");
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(CommandLine, EveryProgramsHelpHasOneLayout) {
  for (const auto& program : kPrograms) {
    const ProgramRun help = run(program, {"-help"});
    EXPECT_EQ(help.exit_code, 0) << program.name;
    EXPECT_EQ(help.out.rfind("Usage: " + program.name + " ", 0), 0u) << help.out;
    EXPECT_NE(help.out.find("\n\nOptions (-name value, --name value or -name=value; a negative "
                            "value needs '='):\n"),
              std::string::npos)
        << help.out;
    EXPECT_NE(help.out.find("\nExit status:\n  0    done\n"), std::string::npos) << help.out;
    EXPECT_NE(help.out.find("\n  2    refused: bad usage or input"), std::string::npos) << help.out;
    EXPECT_EQ(run(program, {"--help"}).out, help.out) << program.name;
  }
}

TEST(CommandLine, AnUnknownOptionIsOneLineThatPointsToTheHelp) {
  for (const auto& program : kPrograms)
    expect_refused(run(program, {"-nosuchoption"}), program.name,
                   "unrecognised option '-nosuchoption' (see " + program.name + " -help)");
}

TEST(CommandLine, ANumberOutOfRangeHasOneWordingInEveryProgram) {
  // Each program that takes a number (by its index in kPrograms) with its other required
  // words, a node or count limit below its range, and the message.
  struct Case {
    std::size_t program;
    std::vector<std::string> words;
    std::string expected;
  };
  const std::vector<Case> cases = {
      {0,
       {"-engine", "name=a", "cmd=builtin:random", "-engine", "name=b", "cmd=builtin:random",
        "-games=-9223372036854775809"},
       "-games '-9223372036854775809' is outside 1..2147483647"},
      {1,
       {"-nodes=-9223372036854775809", "in.txt"},
       "-nodes '-9223372036854775809' is outside 1..9223372036854775807"},
      {2,
       {"-book", "x.book", "-variant", "yinyang", "-nodes=-9223372036854775809"},
       "-nodes '-9223372036854775809' is outside 1..9223372036854775807"},
      {3,
       {"-variant", "yinyang", "-out", "s.txt", "-nodes=-9223372036854775809"},
       "-nodes '-9223372036854775809' is outside 1..9223372036854775807"},
      {4,
       {"--file", "p.proof", "--max-nodes=-9223372036854775809"},
       "--max-nodes '-9223372036854775809' is outside 0..18446744073709551615"},
      {5,
       {"-games", "3", "-output", "d.bin", "-nodes=-9223372036854775809"},
       "-nodes '-9223372036854775809' is outside 1..1099511627776"},
      {6,
       {"-dir", "t", "-stones=-9223372036854775809"},
       "-stones '-9223372036854775809' is outside 1..12"},
      {7,
       {"-tables", "t", "-file", "p.proof", "-nodes=-9223372036854775809"},
       "-nodes '-9223372036854775809' is outside 0..9223372036854775807"},
      // triad-ivesdama-check takes no number.
  };
  for (const Case& c : cases)
    expect_refused(run(kPrograms[c.program], c.words), kPrograms[c.program].name, c.expected);
}

// The same text with every run of blanks and line breaks made one space (-help wraps each
// program's table at its own width).
std::string collapsed(const std::string& text) {
  std::string out;
  for (const char c : text)
    if (c != ' ' && c != '\n')
      out += c;
    else if (!out.empty() && out.back() != ' ')
      out += ' ';
  return out;
}

// -mpi and -mpilease are declared once for the three programs that run distributed: one help
// text and one check of the lease.
TEST(CommandLine, TheDistributedOptionsHaveOneHelpAndOneCheck) {
  // Each program with its other required words.
  const std::map<std::string, std::vector<std::string>> required = {
      {"triad-match",
       {"-engine", "name=a", "cmd=builtin:random", "-engine", "name=b", "cmd=builtin:random"}},
      {"triad-analyse", {"-nodes", "1", "in.txt"}},
      {"triad-datagen", {"-games", "3", "-output", "d.bin"}},
  };
  for (const auto& program : kPrograms) {
    const auto words = required.find(program.name);
    if (words == required.end()) continue;
    SCOPED_TRACE(program.name);
    const auto help = run(program, {"-help"});
    EXPECT_NE(collapsed(help.out).find(
                  "distributed run: mpirun -np N PROGRAM -mpi ... (rank 0 reads and writes, ranks "
                  "1..N-1 work, -concurrency at a time each; docs/cluster.md)"),
              std::string::npos)
        << help.out;
    EXPECT_NE(collapsed(help.out).find(
                  "--mpilease arg SECONDS: with -mpi, a worker rank not heard from for this long "
                  "is presumed lost and its work goes to other workers (default 60, 1 to 3600)"),
              std::string::npos)
        << help.out;
    for (const std::string lease : {"0", "3601"}) {
      auto args = words->second;
      args.insert(args.end(), {"-mpilease", lease});
      expect_refused(run(program, args), program.name,
                     "-mpilease '" + lease + "' is outside 1..3600");
    }
  }
}

TEST(CommandLine, EveryProgramThatTakesAVariantNamesTheUnknownOneAlikeAndTakesVariantsFiles) {
  // Each program of kPrograms that takes -variant, with the other words it needs.
  const std::vector<std::pair<std::size_t, std::vector<std::string>>> runs = {
      {0, {"-engine", "name=a", "cmd=builtin:random", "-engine", "name=b", "cmd=builtin:random"}},
      {1, {"-depth", "1", "in.txt"}},
      {2, {"-book", "x.book"}},
      {3, {"-out", "s.txt"}},
      {5, {"-games", "1", "-output", "x.bin"}},
      {6, {"-stones", "2", "-dir", "t"}},
      {7, {"-tables", "t", "-file", "p.proof"}},
      {8, {"-tables", "t", "-file", "p.proof"}},
  };
  for (const auto& [index, words] : runs) {
    const Program& program = kPrograms[index];
    auto with = [&](std::vector<std::string> more) {
      more.insert(more.end(), words.begin(), words.end());
      return more;
    };
    const ProgramRun unknown = run(program, with({"-variant", "chess"}));
    expect_refused(unknown, program.name,
                   "-variant: unknown variant 'chess' (known: " +
                       unknown.err.substr(unknown.err.find("(known: ") + 8,
                                          unknown.err.size() - unknown.err.find("(known: ") - 9));
    EXPECT_NE(unknown.err.find("yinyang"), std::string::npos) << unknown.err;
    const ProgramRun missing =
        run(program, with({"-variant", "yinyang", "-variants", "nofile.yaml"}));
    EXPECT_EQ(missing.exit_code, 2) << program.name;
    EXPECT_NE(missing.err.find(": -variants: variant file 'nofile.yaml': cannot open it"),
              std::string::npos)
        << program.name << ": " << missing.err;
  }
}

}  // namespace
}  // namespace triad::runner
