// The GameSolver hook of Íves dáma (engine/search/hooks.h): `go solve` answers from the
// endgame table files of the engine's exact knowledge (TablePath, within TableProbeLimit
// stones) at once — the result, its distance in plies and a perfect line (for a draw, a move that
// keeps it). Positions outside the files are refused (can_solve): the game is not solved to the end
// otherwise. Defined in search.cpp, next to the hooks it shares the tables' best move with.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>

#include "engine/core/result.h"
#include "engine/core/solve_types.h"
#include "engine/games/ivesdama/exact_knowledge.h"
#include "engine/games/ivesdama/game.h"

namespace triad::games::ivesdama {

class GameSolver {
 public:
  using Move = Game::Move;
  static constexpr bool kAvailable = true;
  static constexpr int kMaxMargin = 0;  // no margins: a result and its distance in plies

  // Why `pos` cannot be solved: no table files in `known`, the game is over, or the position
  // is outside the files (more stones than they or TableProbeLimit cover).
  static Result<void> can_solve(const Game& g, const ExactKnowledge& known, const Position& pos);
  void configure(std::size_t /*hash_bytes*/, int /*threads*/) {}
  // The files' answer for a position can_solve() accepts (never stopped: it takes a probe
  // per move of the line).
  std::optional<engine::SolveOutcome<Move>> solve(
      const Game& g, const ExactKnowledge& known, const Position& pos, bool exact,
      const std::function<void(const engine::SolveProgress<Move>&)>& on_progress,
      const std::function<bool()>& stop);
  std::uint64_t nodes() const { return nodes_; }
  int hashfull() const { return 0; }

 private:
  std::uint64_t nodes_ = 0;
};

}  // namespace triad::games::ivesdama
