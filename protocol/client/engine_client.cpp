// EngineClient implementation: line-level UCI/UGI dialogue over an EngineProcess.
#include "protocol/client/engine_client.h"

#include <sstream>

#include "adapters/common/text.h"

namespace triad::protocol {

namespace {

using Clock = std::chrono::steady_clock;

const Failure kCancelledFailure{FailureKind::kCancelled, "the run was interrupted"};

std::vector<std::string> split(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string t; in >> t;) out.push_back(t);
  return out;
}

std::chrono::milliseconds remaining(Clock::time_point deadline) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() > 0 ? left : std::chrono::milliseconds(0);
}

}  // namespace

std::string format_go(Dialect dialect, const GoLimits& limits) {
  const bool ugi = dialect == Dialect::kUgi;
  std::string out = "go";
  auto add = [&out](const char* name, auto value) {
    out += ' ';
    out += name;
    out += ' ';
    out += std::to_string(value);
  };
  if (limits.time[0]) add(ugi ? "p1time" : "wtime", *limits.time[0]);
  if (limits.time[1]) add(ugi ? "p2time" : "btime", *limits.time[1]);
  if (limits.inc[0]) add(ugi ? "p1inc" : "winc", *limits.inc[0]);
  if (limits.inc[1]) add(ugi ? "p2inc" : "binc", *limits.inc[1]);
  if (limits.moves_to_go) add("movestogo", *limits.moves_to_go);
  if (limits.move_time) add("movetime", *limits.move_time);
  if (limits.depth) add("depth", *limits.depth);
  if (limits.nodes) add("nodes", *limits.nodes);
  if (!limits.searchmoves.empty()) out += " searchmoves";
  for (const auto& m : limits.searchmoves) out += " " + m;
  return out;
}

EngineClient::EngineClient(std::unique_ptr<EngineProcess> process, Dialect dialect)
    : process_(std::move(process)), dialect_(dialect) {}

std::optional<Failure> EngineClient::send(const std::string& line) {
  if (auto r = process_->write_line(line); !r)
    return Failure{FailureKind::kDisconnected, r.error().message};
  return std::nullopt;
}

std::optional<Failure> EngineClient::wait_for(const std::string& token,
                                              std::chrono::milliseconds timeout,
                                              const std::string& what) {
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    ReadResult r = process_->read_line(remaining(deadline));
    if (r.status == ReadStatus::kTimeout)
      return Failure{
          FailureKind::kTimeout,
          "no '" + token + "' within " + std::to_string(timeout.count()) + " ms after " + what};
    if (r.status == ReadStatus::kClosed)
      return Failure{FailureKind::kDisconnected,
                     "the engine closed its output while waiting for '" + token + "'"};
    if (r.status == ReadStatus::kCancelled) return kCancelledFailure;
    const auto tokens = split(r.line);
    if (tokens.empty()) continue;
    if (tokens[0] == "id" && tokens.size() > 2 && tokens[1] == "name")
      id_name_ = r.line.substr(r.line.find("name") + 5);
    if (tokens[0] == "option") options_.add(r.line);
    if (tokens[0] == token) return std::nullopt;
  }
}

std::optional<Failure> EngineClient::handshake(std::chrono::milliseconds timeout) {
  const bool ugi = dialect_ == Dialect::kUgi;
  options_ = OfferedOptions();
  if (auto f = send(ugi ? "ugi" : "uci")) return f;
  return wait_for(ugi ? "ugiok" : "uciok", timeout, ugi ? "'ugi'" : "'uci'");
}

std::optional<Failure> EngineClient::set_option(const std::string& name, const std::string& value) {
  // An empty value is a button (e.g. "Clear Hash"): no `value` part.
  return send("setoption name " + name + (value.empty() ? "" : " value " + value));
}

std::optional<Failure> EngineClient::sync(std::chrono::milliseconds timeout) {
  if (auto f = send("isready")) return f;
  return wait_for("readyok", timeout, "'isready'");
}

std::optional<Failure> EngineClient::new_game() {
  return send(dialect_ == Dialect::kUgi ? "uginewgame" : "ucinewgame");
}

std::optional<Failure> EngineClient::position(const std::string& fen,
                                              const std::vector<std::string>& moves) {
  std::string line = "position fen " + fen;
  if (!moves.empty()) {
    line += " moves";
    for (const auto& m : moves) line += ' ' + m;
  }
  return send(line);
}

SearchReply EngineClient::go(const GoLimits& limits, std::chrono::milliseconds timeout,
                             const std::function<void(const InfoLine&)>& on_info) {
  SearchReply reply;
  // Nothing printed before this `go` answers it: a stray line (a late info, or an extra
  // bestmove from a faulty engine) must not be taken for this search's reply.
  (void)process_->take_received();
  const auto start = Clock::now();
  const auto deadline = start + timeout;
  if (auto f = send(format_go(dialect_, limits))) {
    reply.failure = f;
    return reply;
  }
  for (;;) {
    ReadResult r = process_->read_line(remaining(deadline));
    reply.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
    if (r.status == ReadStatus::kTimeout) {
      (void)send("stop");
      reply.failure = Failure{FailureKind::kTimeout,
                              "no bestmove within " + std::to_string(timeout.count()) + " ms"};
      return reply;
    }
    if (r.status == ReadStatus::kClosed) {
      reply.failure = Failure{FailureKind::kDisconnected, "the engine exited while thinking"};
      return reply;
    }
    if (r.status == ReadStatus::kCancelled) {
      reply.failure = kCancelledFailure;
      return reply;
    }
    const auto tokens = split(r.line);
    if (tokens.empty()) continue;
    if (tokens[0] == "info") {
      const InfoLine info = parse_info(dialect_, r.line);
      if (info.score) reply.info.score = info.score;
      if (info.depth) reply.info.depth = *info.depth;
      if (info.nodes) reply.info.nodes = *info.nodes;
      if (on_info) on_info(info);
    } else if (tokens[0] == "bestmove") {
      if (tokens.size() < 2) {
        reply.failure = Failure{FailureKind::kProtocol, "'bestmove' without a move"};
        return reply;
      }
      reply.move = tokens[1];
      return reply;
    }
  }
}

bool EngineClient::drain_bestmove(std::chrono::milliseconds grace) {
  const auto deadline = Clock::now() + grace;
  for (;;) {
    ReadResult r = process_->read_line(remaining(deadline));
    if (r.status != ReadStatus::kLine) return false;
    if (r.line.rfind("bestmove", 0) == 0) return true;
  }
}

void EngineClient::quit(std::chrono::milliseconds grace) {
  (void)send("quit");
  process_->shut_down(grace);
}

}  // namespace triad::protocol
