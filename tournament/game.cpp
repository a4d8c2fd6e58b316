// The referee loop of one game.
#include "tournament/game.h"

#include <ctime>

namespace triad::tournament {

namespace {

using engine::GameResult;
using protocol::FailureKind;

constexpr int kMateScore = 1000000;  // adjudication value of a mate score

int adjudication_value(const protocol::EngineScore& s) {
  if (!s.mate) return s.value;
  return s.value > 0 ? kMateScore - s.value : -kMateScore - s.value;
}

std::string today() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[16];
  std::strftime(buf, sizeof buf, "%Y.%m.%d", &tm);
  return buf;
}

GameResult win_for(int player) {
  return player == 0 ? GameResult::kP1Win : GameResult::kP2Win;
}

// Tracks the score-based adjudication rules (resign, draw) over consecutive moves.
class ScoreAdjudicator {
 public:
  explicit ScoreAdjudicator(const GameSetup& setup) : resign_(setup.resign), draw_(setup.draw) {}

  // After `mover` played a move reporting `score`; returns a finished result, or kNone.
  GameResult update(int mover, const std::optional<protocol::EngineScore>& score, int plies,
                    std::string& comment) {
    if (!score) {
      losing_[mover] = winning_[mover] = 0;
      drawish_ = 0;
      return GameResult::kNone;
    }
    const int v = adjudication_value(*score);
    losing_[mover] = resign_.score > 0 && v <= -resign_.score ? losing_[mover] + 1 : 0;
    winning_[mover] = resign_.score > 0 && v >= resign_.score ? winning_[mover] + 1 : 0;
    drawish_ = (draw_.moves > 0 && plies >= 2 * draw_.move_number && std::abs(v) <= draw_.score)
                   ? drawish_ + 1
                   : 0;
    if (resign_.moves > 0 && losing_[mover] >= resign_.moves &&
        (!resign_.two_sided || winning_[1 - mover] >= resign_.moves)) {
      comment = std::string(mover == 0 ? "Player 1" : "Player 2") +
                "'s score stayed at or below -" + std::to_string(resign_.score) + " for " +
                std::to_string(resign_.moves) + " moves: adjudicated as a resignation";
      return win_for(1 - mover);
    }
    if (draw_.moves > 0 && drawish_ >= 2 * draw_.moves) {
      comment = "both scores stayed within +-" + std::to_string(draw_.score) + " for " +
                std::to_string(draw_.moves) + " moves: adjudicated as a draw";
      return GameResult::kDraw;
    }
    return GameResult::kNone;
  }

 private:
  ResignRule resign_;
  DrawRule draw_;
  int losing_[2] = {0, 0};
  int winning_[2] = {0, 0};
  int drawish_ = 0;
};

}  // namespace

