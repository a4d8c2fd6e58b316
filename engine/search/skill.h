// Skill: how a limited strength level (UCI_LimitStrength / UCI_Elo / Skill Level,
// docs/strength.md) weakens the search's move choice. The search looks at `lines` root lines
// (MultiPV) and, instead of the best, plays one drawn from them: a line `d` score units below
// the best with weight exp(-d / temperature), or, with chance random_share, any legal move.
// The draw is a function of the seed and the position only, so a fixed seed plays the same
// move in the same position. A limited search also uses no exact knowledge (endgame solvers,
// endgame tables): a weak level does not play perfect endgames by lookup.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace triad::engine {

struct Skill {
  bool active = false;  // false: full strength (everything below is ignored)
  int lines = 1;        // root lines searched to choose among
  // The level's node budget (main thread), checked once the first iteration is complete:
  // every candidate line has a score, however small the budget.
  std::uint64_t nodes = 0;
  double temperature = 1.0;  // score units (> 0)
  double random_share = 0;   // chance of a uniformly drawn legal move, in [0, 1]
  std::uint64_t seed = 0;
};

// The move a limited level plays: the index into `scores` (the searched lines' scores from
// the side to move, best first) or, when `random` is set, the index among all `legal` moves.
struct SkillChoice {
  bool random = false;
  std::size_t index = 0;
};

// `scores` is not empty and legal >= scores.size(); `position_hash` picks the draw.
SkillChoice choose_skill_move(const Skill& skill, std::span<const int> scores, std::size_t legal,
                              std::uint64_t position_hash);

}  // namespace triad::engine
