// The tournament: plays the schedule on `concurrency` worker threads, writes records,
// prints progress and statistics, saves a resume state after every game, stops early
// when the SPRT decides, and writes the JSON summary at the end.
#pragma once

#include <atomic>
#include <iosfwd>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "tournament/config.h"
#include "tournament/game.h"
#include "tournament/schedule.h"
#include "tournament/stats.h"

namespace triad::tournament {

// What the statistics and the resume state keep of a game.
struct FinishedGame {
  int number = 0;
  int engine[2] = {0, 1};  // [0] played Player 1
  engine::GameResult result = engine::GameResult::kNone;
  std::string termination;
  int pair = -1;
};

// Statistics of engines a (first) and b, from a's point of view.
struct PairStats {
  int a = 0;
  int b = 1;
  Tally tally;
  EloEstimate elo;
  std::optional<SprtState> sprt;
};

// One entry per pair of engines that met. The SPRT counts complete game pairs only when
// the schedule pairs games.
std::vector<PairStats> compute_stats(const TournamentConfig& config,
                                     const std::vector<FinishedGame>& games);

// One engine's results against the whole field (for tournaments of more than two).
struct EngineStanding {
  int engine = 0;
  Tally tally;  // no pentanomial counts
  EloEstimate elo;
};

// Every engine that played, best score first.
std::vector<EngineStanding> compute_standings(const TournamentConfig& config,
                                              const std::vector<FinishedGame>& games);

class Tournament {
 public:
  Tournament(TournamentConfig config, GameFactory factory, std::ostream& progress);

  // Everything that can be checked before the first game: every output can be written,
  // the schedule and openings, the resume state, the engine programs. Errors here are the
  // settings' fault (triad-match exits with 2). run() calls it if it was not called.
  Result<void> prepare();
  // Runs to the end (or an early stop). Errors: prepare()'s, a game that cannot be played,
  // an output that failed during the run.
  Result<void> run();
  // Stops the run soon: no new game starts and games in progress are abandoned before
  // their next move (they are played again by a resumed run). Safe from a signal handler.
  void interrupt() { interrupted_ = true; }

  const std::vector<FinishedGame>& finished() const { return finished_; }
  // Why the run stopped before the schedule's end ("" if it did not).
  const std::string& stop_reason() const { return stop_reason_; }
  // Human-readable statistics of every pair (printed at the end).
  std::string standings() const;
  // The machine-readable summary (also written to -jsonout).
  std::string summary_json() const;

 private:
  Result<void> check_outputs() const;
  void worker(int id);
  void record_game(const GameRecord& record, int pair, int player_failures);
  Result<void> load_state();
  void save_state() const;
  std::string fingerprint() const;

  TournamentConfig config_;
  GameFactory factory_;
  std::mutex factory_mutex_;
  std::ostream& progress_;
  std::vector<ScheduledGame> schedule_;
  std::vector<bool> done_;  // by game number - 1 (resumed or finished)
  std::vector<FinishedGame> finished_;
  std::mutex mutex_;  // guards everything below and the outputs
  bool prepared_ = false;
  std::size_t next_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<bool> interrupted_{false};
  std::string stop_reason_;
  std::string error_;  // an output error seen by a worker
};

}  // namespace triad::tournament
