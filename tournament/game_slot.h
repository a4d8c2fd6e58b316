// One game thread's table: plays scheduled games one after another with its own players
// (engine processes started on first use and kept between games) and the opening of the
// current unit. The local run has one slot per -concurrency thread; a worker rank of a
// distributed run (tournament/mpi_worker.h) has the same.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "protocol/client/engine_process.h"
#include "tournament/config.h"
#include "tournament/game.h"
#include "tournament/player.h"
#include "tournament/results.h"
#include "tournament/schedule.h"

namespace triad::tournament {

// What the run keeps of a played game: enough to write its record, count it and report it,
// and small enough to send from a worker rank to the scheduling rank.
struct GameReport {
  FinishedGame game;        // result kNone: the game could not be played (or was abandoned)
  std::string comment;      // why it ended
  std::string record_text;  // the game record (format_record), only with -pgnout
  int engine_failures = 0;  // engines that crashed, hung or failed to get ready in it
};

class GameSlot {
 public:
  // `log_tag` names this slot's engine logs (<engine>-<tag>.log); `interrupt` abandons the
  // game in progress (with `cancel`, which also ends waits on its engines).
  GameSlot(const TournamentConfig& config, const Schedule& schedule, GameFactory factory,
           std::string log_tag, std::shared_ptr<protocol::CancelSignal> cancel,
           const std::atomic<bool>* interrupt);

  // Plays `game`, after the -wait pause when this slot has played a game before. Errors:
  // its opening cannot be made, a game of the variant cannot be created.
  Result<GameReport> play(const ScheduledGame& game);

 private:
  Player& player(int engine);
  void pause_between_games();

  const TournamentConfig& config_;
  const Schedule& schedule_;
  GameFactory factory_;
  std::string log_tag_;
  std::shared_ptr<protocol::CancelSignal> cancel_;
  const std::atomic<bool>* interrupt_;
  std::vector<std::unique_ptr<Player>> players_;  // by engine index, started on first use
  std::int64_t opening_unit_ = -1;                // the unit whose opening is in opening_
  Opening opening_;
  bool played_ = false;  // a game before this one (the -wait pause comes between games)
};

// Every external engine's program can be started and offers the options it is given, with
// values of their declared type and range (a typo fails before the first game).
Result<void> check_engine_programs(const TournamentConfig& config);

}  // namespace triad::tournament
