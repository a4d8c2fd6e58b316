// Strength options -> search settings (see strength.h; the calibration in docs/strength.md).
#include "protocol/strength.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "adapters/common/game_registry.h"

namespace triad::protocol {

namespace {

constexpr int kFullSkill = 20;

// A raw strength x -> the search settings (docs/strength.md "Levels"):
//   random moves: a share 1 - 2x (none from x = 0.5 on);
//   node budget:  kMinNodes * kNodeRange^x;
//   temperature:  kMaxTemperature * kTemperatureRange^x score units.
constexpr int kCandidateLines = 8;
constexpr double kMinNodes = 16;
constexpr double kNodeRange = 4096;
constexpr double kMaxTemperature = 200;
constexpr double kTemperatureRange = 0.005;

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
  const auto top = std::lround(descriptor->strength_ratings.back());
  options.set_range("UCI_Elo", kMinElo, std::clamp<std::int64_t>(top, kMinElo, kMaxElo));
}

double raw_strength(int elo, std::span<const double> calibration) {
  const double e = std::clamp(elo, kMinElo, kMaxElo);
  if (calibration.size() < 2) return (e - kMinElo) / (kMaxElo - kMinElo);
  // The first step whose rating reaches e, and linear between it and the one before.
  const double steps = static_cast<double>(calibration.size() - 1);
  for (std::size_t k = 1; k < calibration.size(); ++k) {
    const double lo = calibration[k - 1], hi = calibration[k];
    if (e <= hi) {
      const double within = hi > lo ? std::clamp((e - lo) / (hi - lo), 0.0, 1.0) : 1.0;
      return (static_cast<double>(k - 1) + within) / steps;
    }
  }
  return 1.0;
}

engine::Skill skill_for_raw(double raw) {
  const double x = std::clamp(raw, 0.0, 1.0);
  engine::Skill skill;
  skill.nodes = static_cast<std::uint64_t>(std::lround(kMinNodes * std::pow(kNodeRange, x)));
  skill.active = true;
  skill.lines = kCandidateLines;
  skill.temperature = kMaxTemperature * std::pow(kTemperatureRange, x);
  skill.random_share = std::max(0.0, 1 - 2 * x);
  return skill;
}

std::optional<engine::Skill> strength_level(const Options& options, const adapters::AnyGame& game,
                                            std::mt19937_64& rng) {
  double raw = 0;
  if (options.check("UCI_LimitStrength")) {
    const auto* descriptor = adapters::find_game(game.game_name());
    raw = raw_strength(static_cast<int>(options.spin("UCI_Elo")),
                       descriptor ? descriptor->strength_ratings : std::span<const double>{});
  } else {
    const auto level = options.spin("Skill Level");
    if (level >= kFullSkill) return std::nullopt;
    // Skill Level 0..19: the raw strengths 0.05..1 in equal steps (docs/strength.md).
    raw = static_cast<double>(level + 1) / kFullSkill;
  }
  engine::Skill skill = skill_for_raw(raw);
  const auto seed = options.spin("Skill Seed");
  skill.seed = seed != 0 ? static_cast<std::uint64_t>(seed) : rng();
  return skill;
}

}  // namespace triad::protocol
