// The tournament configuration: engines, variant, schedule, time controls, openings,
// adjudication, SPRT and output paths. Filled from a YAML file and/or a cutechess-cli
// style command line; both go through the one settings table (tournament/settings.h), so
// they accept the same keys.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/result.h"
#include "protocol/client/engine_client.h"
#include "runner/command_line.h"
#include "runner/engine_spec.h"
#include "tournament/stats.h"
#include "tournament/time_control.h"

namespace triad::tournament {

// Limits of the settings (docs/tournaments.md "Limits and safety"): games played at once
// (runner::kMaxConcurrency), random plies added to an opening.
using runner::kMaxConcurrency;
inline constexpr int kMaxOpeningPlies = 1000;

// An engine of the match: the runner's engine specification (how to start it, its options;
// builtin:random / builtin:greedy are in-process players) and the match-only keys.
struct EngineConfig : runner::EngineSpec {
  TimeControl tc;
  bool restart = false;  // a fresh process for every game
};

enum class TournamentType { kRoundRobin, kGauntlet };
enum class OpeningOrder { kSequential, kRandom };

struct OpeningConfig {
  std::filesystem::path file;  // lines: "<position line> [moves m1 m2 ...]"
  OpeningOrder order = OpeningOrder::kSequential;
  int start = 1;  // first opening of the file to use (1-based)
  int plies = 0;  // random plies played after the opening (or from the start position)
};

struct ResignRule {  // loss when the mover's score <= -score for `moves` consecutive moves
  int moves = 0;     // 0 = off
  int score = 0;
  bool two_sided = false;  // the opponent must agree (score >= +score) too
};

struct DrawRule {       // draw when both scores are within +-score for `moves` consecutive
  int move_number = 0;  // plies of each side before it may apply (full moves)
  int moves = 0;        // 0 = off
  int score = 0;
};

struct TournamentConfig {
  std::vector<EngineConfig> engines;
  std::string variant = "razzledazzle";
  std::vector<std::filesystem::path> variant_files;
  TournamentType type = TournamentType::kRoundRobin;
  int games = 1;  // games per encounter in a round
  int rounds = 1;
  int repeat = 1;       // games played from the same opening (colours swapped between them)
  int concurrency = 1;  // with mpi: game slots of each worker rank
  // A distributed run under mpirun/srun (docs/cluster.md): rank 0 schedules and writes the
  // outputs, the other ranks play.
  bool mpi = false;
  // With mpi: a worker rank silent for this long is presumed lost (its units go elsewhere).
  int mpi_lease_seconds = runner::kDefaultMpiLeaseSeconds;
  std::uint64_t seed = 1;
  bool recover = true;  // restart an engine that crashed or was killed, and go on
  std::optional<OpeningConfig> openings;
  int max_plies = 0;  // 0 = off; adjudicated as a draw
  // -tb: Íves dáma's endgame tables; a game that reaches them ends with their result.
  std::filesystem::path tables_dir;
  ResignRule resign;
  DrawRule draw;
  std::optional<SprtConfig> sprt;
  std::string event = "Triad match";
  std::filesystem::path pgn_out;
  std::filesystem::path json_out;
  std::filesystem::path state_file;            // --resume: progress saved after every game
  std::filesystem::path log_dir;               // engine stderr logs (empty = discarded)
  bool debug_log = false;                      // with log_dir: also protocol transcripts
  std::int64_t handshake_timeout_ms = 10000;   // uciok / readyok
  std::int64_t untimed_move_limit_ms = 60000;  // depth/nodes searches: stall after this
  int rating_interval = 10;  // print the score every N games (0 = only at the end)
  // The engine rated 0 by the maximum-likelihood ratings (more than two engines; empty = the
  // first builtin:random engine, else the first engine).
  std::string anchor;
  std::int64_t wait_ms = 0;  // a game slot's pause between its games
};

// Collects settings from YAML and the command line in order (later ones win), then builds
// the configuration: `each` items apply to every engine before the engine's own items.
// What the settings build up before the configuration is finished: engines are kept as
// their key=value items until every -each item is known.
struct PendingConfig {
  TournamentConfig config;
  std::vector<std::vector<std::string>> engines;
  std::vector<std::string> each;
};

class ConfigBuilder {
 public:
  // A setting of the settings table (tournament/settings.h): a scalar (`games`, `variant`,
  // …: one value, or none for flags) or a group of key=value items (`engine`, `each`,
  // `openings`, `draw`, `resign`, `sprt`).
  Result<void> apply(const std::string& key, const std::vector<std::string>& values);
  // Reads a YAML configuration file (see docs/tournaments.md).
  Result<void> load_yaml(const std::filesystem::path& file);
  // The finished, validated configuration.
  Result<TournamentConfig> build() const;

 private:
  PendingConfig pending_;
};

// Everything that must hold before a run: at least two engines, unique names, sensible
// numbers, SPRT only with two engines.
Result<void> validate(const TournamentConfig& config);

using CommandLine = runner::CommandLine<TournamentConfig>;

// Parses triad-match's arguments (argv[0] skipped); `-config FILE` is read first, the
// other arguments override it, `-each` applies to every engine after all are known.
Result<CommandLine> parse_command_line(int argc, const char* const* argv);

}  // namespace triad::tournament
