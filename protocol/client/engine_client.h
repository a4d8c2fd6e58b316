// EngineClient: the runner's side of a UCI or UGI dialogue with one engine process —
// handshake, options, isready/readyok, new game, position, go ... bestmove with the last
// info score. Every wait has a timeout; failures say whether the engine timed out,
// disconnected or broke the protocol, so a referee can turn them into game results.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "protocol/client/engine_process.h"
#include "protocol/client/info_line.h"
#include "protocol/client/offered_options.h"

namespace triad::protocol {

enum class FailureKind {
  kTimeout,       // no answer in time (bestmove, readyok, uciok)
  kDisconnected,  // the process exited or closed its output
  kProtocol,      // an answer that breaks the protocol (e.g. `bestmove` without a move)
  kCancelled,     // the wait was cancelled from outside (the run is being interrupted)
};

struct Failure {
  FailureKind kind;
  std::string message;
};

// What a search said last: each field from the last `info` line that carried it.
struct SearchInfo {
  std::optional<EngineScore> score;
  int depth = 0;
  std::uint64_t nodes = 0;
};

// The `go` parameters; unset ones are not sent. Times and increments in milliseconds,
// index 0 = Player 1.
struct GoLimits {
  std::optional<std::int64_t> time[2];
  std::optional<std::int64_t> inc[2];
  std::optional<int> moves_to_go;
  std::optional<std::int64_t> move_time;
  std::optional<int> depth;
  std::optional<std::uint64_t> nodes;
  std::vector<std::string> searchmoves;  // only these root moves (last on the line)
};

struct SearchReply {
  std::string move;  // the bestmove token ("(none)" if the engine says the game is over)
  SearchInfo info;   // from the last info line that carried the field
  std::chrono::milliseconds elapsed{0};  // from sending `go` to reading `bestmove`
  std::optional<Failure> failure;
};

// The text of a `go` command for a dialect (wtime/btime… in UCI, p1time/p2time… in UGI).
std::string format_go(Dialect dialect, const GoLimits& limits);

class EngineClient {
 public:
  EngineClient(std::unique_ptr<EngineProcess> process, Dialect dialect);

  // `uci`/`ugi` until `uciok`/`ugiok`; records `id name` and the options offered (afresh:
  // a second handshake reads the options as they are now).
  std::optional<Failure> handshake(std::chrono::milliseconds timeout);
  // `setoption name <name> value <value>` (no value part when `value` is empty).
  std::optional<Failure> set_option(const std::string& name, const std::string& value);
  // `isready` until `readyok`.
  std::optional<Failure> sync(std::chrono::milliseconds timeout);
  std::optional<Failure> new_game();
  std::optional<Failure> position(const std::string& fen, const std::vector<std::string>& moves);
  // Sends `go` and reads until `bestmove` or the timeout. On timeout the engine is told to
  // `stop`; the caller decides whether to wait for it or kill it. `on_info`, if set, sees
  // every `info` line of the search, read (e.g. to keep each MultiPV line's principal
  // variation). Fields of a line that could not be read (InfoLine::problem) are not used.
  SearchReply go(const GoLimits& limits, std::chrono::milliseconds timeout,
                 const std::function<void(const InfoLine&)>& on_info = {});
  // After a timed-out `go`: waits up to `grace` for the late `bestmove` (so the engine is
  // in sync again); false if it did not come.
  bool drain_bestmove(std::chrono::milliseconds grace);
  // `quit`, then the process is shut down (killed after `grace`).
  void quit(std::chrono::milliseconds grace);

  bool alive() { return process_->running(); }
  void kill() { process_->kill(); }
  Dialect dialect() const { return dialect_; }
  const std::string& id_name() const { return id_name_; }
  // Whether the engine listed this option at the handshake.
  bool offers_option(const std::string& name) const { return options_.find(name) != nullptr; }
  // The options the engine listed at the handshake (to check a user's values against).
  const OfferedOptions& offered_options() const { return options_; }

 private:
  std::optional<Failure> send(const std::string& line);
  // Reads lines until one whose first token is `token`, until the deadline.
  std::optional<Failure> wait_for(const std::string& token, std::chrono::milliseconds timeout,
                                  const std::string& what);

  std::unique_ptr<EngineProcess> process_;
  Dialect dialect_;
  std::string id_name_;
  OfferedOptions options_;  // listed at the handshake
};

}  // namespace triad::protocol
