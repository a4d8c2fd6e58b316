// Razzle Dazzle static evaluation (Game::evaluate / Game::eval_terms, defined in eval.cpp):
// the weights of its terms, from the side to move, ~100 per unit of advantage.
#pragma once

namespace triad::games::razzle::eval {

inline constexpr int kBallRank = 12;      // per rank the ball holder has advanced
inline constexpr int kPieceRank = 3;      // per rank each piece has advanced
inline constexpr int kReachRank = 10;     // per rank of the most advanced piece the ball can reach
inline constexpr int kReachCount = 6;     // per piece the ball can reach this turn
inline constexpr int kGoalInReach = 400;  // side to move can pass onto the goal rank now
inline constexpr int kGoalThreat = 120;   // the opponent could, if it were to move

}  // namespace triad::games::razzle::eval
