// Player implementations: EnginePlayer (an external engine process) and the built-in
// random / greedy baselines.
#include "tournament/player.h"

#include <algorithm>
#include <climits>

namespace triad::tournament {

namespace {

using protocol::Failure;
using protocol::FailureKind;
using SteadyClock = std::chrono::steady_clock;

class EnginePlayer : public Player {
 public:
  EnginePlayer(EngineConfig config, PlayerContext context)
      : config_(std::move(config)), context_(std::move(context)) {}
  ~EnginePlayer() override {
    if (!client_) return;
    if (interrupted()) {
      client_->kill();  // no time for a polite quit
    } else {
      client_->quit(std::chrono::milliseconds(500));
    }
  }

  std::optional<Failure> prepare_game(std::uint64_t) override {
    if (client_ && !client_->alive()) {
      ++failures_;
      client_.reset();
    }
    std::optional<Failure> failure;
    if (!client_) failure = start();
    if (!failure) failure = client_->new_game();
    if (!failure) failure = client_->sync(context_.handshake_timeout);
    if (failure) {
      // An engine that failed to get ready is ended; its next game starts a fresh one.
      if (failure->kind != FailureKind::kCancelled) ++failures_;
      if (client_) client_->kill();
      client_.reset();
    }
    return failure;
  }

  protocol::SearchReply think(const MoveRequest& request) override {
    if (auto f = client_->position(request.start_fen, request.moves)) {
      protocol::SearchReply reply;
      reply.failure = f;
      return reply;
    }
    return client_->go(request.limits, request.deadline);
  }

  void after_failure(const Failure& failure) override {
    // A late bestmove shows the engine is still sane; otherwise it is ended.
    if (failure.kind == FailureKind::kTimeout &&
        client_->drain_bestmove(std::chrono::milliseconds(1000)))
      return;
    if (failure.kind != FailureKind::kCancelled) ++failures_;  // not the engine's fault
    client_->kill();
    client_.reset();
  }

  void end_game() override {
    if (config_.restart && client_) {
      client_->quit(std::chrono::milliseconds(1000));
      client_.reset();
    }
  }

  std::string id_name() const override { return client_ ? client_->id_name() : std::string(); }

 private:
  std::optional<Failure> start() {
    protocol::ProcessSpec spec{config_.command,     config_.args,    config_.working_dir,
                               context_.stderr_log, context_.io_log, context_.cancel};
    auto process = protocol::EngineProcess::start(spec);
    if (!process) return Failure{FailureKind::kDisconnected, process.error().message};
    client_ = std::make_unique<protocol::EngineClient>(std::move(*process), config_.dialect);
    if (auto f = client_->handshake(context_.handshake_timeout)) return f;
    if (auto f = client_->set_option("UCI_Variant", context_.variant)) return f;
    for (const auto& [name, value] : config_.options)
      if (auto f = client_->set_option(name, value)) return f;
    return client_->sync(context_.handshake_timeout);
  }

  bool interrupted() const { return context_.cancel && context_.cancel->cancelled(); }

  EngineConfig config_;
  PlayerContext context_;
  std::unique_ptr<protocol::EngineClient> client_;
};

// Random or greedy, in-process, seeded per game so that runs are reproducible.
class BuiltinPlayer : public Player {
 public:
  explicit BuiltinPlayer(bool greedy) : greedy_(greedy) {}

  std::optional<Failure> prepare_game(std::uint64_t game_seed) override {
    rng_.seed(game_seed);
    return std::nullopt;
  }

  protocol::SearchReply think(const MoveRequest& request) override {
    const auto start = SteadyClock::now();
    protocol::SearchReply reply;
    if (greedy_) {
      GreedyChoice choice = greedy_move(request.position, rng_);
      reply.move = choice.move;
      reply.info.score = choice.score;
      reply.info.depth = 1;
    } else {
      const auto moves = request.position.legal_moves();
      if (!moves.empty())
        reply.move = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng_)];
    }
    if (reply.move.empty()) reply.move = "(none)";
    reply.elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(SteadyClock::now() - start);
    return reply;
  }

  void after_failure(const Failure&) override {}
  void end_game() override {}
  std::string id_name() const override { return greedy_ ? "builtin:greedy" : "builtin:random"; }

 private:
  bool greedy_;
  std::mt19937_64 rng_;
};

}  // namespace

GreedyChoice greedy_move(const adapters::AnyGame& position, std::mt19937_64& rng) {
  const engine::Player mover = position.side_to_move();
  const auto win =
      mover == engine::Player::kOne ? engine::GameResult::kP1Win : engine::GameResult::kP2Win;
  std::vector<std::string> best;
  int best_value = INT_MIN;
  for (const auto& move : position.legal_moves()) {
    auto after = position.clone();
    if (!after->play(move)) continue;
    const engine::Outcome outcome = after->outcome();
    if (outcome.result == win) return {move, {true, 1}};
    // evaluate() is from the side to move after the move.
    int value = after->side_to_move() == mover ? after->evaluate() : -after->evaluate();
    if (outcome.result == engine::GameResult::kDraw) value = 0;
    if (outcome.over() && outcome.result != win && outcome.result != engine::GameResult::kDraw)
      value = INT_MIN + 1;  // a losing move only if nothing else is left
    if (value > best_value) {
      best_value = value;
      best.clear();
    }
    if (value == best_value) best.push_back(move);
  }
  if (best.empty()) return {};
  const std::string& move =
      best[std::uniform_int_distribution<std::size_t>(0, best.size() - 1)(rng)];
  if (best_value == INT_MIN + 1) return {move, {true, -1}};  // every move loses at once
  return {move, {false, best_value}};
}

std::unique_ptr<Player> make_player(const EngineConfig& config, const PlayerContext& context) {
  if (config.command == "builtin:random") return std::make_unique<BuiltinPlayer>(false);
  if (config.command == "builtin:greedy") return std::make_unique<BuiltinPlayer>(true);
  return std::make_unique<EnginePlayer>(config, context);
}

}  // namespace triad::tournament
