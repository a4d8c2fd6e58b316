// The weakened move choice of limited strength levels (see skill.h).
#include "engine/search/skill.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "engine/core/hash.h"
#include "engine/search/search_types.h"

namespace triad::engine {

namespace {

// A uniform draw in [0, 1) from the next value of the sequence (53 bits, portable).
double uniform(std::uint64_t& state) {
  return static_cast<double>(splitmix64(state) >> 11) * 0x1.0p-53;
}

}  // namespace

std::size_t choose_skill_move(const Skill& skill, std::span<const int> scores,
                              std::uint64_t position_hash) {
  std::uint64_t state = skill.seed ^ position_hash;
  // A forced result found for the best line is played as full strength plays it (the
  // quickest win, the longest defence): a level never dawdles in a won position.
  if (std::abs(scores.front()) >= kMateBound) return 0;
  // Otherwise a forced loss counts as a bound beyond every evaluation: as bad as the worst.
  const auto clamp = [](int s) { return std::clamp(s, -kMateBound, kMateBound); };
  const double best = clamp(scores.front());
  std::vector<double> weights;
  double total = 0;
  for (const int s : scores) {
    weights.push_back(std::exp((clamp(s) - best) / std::max(skill.temperature, 1e-9)));
    total += weights.back();
  }
  double pick = uniform(state) * total;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (pick < weights[i]) return i;
    pick -= weights[i];
  }
  return 0;  // rounding at the end of the sum: the best line
}

}  // namespace triad::engine
