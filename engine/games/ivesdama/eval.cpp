// Íves dáma static evaluation: material, advance towards the goal, the goal race, capture
// threats against the side to move (its pieces the opponent could jump next turn), step
// mobility (a side with no move loses), and control of the arc ends and the goal approaches.
#include "engine/games/ivesdama/eval.h"

#include <algorithm>
#include <bit>

namespace triad::games::ivesdama {

namespace {

constexpr int kStone = 100;    // one stone of material
constexpr int kAdvance = 8;    // per step a stone has come closer to its goal
constexpr int kRace = 12;      // per step the nearest stone is ahead in the race to a goal
constexpr int kThreat = 30;    // per own stone the opponent could capture next turn
constexpr int kMobility = 4;   // per step move more than the opponent has
constexpr int kArcEnd = 6;     // per own stone on a point an arc leaves from
constexpr int kApproach = 12;  // per own stone next to the opponent's base point

struct SideFacts {
  int stones = 0;
  int advance = 0;  // sum over stones of (max distance - distance to the goal)
  int nearest = 0;  // steps from the nearest stone to the goal
};

SideFacts facts(const Geometry& t, std::size_t side, std::uint32_t stones) {
  SideFacts f;
  f.nearest = t.num_points;
  for (std::uint32_t b = stones; b; b &= b - 1) {
    const int d = t.goal_distance[side][static_cast<std::size_t>(std::countr_zero(b))];
    ++f.stones;
    f.advance += t.num_points - d;
    f.nearest = std::min(f.nearest, d);
  }
  return f;
}

struct Terms {
  int material = 0;
  int advance = 0;
  int race = 0;
  int threats = 0;
  int mobility = 0;
  int control = 0;
};

// Step moves of the stones in `stones` for `side` (captures ignored). A side with no move
// loses, so restricting the opponent's steps (including its base guard's) is how an
// advantage is converted when the base point itself can never be jumped.
int step_count(const Geometry& t, std::size_t side, std::uint32_t stones, std::uint32_t empty) {
  int n = 0;
  for (std::uint32_t b = stones; b; b &= b - 1)
    n += std::popcount(t.steps[side][static_cast<std::size_t>(std::countr_zero(b))] & empty);
  return n;
}

// Stones of `own` that some stone of `opp` could jump now (straight line, empty landing).
// Called for the side to move in a quiet position: it has no capture itself (those are
// compulsory and searched), so these are the threats its move must answer.
int threatened(const Geometry& t, std::uint32_t own, std::uint32_t opp) {
  const std::uint32_t empty = t.all & ~(own | opp);
  std::uint32_t hit = 0;
  for (std::uint32_t b = opp; b; b &= b - 1) {
    const auto p = static_cast<std::size_t>(std::countr_zero(b));
    for (std::size_t j = t.jump_begin[p]; j < t.jump_begin[p + 1]; ++j)
      if ((own >> t.jumps[j].over) & (empty >> t.jumps[j].land) & 1) hit |= 1u << t.jumps[j].over;
  }
  return std::popcount(hit);
}

// Stones on the arc ends (the fast lanes along the sides) and next to the opponent's base
// point (where a goal or an immobilised guard is won), own minus the opponent's.
int control(const Geometry& t, std::size_t s, std::uint32_t own, std::uint32_t opp) {
  return kArcEnd * (std::popcount(own & t.arc_ends) - std::popcount(opp & t.arc_ends)) +
         kApproach * (std::popcount(own & t.goal_approach[s]) -
                      std::popcount(opp & t.goal_approach[1 - s]));
}

// Computed without allocation: evaluate() is called at every leaf of the search.
Terms compute_terms(const Game& game, const Position& pos) {
  const Geometry& t = game.geometry();
  const auto s = static_cast<std::size_t>(engine::index(pos.side_to_move));
  const SideFacts us = facts(t, s, pos.pieces[s]);
  const SideFacts them = facts(t, 1 - s, pos.pieces[1 - s]);
  const std::uint32_t empty = t.all & ~(pos.pieces[0] | pos.pieces[1]);
  return {kStone * (us.stones - them.stones),
          kAdvance * (us.advance - them.advance),
          kRace * (them.nearest - us.nearest),
          -kThreat * threatened(t, pos.pieces[s], pos.pieces[1 - s]),
          kMobility * (step_count(t, s, pos.pieces[s], empty) -
                       step_count(t, 1 - s, pos.pieces[1 - s], empty)),
          control(t, s, pos.pieces[s], pos.pieces[1 - s])};
}

}  // namespace

std::vector<engine::EvalTerm> eval_terms(const Game& game, const Position& pos) {
  const Terms terms = compute_terms(game, pos);
  return {{"material", terms.material}, {"advance", terms.advance},   {"race", terms.race},
          {"threats", terms.threats},   {"mobility", terms.mobility}, {"control", terms.control}};
}

int evaluate(const Game& game, const Position& pos) {
  const Terms terms = compute_terms(game, pos);
  return terms.material + terms.advance + terms.race + terms.threats + terms.mobility +
         terms.control;
}

}  // namespace triad::games::ivesdama
