// Razzle Dazzle static evaluation: ball and piece advancement, how far and how widely the
// ball can travel by passes, and immediate goal chances. Scores are from the side to move.
#include "engine/games/razzle/eval.h"

#include <array>
#include <bit>

#include "engine/games/razzle/game.h"

namespace triad::games::razzle {

namespace {

enum Term { kBall, kPieces, kReach, kGoal, kTermCount };
constexpr std::array<const char*, kTermCount> kTermNames = {"ball", "pieces", "reach", "goal"};

// Ranks advanced from the player's own back rank.
int progress(engine::Player p, int sq) {
  return p == engine::Player::kOne ? rank_of(sq) : kRanks - 1 - rank_of(sq);
}

struct SideFeatures {
  int ball = 0;
  int pieces = 0;
  int reach_best = 0;
  int reach_count = 0;
  bool goal_in_reach = false;
};

SideFeatures features(const Game& game, const Position& pos, engine::Player p) {
  SideFeatures f;
  f.ball = progress(p, pos.ball(p));
  for (Bitboard b = pos.pieces(p); b; b &= b - 1) f.pieces += progress(p, lowest_square(b));
  const Bitboard reach = game.pass_reach(pos, p);
  f.reach_count = std::popcount(reach);
  for (Bitboard b = reach; b; b &= b - 1) {
    const int sq = lowest_square(b);
    if (progress(p, sq) > f.reach_best) f.reach_best = progress(p, sq);
  }
  f.goal_in_reach = (reach & rank_mask(Game::goal_rank(p))) != 0;
  return f;
}

std::array<int, kTermCount> terms(const Game& game, const Position& pos) {
  const engine::Player me = pos.side_to_move();
  const SideFeatures own = features(game, pos, me);
  const SideFeatures opp = features(game, pos, engine::other(me));
  std::array<int, kTermCount> t{};
  t[kBall] = eval::kBallRank * (own.ball - opp.ball);
  t[kPieces] = eval::kPieceRank * (own.pieces - opp.pieces);
  t[kReach] = eval::kReachRank * (own.reach_best - opp.reach_best) +
              eval::kReachCount * (own.reach_count - opp.reach_count);
  t[kGoal] =
      (own.goal_in_reach ? eval::kGoalInReach : 0) - (opp.goal_in_reach ? eval::kGoalThreat : 0);
  return t;
}

}  // namespace

int Game::evaluate(const Position& pos) const {
  int sum = 0;
  for (int v : terms(*this, pos)) sum += v;
  return sum;
}

std::vector<engine::EvalTerm> Game::eval_terms(const Position& pos) const {
  const auto t = terms(*this, pos);
  std::vector<engine::EvalTerm> out;
  for (int i = 0; i < kTermCount; ++i) out.push_back({kTermNames[i], t[i]});
  return out;
}

}  // namespace triad::games::razzle