GameRecord play_game(const GameSetup& setup, Player* players[2], adapters::AnyGame& referee) {
  GameRecord rec;
  rec.setup = setup;
  rec.date = today();
  std::vector<std::string> moves;
  auto finish = [&](GameResult result, const char* termination, std::string comment) {
    rec.result = result;
    rec.termination = termination;
    rec.comment = std::move(comment);
    rec.final_fen = referee.position_line();
    rec.score_text = referee.score_text();
    for (int i = 0; i < 2; ++i) players[i]->end_game();
    return rec;
  };
  auto who = [&](int p) { return setup.name[p] + " (Player " + std::to_string(p + 1) + ")"; };

  if (auto r = referee.reset(setup.start_fen); !r)
    return finish(GameResult::kNone, kTermNormal, "bad opening: " + r.error().message);
  for (const auto& m : setup.opening_moves) {
    if (auto r = referee.play(m); !r)
      return finish(GameResult::kNone, kTermNormal,
                    "bad opening move " + m + ": " + r.error().message);
    moves.push_back(m);
    rec.moves.push_back({m, true, std::nullopt, 0, 0});
  }
  for (int p = 0; p < 2; ++p) {
    const std::uint64_t seed = setup.seed * 2 + static_cast<std::uint64_t>(p);
    auto failure = players[p]->prepare_game(seed);
    rec.engine_id[p] = players[p]->id_name();
    if (auto f = failure) {
      if (f->kind == FailureKind::kCancelled)
        return finish(GameResult::kNone, kTermInterrupted, "the run was interrupted");
      const bool stall = f->kind == FailureKind::kTimeout;
      return finish(win_for(1 - p), stall ? kTermStall : kTermDisconnect,
                    who(p) + (stall ? " stalled: " : " failed to start: ") + f->message);
    }
  }

  GameClock clocks[2] = {GameClock(setup.tc[0]), GameClock(setup.tc[1])};
  ScoreAdjudicator adjudicator(setup);
  for (;;) {
    const engine::Outcome outcome = referee.outcome();
    if (outcome.over()) {
      std::string why = outcome.result == GameResult::kDraw
                            ? std::string("draw")
                            : who(outcome.result == GameResult::kP1Win ? 0 : 1) + " wins";
      return finish(outcome.result, kTermNormal,
                    why + " by " + engine::reason_name(outcome.reason));
    }
    if (setup.tables)
      if (const auto verdict = setup.tables->adjudicate(referee))
        return finish(verdict->result, kTermAdjudication, verdict->comment);
    const int played =
        static_cast<int>(moves.size()) - static_cast<int>(setup.opening_moves.size());
    if (setup.max_plies > 0 && played >= setup.max_plies)
      return finish(
          GameResult::kDraw, kTermAdjudication,
          "draw: the maximum of " + std::to_string(setup.max_plies) + " plies was reached");

    if (setup.interrupt && setup.interrupt->load())
      return finish(GameResult::kNone, kTermInterrupted, "the run was interrupted");
    const int mover = engine::index(referee.side_to_move());
    GameClock& clock = clocks[mover];
    const MoveRequest request{
        referee, setup.start_fen, moves, go_limits(clocks[0], clocks[1], mover),
        std::chrono::milliseconds(clock.move_deadline_ms(setup.untimed_move_limit_ms))};
    protocol::SearchReply reply = players[mover]->think(request);
    if (reply.failure) {
      players[mover]->after_failure(*reply.failure);
      switch (reply.failure->kind) {
        case FailureKind::kTimeout:
          if (clock.tc().timed())
            return finish(win_for(1 - mover), kTermTimeForfeit, who(mover) + " loses on time");
          return finish(win_for(1 - mover), kTermStall,
                        who(mover) + " stalled: " + reply.failure->message);
        case FailureKind::kDisconnected:
          return finish(win_for(1 - mover), kTermDisconnect,
                        who(mover) + " disconnected: " + reply.failure->message);
        case FailureKind::kProtocol:
          return finish(win_for(1 - mover), kTermIllegalMove,
                        who(mover) + " broke the protocol: " + reply.failure->message);
        case FailureKind::kCancelled:
          return finish(GameResult::kNone, kTermInterrupted, "the run was interrupted");
      }
    }
    if (!clock.charge(reply.elapsed.count()))
      return finish(
          win_for(1 - mover), kTermTimeForfeit,
          who(mover) + " loses on time (" + std::to_string(reply.elapsed.count()) + " ms)");
    if (auto r = referee.play(reply.move); !r)
      return finish(
          win_for(1 - mover), kTermIllegalMove,
          who(mover) + " made an illegal move: " + reply.move + " (" + r.error().message + ")");
    moves.push_back(reply.move);
    rec.moves.push_back(
        {reply.move, false, reply.info.score, reply.info.depth, reply.elapsed.count()});

    std::string why;
    const GameResult adjudicated = adjudicator.update(mover, reply.info.score, played + 1, why);
    if (adjudicated != GameResult::kNone) return finish(adjudicated, kTermAdjudication, why);
  }
}

}  // namespace triad::tournament
