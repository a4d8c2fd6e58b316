// Íves dáma static evaluation: material, advance towards the goal, and the goal race.
#include "engine/games/ivesdama/eval.h"

#include <algorithm>
#include <bit>

namespace triad::games::ivesdama {

namespace {

constexpr int kStone = 100;  // one stone of material
constexpr int kAdvance = 3;  // per step a stone has come closer to its goal
constexpr int kRace = 12;    // per step the nearest stone is ahead in the race to a goal

struct SideFacts {
  int stones = 0;
  int advance = 0;  // sum over stones of (max distance - distance to the goal)
  int nearest = 0;  // steps from the nearest stone to the goal
};

SideFacts facts(const Tables& t, std::size_t side, std::uint32_t stones) {
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
};

// Computed without allocation: evaluate() is called at every leaf of the search.
Terms compute_terms(const Game& game, const Position& pos) {
  const Tables& t = game.tables();
  const auto s = static_cast<std::size_t>(engine::index(pos.stm));
  const SideFacts us = facts(t, s, pos.pieces[s]);
  const SideFacts them = facts(t, 1 - s, pos.pieces[1 - s]);
  return {kStone * (us.stones - them.stones), kAdvance * (us.advance - them.advance),
          kRace * (them.nearest - us.nearest)};
}

}  // namespace

std::vector<engine::EvalTerm> eval_terms(const Game& game, const Position& pos) {
  const Terms terms = compute_terms(game, pos);
  return {{"material", terms.material}, {"advance", terms.advance}, {"race", terms.race}};
}

int evaluate(const Game& game, const Position& pos) {
  const Terms terms = compute_terms(game, pos);
  return terms.material + terms.advance + terms.race;
}

}  // namespace triad::games::ivesdama
