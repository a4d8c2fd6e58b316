// Game-independent vocabulary shared by every game core, the search and the protocol:
// players, game results and the reason a game ended.
#pragma once

#include <cstdint>

namespace triad::engine {

enum class Player : std::uint8_t { kOne = 0, kTwo = 1 };

constexpr Player other(Player p) {
  return p == Player::kOne ? Player::kTwo : Player::kOne;
}
constexpr int index(Player p) {
  return static_cast<int>(p);
}

// The largest ply count a position carries, in every game. Games stop counting there
// (next_ply), so every ply Triad writes in a position line is one it reads back.
inline constexpr int kMaxGamePly = 1'000'000'000;
constexpr int next_ply(int ply) {
  return ply < kMaxGamePly ? ply + 1 : kMaxGamePly;
}

enum class GameResult : std::uint8_t { kNone, kP1Win, kP2Win, kDraw };

// Why a game ended; names match the protocol's `query reason` answers.
enum class Reason : std::uint8_t {
  kNone,
  kGoal,
  kNoMoves,
  kScore,
  kRepetition,
  kPlyLimit,
  kIllegalMove
};

struct Outcome {
  GameResult result = GameResult::kNone;
  Reason reason = Reason::kNone;

  bool over() const { return result != GameResult::kNone; }
  bool operator==(const Outcome&) const = default;

  static Outcome ongoing() { return {}; }
  static Outcome win_for(Player p, Reason r) {
    return {p == Player::kOne ? GameResult::kP1Win : GameResult::kP2Win, r};
  }
  static Outcome draw(Reason r) { return {GameResult::kDraw, r}; }
};

constexpr const char* result_name(GameResult r) {
  switch (r) {
    case GameResult::kP1Win:
      return "p1win";
    case GameResult::kP2Win:
      return "p2win";
    case GameResult::kDraw:
      return "draw";
    default:
      return "none";
  }
}

constexpr const char* reason_name(Reason r) {
  switch (r) {
    case Reason::kGoal:
      return "goal";
    case Reason::kNoMoves:
      return "no-moves";
    case Reason::kScore:
      return "score";
    case Reason::kRepetition:
      return "repetition";
    case Reason::kPlyLimit:
      return "ply-limit";
    case Reason::kIllegalMove:
      return "illegal-move";
    default:
      return "none";
  }
}

// One named term of a static evaluation (for the protocol's `eval` command).
struct EvalTerm {
  const char* name;
  int value;  // centipawn-like units, from the side to move
};

}  // namespace triad::engine
