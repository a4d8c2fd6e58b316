// Strength options -> search settings (see strength.h; the calibration in docs/strength.md).
#include "protocol/strength.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace triad::protocol {

namespace {

constexpr int kFullSkill = 20;

// The calibrated mapping (docs/strength.md "Calibration"): a rating -> the node budget, the
// temperature of the choice among the candidate lines and the share of random moves.
constexpr int kCandidateLines = 8;
constexpr double kBaseNodes = 50;            // at rating 0
constexpr double kNodesDoubling = 300;       // rating points per doubling of the budget
constexpr double kBaseTemperature = 150;     // score units, at rating 0
constexpr double kTemperatureHalving = 300;  // rating points per halving of the temperature
constexpr double kRandomShareAtZero = 0.6;   // falls linearly to 0 at kRandomShareEnd
constexpr double kRandomShareEnd = 800;

}  // namespace

void declare_strength_options(Options& options) {
  using T = OptionType;
  const auto ok = [](const std::string&) { return Result<void>(); };
  options.add({"UCI_LimitStrength", T::kCheck, "false", 0, 0, {}}, ok);
  options.add({"UCI_Elo", T::kSpin, std::to_string(kMaxElo), kMinElo, kMaxElo, {}}, ok);
  options.add({"Skill Level", T::kSpin, std::to_string(kFullSkill), 0, kFullSkill, {}}, ok);
  options.add({"Skill Seed", T::kSpin, "0", 0, 2147483647, {}}, ok);
}

StrengthLevel level_for_elo(int elo) {
  const double e = std::clamp(elo, kMinElo, kMaxElo);
  StrengthLevel level;
  level.elo = elo;
  level.nodes = static_cast<std::uint64_t>(std::lround(kBaseNodes * std::exp2(e / kNodesDoubling)));
  level.skill.active = true;
  level.skill.lines = kCandidateLines;
  level.skill.temperature = kBaseTemperature * std::exp2(-e / kTemperatureHalving);
  level.skill.random_share = std::max(0.0, kRandomShareAtZero * (1 - e / kRandomShareEnd));
  return level;
}

std::optional<StrengthLevel> strength_level(const Options& options, std::mt19937_64& rng) {
  int elo = 0;
  if (options.check("UCI_LimitStrength")) {
    elo = static_cast<int>(options.spin("UCI_Elo"));
  } else {
    const auto skill = options.spin("Skill Level");
    if (skill >= kFullSkill) return std::nullopt;
    // Skill Level 0..19 spread evenly over the rating range.
    elo = kMinElo + static_cast<int>(skill * (kMaxElo - kMinElo) / kFullSkill);
  }
  StrengthLevel level = level_for_elo(elo);
  const auto seed = options.spin("Skill Seed");
  level.skill.seed = seed != 0 ? static_cast<std::uint64_t>(seed) : rng();
  return level;
}

void limit_search(const StrengthLevel& level, adapters::SearchRequest& request) {
  auto& nodes = request.limits.nodes;
  nodes = nodes == 0 ? level.nodes : std::min(nodes, level.nodes);
  request.config.skill = level.skill;
}

}  // namespace triad::protocol
