// triad-datagen's settings (docs/evaluation.md "Data generation"): what is played (variant,
// games, node budget, level, openings, seed), where it goes, and how the work is spread
// (-concurrency games at once here, or -mpi across the ranks of a job).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "adapters/common/variants.h"
#include "engine/core/result.h"
#include "runner/command_line.h"

namespace triad::datagen {

struct DatagenConfig {
  std::string variant = "razzledazzle";
  // The built-in variants and those of the -variants files (each rank of -mpi reads them).
  adapters::VariantRegistry variants = adapters::VariantRegistry::builtin();
  std::int64_t games = 0;      // games 0..games-1 of the run (a resumed run may ask for more)
  std::uint64_t nodes = 5000;  // per move
  int random_plies = 8;        // random legal plies from the start (or the opening)
  int random_moves = 0;        // per cent of the later plies played by a random legal move (kept)
  std::filesystem::path openings;  // empty: the start position
  std::uint64_t seed = 1;
  int max_plies = 400;               // a game still going after this many plies is a draw
  int hash_mb = 16;                  // each search's tables
  std::filesystem::path eval_file;   // a net file to search with; empty: the classical evaluation
  std::vector<std::string> options;  // -option NAME=V: the strength level played (level.h)
  std::filesystem::path output;
  int concurrency = 1;  // games played at once (with -mpi: on each worker rank)
  bool mpi = false;
  int mpi_lease_seconds = runner::kDefaultMpiLeaseSeconds;
  bool progress = true;  // the bar on a terminal (-quiet turns it off)
};

using CommandLine = runner::CommandLine<DatagenConfig>;

// Parses the arguments (argv[0] skipped): `-key value` or `--key value`.
Result<CommandLine> parse_command_line(int argc, const char* const* argv);

}  // namespace triad::datagen
