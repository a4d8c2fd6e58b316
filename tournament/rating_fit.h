// Maximum-likelihood ratings of a whole field (docs/tournaments.md "Ratings"): every game of
// every pair at once, logistic Elo (expected score 1 / (1 + 10^(-d/400))), draws as half
// points, one engine fixed at 0 (the anchor), 95 % intervals from the observed information
// (the inverse of the log-likelihood's negative Hessian with the anchor fixed).
#pragma once

#include <optional>
#include <vector>

namespace triad::tournament {

// What engines a and b scored against each other: `points` of a (wins + draws / 2) in `games`.
struct PairScore {
  int a = 0;
  int b = 1;
  double points = 0;
  double games = 0;
};

struct FittedRating {
  // Empty when the maximum does not exist for this engine: it has no games, or its results
  // place it infinitely above or below the anchor (e.g. it won every game of a group that
  // never lost a point to the anchor's group).
  std::optional<double> rating;
  double error_95 = 0;  // half width of the 95 % interval (0 for the anchor)
};

// One entry per engine 0..engines-1. The fit covers the engines whose results tie them to the
// anchor both ways (each of them scored some points against, and gave some to, engines of
// that group: the strongly connected part of "scored against" that holds the anchor).
std::vector<FittedRating> fit_ratings(int engines, const std::vector<PairScore>& pairs, int anchor);

}  // namespace triad::tournament
