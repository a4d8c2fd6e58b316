// Players of a game: an external engine process (UCI/UGI, through EngineClient) or a
// built-in baseline (random, greedy one-ply). The game referee talks to both the same way.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "adapters/common/any_game.h"
#include "protocol/client/engine_client.h"
#include "tournament/config.h"

namespace triad::tournament {

struct MoveRequest {
  const adapters::AnyGame& position;  // the referee's game (built-in players read it)
  const std::string& start_fen;
  const std::vector<std::string>& moves;  // every move since start_fen
  protocol::GoLimits limits;
  std::chrono::milliseconds deadline;  // wait at most this for the move
};

class Player {
 public:
  virtual ~Player() = default;
  // Ready for a new game: (re)starts a dead engine, handshake, options, new game, readyok.
  virtual std::optional<protocol::Failure> prepare_game(std::uint64_t game_seed) = 0;
  virtual protocol::SearchReply think(const MoveRequest& request) = 0;
  // Called after think() failed: get the engine back in sync, or end it (it is restarted
  // by the next prepare_game()).
  virtual void after_failure(const protocol::Failure& failure) = 0;
  virtual void end_game() = 0;
  // What the engine calls itself: its `id name` from the last handshake (empty if it gave
  // none); built-in players name themselves. Game records carry it, so they say which build
  // played.
  virtual std::string id_name() const = 0;
  // How often the engine had to be killed or was found dead (crashes, hangs).
  virtual int failures() const { return 0; }
};

struct PlayerContext {
  std::string variant;               // sent as UCI_Variant
  std::filesystem::path stderr_log;  // empty = discarded
  std::filesystem::path io_log;      // protocol transcript; empty = none
  std::chrono::milliseconds handshake_timeout{10000};
  // Cancels every wait on the engine when the run is interrupted (may be null).
  std::shared_ptr<protocol::CancelSignal> cancel;
};

// An engine for `config` (an external process or a built-in player).
std::unique_ptr<Player> make_player(const EngineConfig& config, const PlayerContext& context);

struct GreedyChoice {
  std::string move;             // empty if there is no legal move
  protocol::EngineScore score;  // the mover's view: the evaluation, or mate 1 for a win
};

// The greedy baseline's choice in a position (exposed for tests): a move that wins at once
// if there is one, otherwise one maximising the mover's static evaluation after it (a
// draw counts 0, a loss below everything); ties are broken by `rng`.
GreedyChoice greedy_move(const adapters::AnyGame& position, std::mt19937_64& rng);

}  // namespace triad::tournament
