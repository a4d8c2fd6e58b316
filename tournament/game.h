// One refereed game: asks the players for moves, checks every move and the clock with the
// rules library (AnyGame), applies the adjudication rules, and returns the game's record.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "adapters/common/any_game.h"
#include "tournament/config.h"
#include "tournament/player.h"
#include "tournament/table_adjudication.h"

namespace triad::tournament {

// Everything fixed before a game starts.
struct GameSetup {
  std::int64_t number = 0;  // 1-based, in the tournament's schedule
  std::int64_t round = 1;
  std::string event;
  std::string variant;
  std::string start_fen;                   // the opening's position
  std::vector<std::string> opening_moves;  // book moves played from it before the engines
  int engine[2] = {0, 1};                  // engine indices: [0] plays Player 1
  std::string name[2];
  TimeControl tc[2];
  std::uint64_t seed = 0;  // for built-in players
  int max_plies = 0;
  ResignRule resign;
  DrawRule draw;
  std::int64_t untimed_move_limit_ms = 60000;
  const TableAdjudicator* tables = nullptr;  // -tb: a position inside them ends the game
  // Set from outside (Ctrl-C) to abandon the game before the next move (engines waited on
  // are cancelled through their CancelSignal): the record then has no result and
  // Termination kTermInterrupted.
  const std::atomic<bool>* interrupt = nullptr;
};

struct MoveRecord {
  std::string move;
  bool book = false;
  std::optional<protocol::EngineScore> score;
  int depth = 0;
  std::int64_t time_ms = 0;
};

// Values of the Termination tag.
inline constexpr const char* kTermNormal = "normal";
inline constexpr const char* kTermAdjudication = "adjudication";
inline constexpr const char* kTermTimeForfeit = "time forfeit";
inline constexpr const char* kTermIllegalMove = "illegal move";
inline constexpr const char* kTermDisconnect = "disconnect";
inline constexpr const char* kTermStall = "stalled connection";
inline constexpr const char* kTermInterrupted = "interrupted";  // not played to the end

struct GameRecord {
  GameSetup setup;
  std::string date;  // YYYY.MM.DD when the game started
  std::vector<MoveRecord> moves;
  engine::GameResult result = engine::GameResult::kNone;
  std::string termination;  // one of kTerm*
  std::string comment;      // why it ended, for people ("Player 2 made an illegal move: …")
  std::string final_fen;
  std::string score_text;    // the game's score (Yin Yang), "none" otherwise
  std::string engine_id[2];  // each player's id name (Player::id_name), once it started
};

// Plays one game between players[0] (Player 1) and players[1]. `referee` is a fresh game
// of the variant; the opening is assumed legal (checked when the openings were loaded).
GameRecord play_game(const GameSetup& setup, Player* players[2], adapters::AnyGame& referee);

}  // namespace triad::tournament
