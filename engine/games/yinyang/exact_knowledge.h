// Yin Yang's exact knowledge (engine/search/exact.h): who wins with perfect play, from the
// endgame solver's win/loss test (solver.h) on positions with at most kEmpties empty squares,
// where it takes milliseconds. The distance is not told (the solver proves margins, not
// lengths). One solver, made on the first probe with its table kept for the next ones: not for
// several threads at once. The search's own solves use its per-thread tables instead
// (search_hooks.h).
#pragma once

#include <bit>
#include <memory>
#include <optional>

#include "engine/games/yinyang/game.h"
#include "engine/games/yinyang/solver.h"
#include "engine/search/exact.h"

namespace triad::games::yinyang {

class ExactKnowledge {
 public:
  static constexpr bool kAvailable = true;
  // Positions with at most this many empty squares are solved.
  static constexpr int kEmpties = 20;
  // The solver's table: 2^18 slots of 16 bytes (4 MiB).
  static constexpr int kTableBits = 18;

  ExactKnowledge(const Game& /*game*/, const engine::ExactSource& /*source*/) {}

  std::optional<engine::ExactValue<Move>> probe(const Position& pos, bool with_move) {
    if (std::popcount(pos.empty()) > kEmpties) return std::nullopt;
    if (!solver_) solver_ = std::make_unique<Solver>(kTableBits);
    const auto verdict = solver_->win_loss(pos);
    if (!verdict) return std::nullopt;
    engine::ExactValue<Move> out;
    out.result =
        verdict->side_to_move_wins ? engine::ExactResult::kWin : engine::ExactResult::kLoss;
    if (with_move) out.best = verdict->best;
    return out;
  }

 private:
  std::unique_ptr<Solver> solver_;
};

}  // namespace triad::games::yinyang
