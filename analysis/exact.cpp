// Exact knowledge for the game review (see exact.h).
#include "analysis/exact.h"

#include <bit>

#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/game.h"
#include "engine/games/yinyang/solver.h"

namespace triad::analysis {

namespace {

// The solver's table: 2^18 slots of 16 bytes (4 MiB per engine slot of the review).
constexpr int kTableBits = 18;

}  // namespace

ExactKnowledge::ExactKnowledge() = default;
ExactKnowledge::~ExactKnowledge() = default;

std::optional<engine::GameResult> ExactKnowledge::result(const adapters::AnyGame& game) {
  if (const auto outcome = game.outcome(); outcome.over()) return outcome.result;
  using YinYang = adapters::TypedGame<games::yinyang::Game>;
  if (const auto* yy = dynamic_cast<const YinYang*>(&game)) {
    const auto& pos = yy->line().current();
    if (std::popcount(pos.empty()) > kSolveEmpties) return std::nullopt;
    if (!yinyang_) yinyang_ = std::make_unique<games::yinyang::Solver>(kTableBits);
    const auto verdict = yinyang_->win_loss(pos);
    if (!verdict) return std::nullopt;
    const bool p1_wins =
        verdict->side_to_move_wins == (game.side_to_move() == engine::Player::kOne);
    return p1_wins ? engine::GameResult::kP1Win : engine::GameResult::kP2Win;
  }
  return std::nullopt;
}

}  // namespace triad::analysis
