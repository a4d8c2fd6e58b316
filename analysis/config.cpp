// triad-analyse's command line (the runner's convention, runner/command_line.h) and its
// checks.
#include "analysis/config.h"

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <sstream>
#include <utility>
#include <vector>

#include <boost/program_options.hpp>

#include "adapters/common/text.h"
#include "analysis/exact.h"
#include "runner/command_line.h"
#include "runner/engine_spec.h"
#include "runner/output_files.h"
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

const runner::Help kHelp{
    "triad-analyse [options] INPUT",
    "Analyses every position of a file with a UCI/UGI engine and writes one JSON line per "
    "position, in input order; with -review, judges every move of every game.",
    "the run failed after it started (the engine failed on three positions in a row, an output "
    "failed); -resume continues",
    "interrupted (Ctrl-C, SIGTERM); -resume continues"};

po::options_description describe() {
  po::options_description d;
  // clang-format off
  d.add_options()
    ("help", "this text")
    ("input", po::value<std::string>(), "FILE: position lines or game records (also the first plain argument)")
    ("format", po::value<std::string>()->default_value("auto"), "auto | positions | records: what INPUT holds (auto: records if a line starts with '[')")
    ("output", po::value<std::string>(), "FILE: the JSON lines (default: standard output)")
    ("review", "game review: every move of every game judged against the engine's best (one line per move, a summary line per game)")
    ("annotate", po::value<std::string>(), "FILE: with -review, the games as annotated records (evaluations, ?! ? ?? and the best line)")
    ("tb", po::value<std::string>(), "DIR: with -review, Íves dáma's endgame tables in DIR decide the moves inside them (docs/tables.md)")
    ("resume", "continue -output: the positions already in it are kept, a cut-off last line is removed")
    ("variant", po::value<std::string>()->default_value("razzledazzle"), "NAME: variant of position lines and of records without a Variant tag")
    ("variants", po::value<std::vector<std::string>>()->composing(), "FILE: more variants (YAML, docs/protocol.md); may be repeated")
    ("engine", po::value<std::vector<std::string>>()->composing(), "cmd=C [arg=A]... [dir=D] [proto=uci|ugi] [name=N] [option.NAME=V]...: the engine (default: triad beside this program, else in PATH)")
    ("depth", po::value<std::string>(), "N: search depth")
    ("nodes", po::value<std::string>(), "N: nodes per position (deterministic with option.Threads=1)")
    ("movetime", po::value<std::string>(), "MS: time per position")
    ("multipv", po::value<std::string>()->default_value("1"), "K: best lines per position (1-256)")
    ("concurrency", po::value<std::string>()->default_value("1"), "K: engine processes at once (with -mpi: on each worker rank)")
    ("chunk", po::value<std::string>()->default_value("4"), "N: positions per work unit of a -mpi run (a review: one game per unit)");
  runner::add_distributed_options(d);
  d.add_options()
    ("timeout", po::value<std::string>(), "MS: longest wait for one position before the engine is restarted (default: 2 x movetime + 5000, or 60000)")
    ("retries", po::value<std::string>()->default_value("2"), "N: attempts after an engine failure on a position, with a fresh engine, before an error line is written")
    ("log", po::value<std::string>(), "DIR: engine stderr logs")
    ("quiet", "no progress bar");
  // clang-format on
  return d;
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
  c.review = vm.count("review") > 0;
  if (vm.count("annotate")) {
    if (!c.review) return make_error("-annotate FILE needs -review");
    c.annotate = vm["annotate"].as<std::string>();
  }
  // An output must never be the file read, nor the other output (compared as files).
  if (auto r = runner::refuse_shared_outputs(
          {{"the input", c.input}, {"-output", c.output, true}, {"-annotate", c.annotate, true}});
      !r)
    return r.error();
  c.variant = vm["variant"].as<std::string>();
  if (vm.count("variants"))
    for (const auto& file : vm["variants"].as<std::vector<std::string>>())
      if (auto r = c.variants.load_file(file); !r)
        return make_error("-variants: " + r.error().message);
  if (vm.count("tb")) {
    if (!c.review) return make_error("-tb DIR needs -review");
    c.tables_dir = vm["tb"].as<std::string>();
    auto tables = open_review_tables(c.tables_dir, c.variants);
    if (!tables) return make_error("-tb " + tables.error().message);
    c.tables = std::move(*tables);
  }
  c.engine.name = "engine";
  c.engine.command = default_engine_command();
  if (vm.count("engine"))
    for (const auto& group : vm["engine"].as<std::vector<std::string>>())
      if (auto r = apply_engine(c, split_group(group)); !r) return r.error();
  if (c.engine.builtin())
    return make_error("-engine cmd=" + c.engine.command +
                      " is a triad-match player; analysis needs a UCI/UGI engine");
  TRIAD_ASSIGN(c.limits.depth, runner::optional_int_option(vm, "-depth", 1, 1000));
  TRIAD_ASSIGN(c.limits.nodes,
               runner::optional_int_option<std::uint64_t>(vm, "-nodes", 1, runner::kMaxNodes));
  TRIAD_ASSIGN(c.limits.move_time,
               runner::optional_int_option<std::int64_t>(vm, "-movetime", 1, 86'400'000));
  if (!c.limits.depth && !c.limits.nodes && !c.limits.move_time)
    return make_error("no search limit: give -depth N, -nodes N or -movetime MS");
  TRIAD_ASSIGN(c.multipv, runner::int_option(vm, "-multipv", 1, kMaxMultiPv));
  // A review reads the second best line for its "only move" marks.
  if (c.review) c.multipv = std::max(c.multipv, 2);
  TRIAD_ASSIGN(c.concurrency, runner::int_option(vm, "-concurrency", 1, runner::kMaxConcurrency));
  TRIAD_ASSIGN(c.chunk, runner::int_option(vm, "-chunk", 1, 4096));
  auto distributed = runner::read_distributed_options(vm);
  if (!distributed) return distributed.error();
  c.mpi = distributed->mpi;
  c.mpi_lease_seconds = distributed->lease_seconds;
  TRIAD_ASSIGN(c.retries, runner::int_option(vm, "-retries", 0, kMaxRetries));
  if (vm.count("timeout")) {
    std::int64_t ms = 0;
    TRIAD_ASSIGN(ms, runner::int_option<std::int64_t>(vm, "-timeout", 1, runner::kMaxWaitMs));
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
  const std::vector<std::string> words = group_engine_words(argc, argv);
  po::positional_options_description positional;
  positional.add("input", 1);
  return runner::read_command_line<AnalyseConfig>("triad-analyse", kHelp, words, desc, positional,
                                                  build);
}

}  // namespace triad::analysis
