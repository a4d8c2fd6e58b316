// What the protocol hands the search (limits, configuration) and what the search reports
// back through callbacks (info lines, the result). No text here: the protocol formats.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/core/game.h"
#include "engine/nnue/model.h"
#include "engine/search/skill.h"

namespace triad::engine {

// Scores are from the side to move. A forced win in n plies scores kMateScore - n; a forced
// loss in n plies -(kMateScore - n). |score| >= kMateBound means "mate" (forced result).
constexpr int kMateScore = 32000;
constexpr int kMateBound = kMateScore - 1024;
constexpr int kInfinity = kMateScore + 1;

constexpr bool is_mate_score(int score) {
  return score >= kMateBound || score <= -kMateBound;
}
// Plies to the forced end (positive: side to move wins; negative: it loses).
constexpr int mate_plies(int score) {
  return score > 0 ? kMateScore - score : -(kMateScore + score);
}

enum class Bound : std::uint8_t { kExact, kLower, kUpper };

struct SearchLimits {
  std::array<std::int64_t, 2> time_ms{-1, -1};  // remaining clock per player, -1 = none
  std::array<std::int64_t, 2> inc_ms{0, 0};
  int movestogo = 0;
  int depth = 0;                 // 0 = no limit
  std::uint64_t nodes = 0;       // 0 = no limit
  std::int64_t movetime_ms = 0;  // 0 = none
  int mate = 0;                  // search for a mate in this many moves (0 = off)
  bool infinite = false;
  bool ponder = false;
  bool has_clock() const { return time_ms[0] >= 0 || time_ms[1] >= 0; }
};

struct SearchConfig {
  int threads = 1;
  int multipv = 1;
  int move_overhead_ms = 30;
  DrawRules draw;
  // The learned evaluation to search with (a net bound to this game's board; adapters/nnue/),
  // or nullptr for the game's own evaluation.
  std::shared_ptr<const nnue::Model> learned;
  // A limited strength level (skill.h): the move drawn among `skill.lines` root lines, and no
  // endgame solver or table. Inactive = full strength.
  Skill skill;
};

template <class Move>
struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;  // 1-based line index
  int score = 0;
  Bound bound = Bound::kExact;
  std::uint64_t nodes = 0;
  std::uint64_t nps = 0;
  int hashfull = 0;  // permille
  std::int64_t time_ms = 0;
  std::uint64_t tbhits = 0;  // probes answered by endgame table files
  std::vector<Move> pv;      // legal from the root, in order
};

template <class Move>
struct SearchResult {
  std::optional<Move> best;    // empty only when the root has no legal move
  std::optional<Move> ponder;  // expected reply, if known
};

}  // namespace triad::engine
