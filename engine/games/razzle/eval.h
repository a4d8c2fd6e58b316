// Razzle Dazzle static evaluation (Game::evaluate / Game::eval_terms, defined in eval.cpp):
// the weights of its terms, from the side to move, ~100 per unit of advantage. Tuned by
// engine-against-engine matches (docs/games/razzle-dazzle.md, "Evaluation").
#pragma once

namespace triad::games::razzle::eval {

inline constexpr int kBallRank = 20;      // per rank the ball holder has advanced
inline constexpr int kPieceRank = 6;      // per rank each piece has advanced
inline constexpr int kReachRank = 5;      // per rank of the most advanced piece the ball can reach
inline constexpr int kReachCount = 3;     // per piece the ball can reach this turn
inline constexpr int kGoalInReach = 400;  // side to move can pass onto the goal rank now
inline constexpr int kGoalThreat = 120;   // the opponent could, if it were to move
inline constexpr int kMobility = 5;       // per knight move of the pieces without the ball
inline constexpr int kReceiver = 10;      // per piece on the two ranks nearest the goal

}  // namespace triad::games::razzle::eval
