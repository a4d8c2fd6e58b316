// The endgame tables of one Íves dáma variant (variant_tables.h).
#include "adapters/tables/variant_tables.h"

#include <string>

namespace triad::tables {

Result<std::shared_ptr<const VariantTables>> VariantTables::open(
    const std::filesystem::path& dir, std::unique_ptr<adapters::AnyGame> game, bool* foreign) {
  const auto* typed = ives_dama(*game);
  if (!typed)
    return make_error(dir.string() + ": endgame tables exist for Íves dáma only, not " +
                      std::string(game->game_name()));
  auto set = TableSet::open(dir, typed->game(), iv::kMaxPoints, foreign);
  if (!set) return set.error();
  return std::shared_ptr<const VariantTables>(new VariantTables(std::move(game), std::move(*set)));
}

std::optional<iv::EndgameValue> VariantTables::probe(const adapters::AnyGame& game) const {
  const auto* typed = ives_dama(game);
  if (!typed) return std::nullopt;
  return set_.probe(typed->line().current());
}

std::optional<engine::GameResult> VariantTables::result(const adapters::AnyGame& game) const {
  const auto value = probe(game);
  if (!value) return std::nullopt;
  return result_of(*value, game.side_to_move());
}

engine::GameResult result_of(const iv::EndgameValue& v, engine::Player side_to_move) {
  using R = iv::EndgameValue::Result;
  if (v.result == R::kDraw) return engine::GameResult::kDraw;
  const engine::Player winner = v.result == R::kWin ? side_to_move : engine::other(side_to_move);
  return winner == engine::Player::kOne ? engine::GameResult::kP1Win : engine::GameResult::kP2Win;
}

}  // namespace triad::tables
