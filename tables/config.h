// triad-tables' command line (docs/tables.md "Building"): the variant, the stone limit, the
// folder, the threads, -verify, and -mpi for a build across the ranks of an MPI job
// (docs/cluster.md). Every rank of such a job reads it for itself.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "adapters/common/any_game.h"
#include "engine/core/result.h"
#include "engine/games/ivesdama/game.h"
#include "runner/command_line.h"

namespace triad::tables {

namespace iv = games::ivesdama;

struct TablesConfig {
  std::shared_ptr<const adapters::AnyGame> variant;  // an Íves dáma variant: game() is its game
  std::filesystem::path dir;
  int max_stones = 0;
  int threads = 1;
  // -memory: the bytes a build may hold (0: no limit, every finished slice's values in memory);
  // with a limit the smaller slices are read from their files (docs/tables.md "Memory").
  std::uint64_t memory = 0;
  bool verify = false;
  bool plan = false;     // -plan: print the build's slice sizes, build nothing (plan.h)
  bool progress = true;  // the bar on a terminal (-quiet turns it off)
  bool mpi = false;
  int mpi_lease_seconds = runner::kDefaultMpiLeaseSeconds;

  const iv::Game& game() const;
};

using CommandLine = runner::CommandLine<TablesConfig>;

// Parses the arguments (argv[0] skipped). Errors: a missing or bad option, a variant of
// another game, -verify with -mpi.
Result<CommandLine> parse_command_line(int argc, const char* const* argv);

}  // namespace triad::tables
