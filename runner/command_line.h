// The one command-line convention of Triad's programs (triad-match, triad-analyse, triad-book,
// triad-yinyang-prove; docs/architecture.md "Command-line convention"): options written
// `-name value`, `--name value` or `-name=value` (a negative value needs `=`), one help
// layout, every error one line "<program>: <what>: <why>" on standard error, one set of exit
// statuses, every number read whole and range-checked in one wording (runner::parse_int).
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/program_options.hpp>

#include "engine/core/result.h"
#include "runner/value_parsers.h"

namespace triad::runner {

namespace po = boost::program_options;

// Exit statuses of every program.
inline constexpr int kExitOk = 0;             // done (or -help)
inline constexpr int kExitFailed = 1;         // the run started and ended with failures
inline constexpr int kExitRefused = 2;        // bad usage or input: refused before any work
inline constexpr int kExitInterrupted = 130;  // stopped by Ctrl-C / SIGTERM (when resumable)

// The exit status of a run that ended without an error: kExitInterrupted when a signal
// stopped it before its end (what it wrote stays, and the program continues it), else kExitOk.
inline int ended_status(bool interrupted, bool finished) {
  return interrupted && !finished ? kExitInterrupted : kExitOk;
}

// The most nodes any program asks an engine to search (the engines count in 64 bits).
inline constexpr std::uint64_t kMaxNodes = std::numeric_limits<std::int64_t>::max();

// Prints the error line "<program>: <message>" on standard error (line breaks in `message`
// become spaces, so it is one line) and returns `status`.
int report_error(std::string_view program, std::string_view message, int status = kExitRefused);

// Runs a program's body and returns its exit status. Every expected failure is an error
// value; this is the last line of defence, so that an exception nobody foresaw still ends
// with one line "<program>: unexpected failure: <what>" and exit status 1, not an abort.
int run_main(std::string_view program, const std::function<int()>& body);

// The help layout of every program: usage, summary, the options, the exit statuses (`failed`
// says what exit status 1 means for this program; empty = the program never ends with 1).
struct Help {
  std::string usage;        // "triad-analyse [options] INPUT"
  std::string summary;      // one or two sentences
  std::string failed;       // "the engine failed on three positions in a row"
  std::string interrupted;  // what exit status 130 means (empty = not used)
};
std::string help_text(const Help& help, const po::options_description& options);
// The help's last part alone: one line per exit status.
std::string exit_status_text(const Help& help);

// Whether the words ask for help (-help, --help, or -h).
bool asks_help(const std::vector<std::string>& words);

// The words (without the program name) parsed against `options` (and `positional`, if set).
// A Boost error becomes "<what> (see <program> -help)".
Result<po::variables_map> parse_words(std::string_view program,
                                      const std::vector<std::string>& words,
                                      const po::options_description& options,
                                      const po::positional_options_description* positional = {});

// A program's reading of its command line: its settings, or the text -help asks for.
template <class Config>
struct CommandLine {
  Config config;
  bool show_help = false;
  std::string help_text;
};

// The words read against `options` (and `positional`): -help's text when they ask for it,
// else the settings `build` makes of the values (its errors and parse_words's are the
// result's).
template <class Config>
Result<CommandLine<Config>> read_command_line(
    std::string_view program, const Help& help, const std::vector<std::string>& words,
    const po::options_description& options, const po::positional_options_description& positional,
    const std::function<Result<Config>(const po::variables_map&)>& build) {
  CommandLine<Config> out;
  if (asks_help(words)) {
    out.show_help = true;
    out.help_text = help_text(help, options);
    return out;
  }
  auto vm = parse_words(program, words, options, &positional);
  if (!vm) return vm.error();
  auto config = build(*vm);
  if (!config) return config.error();
  out.config = std::move(*config);
  return out;
}

// The integer option `flag` ("-nodes"; declared as a string option named without dashes) in
// [low, high], through runner::parse_int: "-nodes '-9' is outside 1..9223372036854775807".
template <class T>
Result<T> int_option(const po::variables_map& vm, std::string_view flag, T low, T high) {
  const std::string name(flag.substr(flag.find_first_not_of('-')));
  return parse_int<T>(vm[name].as<std::string>(), flag, low, high);
}

// The same for an option that may be absent: nothing when it was not given.
template <class T>
Result<std::optional<T>> optional_int_option(const po::variables_map& vm, std::string_view flag,
                                             T low, T high) {
  const std::string name(flag.substr(flag.find_first_not_of('-')));
  if (!vm.count(name)) return std::optional<T>();
  auto value = int_option<T>(vm, flag, low, high);
  if (!value) return value.error();
  return std::optional<T>(*value);
}

// -mpi and -mpilease, the options of a distributed run (docs/cluster.md), declared once for
// triad-match, triad-analyse and triad-datagen: one help text and one check.
inline constexpr const char* kMpiHelp =
    "distributed run: mpirun -np N PROGRAM -mpi ... (rank 0 reads and writes, ranks 1..N-1 "
    "work, -concurrency at a time each; docs/cluster.md)";
inline constexpr const char* kMpiLeaseHelp =
    "SECONDS: with -mpi, a worker rank not heard from for this long is presumed lost and its "
    "work goes to other workers (default 60, 1 to 3600)";
inline constexpr int kDefaultMpiLeaseSeconds = 60;
// `text` as -mpilease's seconds: "-mpilease '0' is outside 1..3600".
Result<int> parse_mpi_lease(std::string_view text, std::string_view flag);

struct DistributedOptions {
  bool mpi = false;
  int lease_seconds = kDefaultMpiLeaseSeconds;
};
// -mpi and -mpilease in a program's Boost.Program_options table, and their values.
void add_distributed_options(po::options_description& options);
Result<DistributedOptions> read_distributed_options(const po::variables_map& vm);

}  // namespace triad::runner
