// Razzle Dazzle static evaluation: ball and piece advancement, how far and how widely the
// ball can travel by passes, immediate goal chances, knight mobility and receivers near the
// goal. Scores are from the side to move.
#include "engine/games/razzle/eval.h"

#include <array>
#include <bit>

#include "engine/games/razzle/game.h"

namespace triad::games::razzle {

namespace {

enum Term { kBall, kPieces, kReach, kGoal, kMobility, kReceivers, kTermCount };
constexpr std::array<const char*, kTermCount> kTermNames = {"ball", "pieces",   "reach",
                                                            "goal", "mobility", "receivers"};

// Ranks advanced from the player's own back rank.
int progress(engine::Player p, int sq) {
  return p == engine::Player::kOne ? rank_of(sq) : kRanks - 1 - rank_of(sq);
}

// The goal rank and the rank before it.
Bitboard near_goal(engine::Player p) {
  return p == engine::Player::kOne ? rank_mask(kRanks - 1) | rank_mask(kRanks - 2)
                                   : rank_mask(0) | rank_mask(1);
}

struct SideFeatures {
  int ball = 0;
  int pieces = 0;
  int reach_best = 0;
  int reach_count = 0;
  bool goal_in_reach = false;
  int mobility = 0;
  int receivers = 0;
};

SideFeatures features(const Game& game, const Position& pos, engine::Player p) {
  SideFeatures f;
  const Bitboard own = pos.pieces(p);
  const Bitboard empty = ~pos.occupied();
  f.ball = progress(p, pos.ball(p));
  for (Bitboard b = own; b; b &= b - 1) {
    const int sq = lowest_square(b);
    f.pieces += progress(p, sq);
    if (sq != pos.ball(p)) f.mobility += std::popcount(kBoard.knight[sq] & empty);
  }
  f.receivers = std::popcount(own & near_goal(p));
  const Bitboard reach = game.pass_reach(pos, p);
  f.reach_count = std::popcount(reach);
  for (Bitboard b = reach; b; b &= b - 1) {
    const int sq = lowest_square(b);
    if (progress(p, sq) > f.reach_best) f.reach_best = progress(p, sq);
  }
  f.goal_in_reach = (reach & rank_mask(Game::goal_rank(p))) != 0;
  return f;
}

std::array<int, kTermCount> terms(const SideFeatures& own, const SideFeatures& opp) {
  std::array<int, kTermCount> t{};
  t[kBall] = eval::kBallRank * (own.ball - opp.ball);
  t[kPieces] = eval::kPieceRank * (own.pieces - opp.pieces);
  t[kReach] = eval::kReachRank * (own.reach_best - opp.reach_best) +
              eval::kReachCount * (own.reach_count - opp.reach_count);
  t[kGoal] =
      (own.goal_in_reach ? eval::kGoalInReach : 0) - (opp.goal_in_reach ? eval::kGoalThreat : 0);
  t[kMobility] = eval::kMobility * (own.mobility - opp.mobility);
  t[kReceivers] = eval::kReceiver * (own.receivers - opp.receivers);
  return t;
}

std::array<int, kTermCount> terms(const Game& game, const Position& pos) {
  const engine::Player me = pos.side_to_move();
  return terms(features(game, pos, me), features(game, pos, engine::other(me)));
}

int sum(const std::array<int, kTermCount>& t) {
  int s = 0;
  for (int v : t) s += v;
  return s;
}

}  // namespace

int Game::evaluate(const Position& pos) const {
  return sum(terms(*this, pos));
}

std::optional<int> Game::evaluate_unless_goal(const Position& pos) const {
  const engine::Player me = pos.side_to_move();
  const SideFeatures own = features(*this, pos, me);
  if (own.goal_in_reach) return std::nullopt;
  return sum(terms(own, features(*this, pos, engine::other(me))));
}

std::vector<engine::EvalTerm> Game::eval_terms(const Position& pos) const {
  const auto t = terms(*this, pos);
  std::vector<engine::EvalTerm> out;
  for (int i = 0; i < kTermCount; ++i) out.push_back({kTermNames[i], t[i]});
  return out;
}

}  // namespace triad::games::razzle
