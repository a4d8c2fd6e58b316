// ManagedEngine: the life cycle of one engine process that every runner drives (triad-match's
// players, triad-analyse's slots): started on first use (handshake, options, readyok), told
// the variant and `ucinewgame` before each game or position, ended after a failure and
// started afresh on the next use, quit politely at the end (killed when the run is
// interrupted). Every wait has a timeout (protocol::EngineClient); what a runner does with the
// replies (clocks, adjudication, output lines) stays in the runner.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/result.h"
#include "protocol/client/engine_client.h"
#include "runner/engine_spec.h"

namespace triad::runner {

struct ManagedEngineSettings {
  std::filesystem::path stderr_log;                    // appended to; empty = discarded
  std::filesystem::path io_log;                        // protocol transcript; empty = none
  std::chrono::milliseconds handshake_timeout{10000};  // for uciok/ugiok and each readyok
  // Cancels every wait on the engine when the run is interrupted (may be null).
  std::shared_ptr<protocol::CancelSignal> cancel;
  // Options set right after the handshake, and only if the engine offers them (e.g. OwnBook
  // off for analysis); the variant and the specification's options come after, so a user's
  // option overrides them.
  std::vector<std::pair<std::string, std::string>> defaults;
};

class ManagedEngine {
 public:
  ManagedEngine(EngineSpec spec, ManagedEngineSettings settings);
  ~ManagedEngine();  // quit (killed at once if the run was interrupted)
  ManagedEngine(const ManagedEngine&) = delete;
  ManagedEngine& operator=(const ManagedEngine&) = delete;

  // Ready for a new game or position in `variant` (sent as UCI_Variant when it changes; empty
  // = not sent): starts the engine if none runs (one found dead is a failure), then
  // `ucinewgame` and isready/readyok. A failure ends the process; the next call starts anew.
  std::optional<protocol::Failure> prepare(const std::string& variant);
  // Before a run: starts the engine once and checks the specification's options against the
  // options it offers in `variant` (set as UCI_Variant, then the options read again with a
  // second `uci`/`ugi`, since a range may be the game's own) — one it does not offer, or a
  // value outside the declared type or range, is an error that names it; then quits it. A
  // specification without options starts nothing, and an engine that fails to start or to
  // answer is not an error here (the run meets that failure as it would).
  Result<void> check_options(const std::string& variant);
  // `position` then `go` on a prepared engine; `on_info` sees every info line of the search.
  protocol::SearchReply search(const std::string& start_fen, const std::vector<std::string>& moves,
                               const protocol::GoLimits& limits, std::chrono::milliseconds timeout,
                               const std::function<void(const protocol::InfoLine&)>& on_info = {});
  // After a failed search: an engine that timed out but sends its late `bestmove` within
  // `grace` is kept (true); any other is ended (false) and started afresh by prepare().
  bool recover(const protocol::Failure& failure, std::chrono::milliseconds grace);
  // Ends the process at once after `failure` (counted unless the run was cancelled).
  void end(const protocol::Failure& failure);
  // `quit`, killed after `grace`; the next prepare() starts a fresh process.
  void quit(std::chrono::milliseconds grace);

  bool running() const { return client_ != nullptr; }
  // The engine's `id name` from the last handshake (empty if none).
  std::string id_name() const { return client_ ? client_->id_name() : std::string(); }
  // How often the engine had to be ended or was found dead (crashes, hangs, broken replies).
  int failures() const { return failures_; }
  const EngineSpec& spec() const { return spec_; }

 private:
  // A process with its handshake done (client_ set; the failure otherwise).
  std::optional<protocol::Failure> launch();
  std::optional<protocol::Failure> start(const std::string& variant);
  bool cancelled() const { return settings_.cancel && settings_.cancel->cancelled(); }

  EngineSpec spec_;
  ManagedEngineSettings settings_;
  std::unique_ptr<protocol::EngineClient> client_;
  std::string variant_;  // the UCI_Variant the running engine was given
  int failures_ = 0;
};

}  // namespace triad::runner
