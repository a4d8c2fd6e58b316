// The level of triad-datagen's games (see level.h).
#include "datagen/level.h"

#include "adapters/common/text.h"
#include "state/strength.h"

namespace triad::datagen {

Result<Level> Level::create(const std::vector<std::string>& settings, const adapters::AnyGame& game,
                            const state::BoundNet* net) {
  Level level;
  state::declare_strength_options(level.options_);
  state::set_elo_range(level.options_, game);  // the game's own UCI_Elo range
  level.score_scale_ = state::level_score_scale(net);
  for (const auto& setting : settings) {
    const std::string what = "-option " + adapters::quote(setting) + ": ";
    const auto eq = setting.find('=');
    if (eq == std::string::npos) return make_error(what + "expected NAME=V");
    const std::string name = setting.substr(0, eq);
    if (!level.options_.has(name))
      return make_error(what +
                        "not a strength option (UCI_LimitStrength, UCI_Elo, Skill Level, "
                        "Skill Seed: docs/strength.md)");
    if (auto r = level.options_.set(name, setting.substr(eq + 1)); !r)
      return make_error(what + r.error().message);
  }
  return level;
}

std::optional<engine::Skill> Level::skill(const adapters::AnyGame& game,
                                          std::mt19937_64& rng) const {
  return state::strength_level(options_, game, score_scale_, rng);
}

}  // namespace triad::datagen
