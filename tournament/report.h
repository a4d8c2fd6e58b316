// Reports of a run from its merged results: the statistics of every pair of engines and
// of every engine against the field, the text printed during and after the run, and the
// machine-readable summary (-jsonout).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tournament/config.h"
#include "tournament/rating_fit.h"
#include "tournament/results.h"
#include "tournament/stats.h"

namespace triad::tournament {

// Statistics of engines a (first) and b, from a's point of view.
struct PairStats {
  int a = 0;
  int b = 1;
  Tally tally;
  EloEstimate elo;
  std::optional<SprtState> sprt;
};

// One entry per pair of engines that met. The SPRT (engines 0 and 1) counts complete game
// pairs only when the schedule pairs games.
std::vector<PairStats> compute_stats(const TournamentConfig& config, const Results& results);

// One engine's results against the whole field (for tournaments of more than two).
struct EngineStanding {
  int engine = 0;
  Tally tally;  // no pentanomial counts
  EloEstimate elo;
};

// Every engine that played, best score first.
std::vector<EngineStanding> compute_standings(const TournamentConfig& config,
                                              const Results& results);

// The engine rated 0 by field_ratings: config.anchor, else the first builtin:random engine,
// else the first engine.
int rating_anchor(const TournamentConfig& config);

// The maximum-likelihood ratings of every engine over all games (rating_fit.h), anchored at
// rating_anchor(config); one entry per engine.
std::vector<FittedRating> field_ratings(const TournamentConfig& config, const Results& results);

// "Score of A vs B: W - L - D  [score] N" for the pair of engines x and y.
std::string score_line(const TournamentConfig& config, const PairStats& stats);

// The statistics of every pair (and a ranking table with more than two engines).
std::string standings_text(const TournamentConfig& config, const Results& results);

struct RunSummary {
  std::int64_t games_scheduled = 0;
  std::string stop_reason;  // "" if the run was not stopped early
};

// The JSON summary (one line, no line end).
std::string summary_json(const TournamentConfig& config, const Results& results,
                         const RunSummary& run);

}  // namespace triad::tournament
