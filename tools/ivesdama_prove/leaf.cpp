// Leaf values of a proof (leaf.h).
#include "tools/ivesdama_prove/leaf.h"

#include <bit>

#include "engine/games/ivesdama/endgame.h"

namespace triad::tools::ivesdama {

std::optional<bool> leaf_success(const iv::Game& game, const tables::TableSet& tables,
                                 const iv::Position& pos, engine::Player claimant, Goal goal) {
  const auto over = game.terminal(pos);
  if (over.over())
    return over.result == (claimant == engine::Player::kOne ? engine::GameResult::kP1Win
                                                            : engine::GameResult::kP2Win);
  const int stones = std::popcount(pos.pieces[0]) + std::popcount(pos.pieces[1]);
  std::optional<iv::EndgameValue::Result> r;  // from the side to move
  if (stones <= tables.max_stones()) {
    const auto v = tables.probe(pos);
    if (v) r = v->result;
  }
  if (!r && game.count_moves(pos, {}) == 0) r = iv::EndgameValue::Result::kLoss;
  if (!r) return std::nullopt;
  using R = iv::EndgameValue::Result;
  if (*r == R::kDraw) return goal == Goal::kNotLose;
  return (*r == R::kWin) == (pos.side_to_move == claimant);
}

}  // namespace triad::tools::ivesdama
