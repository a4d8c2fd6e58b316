// Player implementations: EnginePlayer (an external engine process, its life cycle in
// runner::ManagedEngine) and the built-in random / greedy baselines.
#include "tournament/player.h"

#include <algorithm>
#include <climits>

#include "runner/managed_engine.h"

namespace triad::tournament {

namespace {

using protocol::Failure;
using SteadyClock = std::chrono::steady_clock;

class EnginePlayer : public Player {
 public:
  EnginePlayer(const EngineConfig& config, const PlayerContext& context)
      : restart_(config.restart),
        variant_(context.variant),
        engine_(
            config,
            {context.stderr_log, context.io_log, context.handshake_timeout, context.cancel, {}}) {}

  std::optional<Failure> prepare_game(std::uint64_t) override { return engine_.prepare(variant_); }

  protocol::SearchReply think(const MoveRequest& request) override {
    return engine_.search(request.start_fen, request.moves, request.limits, request.deadline);
  }

  void after_failure(const Failure& failure) override {
    engine_.recover(failure, std::chrono::milliseconds(1000));
  }

  void end_game() override {
    if (restart_) engine_.quit(std::chrono::milliseconds(1000));
  }

  std::string id_name() const override { return engine_.id_name(); }
  int failures() const override { return engine_.failures(); }

 private:
  bool restart_;
  std::string variant_;
  runner::ManagedEngine engine_;
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
