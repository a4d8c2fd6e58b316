// triad-analyse's command line (Boost.Program_options, one or two dashes) and its checks.
#include "analysis/config.h"

#include <unistd.h>

#include <cstring>
#include <sstream>
#include <vector>

#include <boost/program_options.hpp>

#include "adapters/common/text.h"
#include "runner/engine_spec.h"
#include "runner/value_parsers.h"

namespace triad::analysis {

namespace {

namespace po = boost::program_options;

// -engine takes the runner's keys only: the search limit is -depth, -nodes or -movetime.
Result<void> apply_engine(AnalyseConfig& config, const std::vector<std::string>& items) {
  return runner::apply_items(
      "-engine", items, [&config](const std::string& key, const std::string& value) {
        auto applied = runner::apply_engine_key(config.engine, key, value);
        if (!applied) return Result<void>(applied.error());
        if (*applied) return Result<void>();
        return Result<void>(make_error("unknown engine key " + adapters::quote(key) + " (" +
                                       runner::kEngineKeys +
                                       "); give the limit as -depth, -nodes or -movetime"));
      });
}

// -engine's key=value words travel as one value, joined by kSep, so that the input file named
// after them is not taken for an engine item.
constexpr char kSep = '\x1f';

std::vector<std::string> group_engine_words(int argc, const char* const* argv) {
  std::vector<std::string> out;
  for (int i = 1; i < argc; ++i) {
    const std::string word = argv[i];
    if (word != "-engine" && word != "--engine") {
      out.push_back(word);
      continue;
    }
    std::string joined;
    for (; i + 1 < argc && argv[i + 1][0] != '-' && std::strchr(argv[i + 1], '='); ++i)
      joined += (joined.empty() ? "" : std::string(1, kSep)) + argv[i + 1];
    out.push_back("--engine=" + joined);
  }
  return out;
}

std::vector<std::string> split_group(const std::string& joined) {
  std::vector<std::string> items;
  for (const auto part : adapters::split_on(joined, kSep))
    if (!part.empty()) items.emplace_back(part);
  return items;
}

po::options_description describe() {
  po::options_description d(
      "triad-analyse: analyses every position of a file with a UCI/UGI engine and writes one "
      "JSON line per position, in input order.\nUsage: triad-analyse [options] INPUT");
  // clang-format off
  d.add_options()
    ("help", "this text")
    ("input", po::value<std::string>(), "FILE: position lines or game records (also the first plain argument)")
    ("format", po::value<std::string>()->default_value("auto"), "auto | positions | records: what INPUT holds (auto: records if a line starts with '[')")
    ("output", po::value<std::string>(), "FILE: the JSON lines (default: standard output)")
    ("resume", "continue -output: the positions already in it are kept, a cut-off last line is removed")
    ("variant", po::value<std::string>()->default_value("razzledazzle"), "NAME: variant of position lines and of records without a Variant tag")
    ("engine", po::value<std::vector<std::string>>()->composing(), "cmd=C [arg=A]... [dir=D] [proto=uci|ugi] [name=N] [option.NAME=V]...: the engine (default: triad beside this program, else in PATH)")
    ("depth", po::value<std::string>(), "N: search depth")
    ("nodes", po::value<std::string>(), "N: nodes per position (deterministic with option.Threads=1)")
    ("movetime", po::value<std::string>(), "MS: time per position")
    ("multipv", po::value<std::string>()->default_value("1"), "K: best lines per position (1-256)")
    ("concurrency", po::value<std::string>()->default_value("1"), "K: engine processes at once (with -mpi: on each worker rank)")
    ("mpi", "distributed: mpirun -np N triad-analyse -mpi ... (rank 0 reads and writes, ranks 1..N-1 analyse)")
    ("chunk", po::value<std::string>()->default_value("4"), "N: positions per work unit of a -mpi run")
    ("mpilease", po::value<std::string>()->default_value("60"), "SECONDS: with -mpi, a worker rank not heard from for this long is presumed lost and its positions go to other workers (1 to 3600)")
    ("timeout", po::value<std::string>(), "MS: longest wait for one position before the engine is restarted (default: 2 x movetime + 5000, or 60000)")
    ("retries", po::value<std::string>()->default_value("2"), "N: attempts after an engine failure on a position, with a fresh engine, before an error line is written")
    ("log", po::value<std::string>(), "DIR: engine stderr logs")
    ("quiet", "no progress bar");
  // clang-format on
  return d;
}

// The numeric flag `name` in [low, high] (the one wording of runner::parse_int).
template <class T>
Result<T> bounded(const po::variables_map& vm, const char* name, T low, T high) {
  return runner::parse_int<T>(vm[name].as<std::string>(), "-" + std::string(name), low, high);
}

Result<AnalyseConfig> build(const po::variables_map& vm) {
  AnalyseConfig c;
  if (!vm.count("input")) return make_error("no input file (triad-analyse [options] INPUT)");
  c.input = vm["input"].as<std::string>();
  const std::string format = vm["format"].as<std::string>();
  if (format == "positions") {
    c.format = InputFormat::kPositions;
  } else if (format == "records") {
    c.format = InputFormat::kRecords;
  } else if (format != "auto") {
    return make_error("-format " + adapters::quote(format) + " must be auto, positions or records");
  }
  if (vm.count("output")) c.output = vm["output"].as<std::string>();
  c.resume = vm.count("resume") > 0;
  if (c.resume && c.output.empty())
    return make_error("-resume needs -output FILE (the output it continues)");
  c.variant = vm["variant"].as<std::string>();
  c.engine.name = "engine";
  c.engine.command = default_engine_command();
  if (vm.count("engine"))
    for (const auto& group : vm["engine"].as<std::vector<std::string>>())
      if (auto r = apply_engine(c, split_group(group)); !r) return r.error();
  if (c.engine.builtin())
    return make_error("-engine cmd=" + c.engine.command +
                      " is a triad-match player; analysis needs a UCI/UGI engine");
  if (vm.count("depth")) TRIAD_ASSIGN(c.limits.depth, bounded(vm, "depth", 1, 1000));
  if (vm.count("nodes"))
    TRIAD_ASSIGN(c.limits.nodes, bounded<std::uint64_t>(vm, "nodes", 1, UINT64_MAX / 2));
  if (vm.count("movetime"))
    TRIAD_ASSIGN(c.limits.move_time, bounded<std::int64_t>(vm, "movetime", 1, 86'400'000));
  if (!c.limits.depth && !c.limits.nodes && !c.limits.move_time)
    return make_error("no search limit: give -depth N, -nodes N or -movetime MS");
  TRIAD_ASSIGN(c.multipv, bounded(vm, "multipv", 1, kMaxMultiPv));
  TRIAD_ASSIGN(c.concurrency, bounded(vm, "concurrency", 1, runner::kMaxConcurrency));
  c.mpi = vm.count("mpi") > 0;
  TRIAD_ASSIGN(c.chunk, bounded(vm, "chunk", 1, 4096));
  TRIAD_ASSIGN(c.mpi_lease_seconds, bounded(vm, "mpilease", 1, 3600));
  TRIAD_ASSIGN(c.retries, bounded(vm, "retries", 0, kMaxRetries));
  if (vm.count("timeout")) {
    std::int64_t ms = 0;
    TRIAD_ASSIGN(ms, bounded<std::int64_t>(vm, "timeout", 1, runner::kMaxWaitMs));
    c.timeout = std::chrono::milliseconds(ms);
  } else {
    c.timeout =
        std::chrono::milliseconds(c.limits.move_time ? 2 * *c.limits.move_time + 5000 : 60000);
  }
  if (vm.count("log")) c.log_dir = vm["log"].as<std::string>();
  c.progress = vm.count("quiet") == 0;
  return c;
}

}  // namespace

std::string default_engine_command() {
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto beside = self.parent_path() / "triad";
    if (std::filesystem::is_regular_file(beside, ec) && ::access(beside.c_str(), X_OK) == 0)
      return beside.string();
  }
  return "triad";
}

Result<CommandLine> parse_command_line(int argc, const char* const* argv) {
  const po::options_description desc = describe();
  po::positional_options_description positional;
  positional.add("input", 1);
  po::variables_map vm;
  try {
    po::store(
        po::command_line_parser(group_engine_words(argc, argv))
            .options(desc)
            .positional(positional)
            .style(po::command_line_style::unix_style | po::command_line_style::allow_long_disguise)
            .run(),
        vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return make_error(std::string(e.what()) + " (see triad-analyse -help)");
  }
  CommandLine out;
  if (vm.count("help")) {
    std::ostringstream text;
    text << desc;
    out.show_help = true;
    out.help_text = text.str();
    return out;
  }
  auto config = build(vm);
  if (!config) return make_error(config.error().message + " (see triad-analyse -help)");
  out.config = std::move(*config);
  return out;
}

}  // namespace triad::analysis
