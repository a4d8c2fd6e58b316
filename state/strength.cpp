// Strength options -> search settings (see strength.h; the calibration in docs/strength.md).
#include "state/strength.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "adapters/common/game_registry.h"

namespace triad::state {

namespace {

constexpr int kFullSkill = 20;

// A raw strength x -> the search settings (docs/strength.md "How a limited level plays"):
//   depth:        1 + floor(depth_steps * x) plies always completed (at least 2 from Skill
//                 Level 1), at most kMaxDepth;
//   node budget:  min_nodes * node_range^x, spent beyond that depth (the game's LevelSearch);
//   root lines:   kCandidateLines, and more at the bottom of the ladder (up to 8 times as
//                 many at x = 0, as many as at the top from x = kWideBelow);
//   temperature:  kMaxTemperature * kTemperatureRange^x logistic units of the evaluation's
//                 expected score, raised towards the bottom (up to 31 times at x = 0), so
//                 that the weakest levels draw almost evenly among their moves.
constexpr int kCandidateLines = 8;
constexpr int kMaxDepth = 8;
constexpr double kMaxTemperature = 1.0;
constexpr double kTemperatureRange = 0.005;
constexpr double kWideBelow = 0.25;
// From this raw strength on (Skill Level 5), the search uses the game's exact knowledge.
constexpr double kExactFrom = 0.3;
// ... and from this one on (Skill Level 11) it also solves a small enough root outright.
constexpr double kSolveRootFrom = 0.6;
// Skill Level n < 20: the raw strengths 0.05..1 in equal steps (docs/strength.md).
double level_strength(int level) {
  return static_cast<double>(level + 1) / kFullSkill;
}

// No search lies between Skill Level 0's one ply and Level 1's two (the reply seen or not),
// so a raw strength between theirs, which UCI_Elo gives between their ratings, would play as
// Level 0 all the way up: instead each move is played as one of the two (drawn from the
// move's seed). Seeing the reply in some moves is worth more than its share: in Razzle
// Dazzle, a mix that played 61 % of its moves at two plies rated as Level 1 itself
// (docs/strength.md). So the chance of Level 1 is not the raw strength's place q between
// the two but 1 - sqrt(1 - q), the inverse of a strength that grows as 1 - (1 - chance)^2.
double between_one_and_two_plies(double raw, std::uint64_t seed) {
  const double low = level_strength(0), high = level_strength(1);
  if (raw <= low || raw >= high) return raw;
  const double place = (raw - low) / (high - low);
  std::mt19937_64 draw(seed);
  const bool deeper =
      std::uniform_real_distribution<double>(0.0, 1.0)(draw) < 1.0 - std::sqrt(1.0 - place);
  return deeper ? high : low;
}

}  // namespace

void declare_strength_options(Options& options) {
  using T = OptionType;
  const auto ok = [](const std::string&) { return Result<void>(); };
  options.add({"UCI_LimitStrength", T::kCheck, "false", 0, 0, {}}, ok);
  options.add({"UCI_Elo", T::kSpin, std::to_string(kMaxElo), kMinElo, kMaxElo, {}}, ok);
  options.add({"Skill Level", T::kSpin, std::to_string(kFullSkill), 0, kFullSkill, {}}, ok);
  options.add({"Skill Seed", T::kSpin, "0", 0, 2147483647, {}}, ok);
}

void set_elo_range(Options& options, const adapters::AnyGame& game) {
  const auto* descriptor = adapters::find_game(game.game_name());
  if (!descriptor || descriptor->strength_ratings.size() < 2) {
    options.set_range("UCI_Elo", kMinElo, kMaxElo);
    return;
  }
  const auto top =
      std::clamp<std::int64_t>(std::lround(descriptor->strength_ratings.back()), kMinElo, kMaxElo);
  const auto bottom =
      std::clamp<std::int64_t>(std::lround(descriptor->strength_ratings.front()), kMinElo, top);
  options.set_range("UCI_Elo", bottom, top);
}

double raw_strength(int elo, std::span<const double> calibration) {
  const double e = std::clamp(elo, kMinElo, kMaxElo);
  if (calibration.empty())
    return level_strength(0) + (e - kMinElo) / (kMaxElo - kMinElo) * (1 - level_strength(0));
  // Below the weakest level's rating: that level; between two levels: linear in x.
  if (e <= calibration.front()) return level_strength(0);
  for (std::size_t k = 1; k < calibration.size(); ++k) {
    const double lo = calibration[k - 1], hi = calibration[k];
    if (e <= hi) {
      const double within = hi > lo ? std::clamp((e - lo) / (hi - lo), 0.0, 1.0) : 1.0;
      const auto n = static_cast<int>(k);
      return level_strength(n - 1) + within * (level_strength(n) - level_strength(n - 1));
    }
  }
  return 1.0;
}

engine::Skill skill_for_raw(double raw, double score_scale, const adapters::LevelSearch& search) {
  const double x = std::clamp(raw, 0.0, 1.0);
  engine::Skill skill;
  skill.nodes =
      static_cast<std::uint64_t>(std::lround(search.min_nodes * std::pow(search.node_range, x)));
  skill.active = true;
  const double wide = std::max(0.0, 1 - x / kWideBelow);  // 1 at x = 0, 0 from kWideBelow
  skill.lines = static_cast<int>(std::lround(kCandidateLines * std::pow(8.0, wide)));
  const int least = x >= level_strength(1) - 1e-9 ? 2 : 1;  // from Level 1: the reply too
  skill.depth = std::min(
      kMaxDepth, std::max(least, 1 + static_cast<int>(std::floor(x * search.depth_steps + 1e-9))));
  skill.temperature =
      kMaxTemperature * std::pow(kTemperatureRange, x) * (1 + 30 * wide * wide) * score_scale;
  skill.exact = x >= kExactFrom - 1e-9;
  skill.solve_root = x >= kSolveRootFrom - 1e-9;
  return skill;
}

std::optional<engine::Skill> strength_level(const Options& options, const adapters::AnyGame& game,
                                            double score_scale, std::mt19937_64& rng) {
  double raw = 0;
  const auto* descriptor = adapters::find_game(game.game_name());
  if (options.check("UCI_LimitStrength")) {
    raw = raw_strength(static_cast<int>(options.spin("UCI_Elo")),
                       descriptor ? descriptor->strength_ratings : std::span<const double>{});
  } else {
    const auto level = options.spin("Skill Level");
    if (level >= kFullSkill) return std::nullopt;
    raw = level_strength(static_cast<int>(level));
  }
  const auto fixed_seed = options.spin("Skill Seed");
  const std::uint64_t seed = fixed_seed != 0 ? static_cast<std::uint64_t>(fixed_seed) : rng();
  raw = between_one_and_two_plies(raw, seed);
  engine::Skill skill = skill_for_raw(
      raw, score_scale, descriptor ? descriptor->level_search : adapters::LevelSearch{});
  skill.seed = seed;
  return skill;
}

}  // namespace triad::state
