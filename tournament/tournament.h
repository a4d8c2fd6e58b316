// The tournament: plays the schedule on `concurrency` game slots, writes records, prints
// progress and statistics, saves a resume state after every game, stops early when the
// SPRT decides, and writes the JSON summary at the end. The schedule is computed game by
// game and the results are merged into bounded counts, so memory does not grow with the
// number of games planned or played.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "protocol/client/engine_process.h"
#include "tournament/config.h"
#include "tournament/game.h"
#include "tournament/game_slot.h"
#include "tournament/results.h"
#include "tournament/schedule.h"

namespace triad::tournament {

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
  // Stops the run at once: no new game starts, games in progress are abandoned (waits on
  // engines end now and those engines are killed; the games are played again by a resumed
  // run). From any thread, not from a signal handler.
  void interrupt();
  // Kills every engine process at once (for an immediate exit after a second Ctrl-C).
  void kill_engines() { cancel_->kill_all(); }
  // Called after each finished game is counted (on the thread that runs run()).
  void on_game_finished(std::function<void(const FinishedGame&)> observer) {
    observer_ = std::move(observer);
  }

  // The pieces a distributed run's scheduling rank uses (tournament/mpi_run.cpp),
  // which plays no game itself: the schedule (after prepare()), counting a game played
  // elsewhere exactly as run() counts its own, whether the run should stop, and the end of
  // the run (standings, summary).
  const TournamentConfig& config() const { return config_; }
  const Schedule& schedule() const { return *schedule_; }
  // `in_batch`: the resume state is saved by end_batch(), once per batch of committed units,
  // and the progress is not flushed (rank 0 of a distributed run: two fsyncs per game would
  // cap it at a few hundred games/s, a write per line costs more than the game; rank 0
  // flushes its progress itself, a few times a second).
  void record(const GameReport& report, bool in_batch = false);
  void end_batch();
  bool stopping() const { return stop_ || interrupted_; }
  // Whether a signal (this process's, or a worker rank's) stopped the run before an SPRT
  // decision or another reason to stop.
  bool interrupted() const;
  // Stops the run with an error (the first one is kept).
  void stop_with_error(std::string message);
  Result<void> finish();

  const Results& results() const { return results_; }
  // Why the run stopped before the schedule's end ("" if it did not).
  const std::string& stop_reason() const { return stop_reason_; }
  // Human-readable statistics of every pair (printed at the end).
  std::string standings() const;
  // The machine-readable summary (also written to -jsonout).
  std::string summary_json() const;

 private:
  Result<void> check_outputs() const;
  // Cuts the records file back to the size the resume state saw (see ResumeState).
  Result<void> cut_unsaved_records(std::int64_t saved_bytes);
  void save_state_locked();

  TournamentConfig config_;
  GameFactory factory_;
  std::ostream& progress_;
  std::shared_ptr<protocol::CancelSignal> cancel_ = std::make_shared<protocol::CancelSignal>();
  std::optional<Schedule> schedule_;
  std::string fingerprint_;
  bool prepared_ = false;
  std::function<void(const FinishedGame&)> observer_;
  std::mutex mutex_;  // guards everything below and the outputs
  Results results_;
  std::int64_t records_bytes_ = -1;  // the records file's size after the last game appended
  std::atomic<bool> stop_{false};
  std::atomic<bool> interrupted_{false};
  std::string stop_reason_;
  std::string error_;  // an output error seen by a game thread
};

}  // namespace triad::tournament
