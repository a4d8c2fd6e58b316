// triad-analyse's settings (docs/analysis.md "Batch analysis"): the input, the engine (the
// -engine key=value conventions of triad-match), the search limit, MultiPV, the output and
// how the work is spread (-concurrency engines here, or -mpi across the ranks of a job).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "adapters/common/variants.h"
#include "engine/core/result.h"
#include "protocol/client/engine_client.h"
#include "runner/command_line.h"
#include "runner/engine_spec.h"

namespace triad::tables {
class VariantTables;
}

namespace triad::analysis {

// -tb's endgame tables by variant name: every variant the folder holds tables for (Íves
// dáma's), opened once when the command line is read and shared by every engine slot.
using ReviewTables = std::map<std::string, std::shared_ptr<const tables::VariantTables>>;

// The input file is read whole: at most this many bytes (a larger collection is split).
inline constexpr std::uintmax_t kMaxInputBytes = std::uintmax_t{256} << 20;
inline constexpr int kMaxMultiPv = 256;
inline constexpr int kMaxRetries = 10;

enum class InputFormat { kAuto, kPositions, kRecords };

struct AnalyseConfig {
  std::filesystem::path input;
  InputFormat format = InputFormat::kAuto;
  std::filesystem::path output;  // empty = standard output
  bool resume = false;           // continue `output`: positions already in it are kept
  // Game review (docs/analysis.md "Game review"): every move of every game judged, one line
  // per move and a summary line per game; the work unit is one game.
  bool review = false;
  std::filesystem::path annotate;        // review: the annotated records (empty = none)
  std::filesystem::path tables_dir;      // review: -tb, endgame tables (Íves dáma's)
  ReviewTables tables;                   // those tables, opened (tables_dir empty: none)
  std::string variant = "razzledazzle";  // of position lines, and of records without a tag
  // The built-in variants and those of the -variants files.
  adapters::VariantRegistry variants = adapters::VariantRegistry::builtin();
  runner::EngineSpec engine;  // the `triad` beside this program by default
  protocol::GoLimits limits;  // depth, nodes and/or movetime
  int multipv = 1;
  int concurrency = 1;  // engine processes (with -mpi: on each worker rank)
  bool mpi = false;
  int chunk = 4;  // positions per work unit of a distributed run
  // With mpi: a worker rank silent for this long is presumed lost (its units go elsewhere).
  int mpi_lease_seconds = runner::kDefaultMpiLeaseSeconds;
  // How long one position may take before the engine counts as hung (killed, restarted).
  std::chrono::milliseconds timeout{0};
  std::chrono::milliseconds handshake_timeout{10000};
  int retries = 2;                // further attempts after the engine failed on a position
  bool progress = true;           // the bar on a terminal (-quiet turns it off)
  std::filesystem::path log_dir;  // engine stderr logs (empty = discarded)
};

using CommandLine = runner::CommandLine<AnalyseConfig>;

// Parses the arguments (argv[0] skipped); `-key value` or `--key value`, the engine as
// `-engine cmd=... [proto=uci|ugi] [option.NAME=V]...`.
Result<CommandLine> parse_command_line(int argc, const char* const* argv);

// `triad` in this program's own folder if it is there (a build folder, or the installed
// programs), else `triad` looked up in PATH.
std::string default_engine_command();

}  // namespace triad::analysis
