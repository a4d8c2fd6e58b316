// triad-tables' command line, in the one convention of Triad's programs (runner/command_line.h).
#include "tables/config.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <thread>
#include <vector>

#include "adapters/tables/table_set.h"
#include "adapters/tables/variant_option.h"

namespace triad::tables {

namespace {

namespace po = boost::program_options;

constexpr const char* kProgram = "triad-tables";
constexpr int kMaxStones = 12;
constexpr std::uint64_t kLeastMemory = 1 << 20;  // a piece of at least a few blocks

const runner::Help kHelp{
    "triad-tables -stones N -dir DIR [options]",
    "Builds the exact result and distance to the end of every Íves dáma position with at most N "
    "stones, one file per material in DIR (resumable: run the same command again after an "
    "interruption), or checks such a folder (-verify).",
    "-verify found entries that disagree with their children, or a file missing, truncated, "
    "damaged or of another variant; with -mpi, a worker rank failed",
    "interrupted (Ctrl-C, SIGTERM): stopped when the slice being built was written; the same "
    "command continues"};

po::options_description describe() {
  po::options_description d;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  // clang-format off
  d.add_options()
    ("help", "this text")
    ("variant", po::value<std::string>()->default_value("ivesdama"), "NAME: an Íves dáma variant")
    ("variants", po::value<std::vector<std::string>>()->composing(), "FILE: more variants (YAML, docs/protocol.md); may be repeated")
    ("stones", po::value<std::string>(), "N: every position with at most N stones, both sides together (1 to 12)")
    ("dir", po::value<std::string>(), "DIR: the folder of the table files (made if missing; one folder per variant; with -mpi, shared by every rank)")
    ("threads", po::value<std::string>()->default_value(std::to_string(cores)), "N: threads (1 to 256; with -mpi: on each worker rank)")
    ("memory", po::value<std::string>(), "SIZE: build within about this much memory (512M, 16G): the smaller slices are read from their files, and a slice too large is built in pieces on disk (default: no limit, every value in memory)")
    ("verify", "build nothing: check every file (header, checksums) and every entry against its children (one process: not with -mpi)")
    ("plan", "build nothing: print per stone total the slices, positions and largest slice (with -memory, its pieces); no -dir needed");
  runner::add_distributed_options(d);
  d.add_options()
    ("quiet", "no progress bar");
  // clang-format on
  return d;
}

// A size in bytes: digits with an optional unit K, M, G or T (powers of 1024), "512M", "16G".
// Error: "-memory 'TEXT' is not a size (…)", too large, or below the least a build works in.
Result<std::uint64_t> parse_memory(std::string_view text) {
  const std::string shown = "-memory " + adapters::quote(text);
  const std::string_view units = "KMGT";
  const std::size_t unit = text.empty() ? 0 : units.find(text.back());
  const std::string_view digits =
      unit == std::string_view::npos ? text : text.substr(0, text.size() - 1);
  std::uint64_t number = 0;
  const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), number);
  if (digits.empty() || ec != std::errc() || p != digits.data() + digits.size())
    return make_error(shown +
                      " is not a size (a number of bytes, or with K, M, G or T: 512M, 16G)");
  const int shift = unit == std::string_view::npos ? 0 : 10 * (static_cast<int>(unit) + 1);
  if (number > (std::numeric_limits<std::uint64_t>::max() >> shift))
    return make_error(shown + " is too large");
  const std::uint64_t bytes = number << shift;
  if (bytes < kLeastMemory)
    return make_error(shown + " is less than the least a build works in (1M)");
  return bytes;
}

Result<TablesConfig> build(const po::variables_map& vm) {
  TablesConfig c;
  c.plan = vm.count("plan") > 0;
  for (const char* required : {"stones", "dir"})
    if (!vm.count(required) && !(c.plan && std::string(required) == "dir"))
      return make_error(std::string("no -") + required + " (see " + kProgram + " -help)");
  auto variant = read_ives_variant(vm, "tables are built for Íves dáma");
  if (!variant) return variant.error();
  c.variant = std::move(variant->game);
  const int points = c.game().geometry().num_points;
  TRIAD_ASSIGN(c.max_stones, runner::int_option(vm, "-stones", 1, std::min(kMaxStones, points)));
  TRIAD_ASSIGN(c.threads, runner::int_option(vm, "-threads", 1, 256));
  if (vm.count("dir")) c.dir = vm["dir"].as<std::string>();
  if (vm.count("memory")) TRIAD_ASSIGN(c.memory, parse_memory(vm["memory"].as<std::string>()));
  c.verify = vm.count("verify") > 0;
  c.progress = vm.count("quiet") == 0;
  auto distributed = runner::read_distributed_options(vm);
  if (!distributed) return distributed.error();
  c.mpi = distributed->mpi;
  c.mpi_lease_seconds = distributed->lease_seconds;
  if (c.memory && c.verify)
    return make_error("-memory is for a build: -verify keeps the values in memory");
  if (c.mpi && c.verify)
    return make_error("-verify runs on one process: leave out -mpi (docs/tables.md)");
  if (c.plan && (c.mpi || c.verify))
    return make_error("-plan builds nothing: leave out -mpi and -verify");
  return c;
}

}  // namespace

const iv::Game& TablesConfig::game() const {
  return ives_dama(*variant)->game();
}

Result<CommandLine> parse_command_line(int argc, const char* const* argv) {
  const po::options_description desc = describe();
  const std::vector<std::string> words(argv + 1, argv + argc);
  const po::positional_options_description none;  // a plain argument is an error
  return runner::read_command_line<TablesConfig>(kProgram, kHelp, words, desc, none, build);
}

}  // namespace triad::tables
