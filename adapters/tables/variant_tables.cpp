// The endgame tables of one variant (variant_tables.h).
#include "adapters/tables/variant_tables.h"

#include <string>

#include "adapters/common/exact_for.h"
#include "engine/games/ivesdama/search_hooks.h"

namespace triad::tables {

bool takes_tables(const adapters::AnyGame& game) {
  return ives_dama(game) != nullptr;
}

Result<std::shared_ptr<const VariantTables>> VariantTables::open(
    const std::filesystem::path& dir, std::unique_ptr<adapters::AnyGame> game, bool* foreign) {
  const auto* typed = ives_dama(*game);
  if (!typed)
    return make_error(dir.string() + ": endgame tables exist for Íves dáma only, not " +
                      std::string(game->game_name()));
  auto set = TableSet::open(dir, typed->game(), iv::kMaxPoints, foreign);
  if (!set) return set.error();
  return std::shared_ptr<const VariantTables>(
      new VariantTables(std::move(game), std::make_shared<const TableSet>(std::move(*set))));
}

std::unique_ptr<adapters::ExactProbe> VariantTables::knowledge() const {
  return adapters::detail::make_exact<iv::Game>(game_->clone(), source());
}

std::optional<engine::GameResult> VariantTables::result(const adapters::AnyGame& game) const {
  const auto answer = knowledge()->probe(game, false);
  if (!answer) return std::nullopt;
  return adapters::result_of(answer->result, game.side_to_move());
}

}  // namespace triad::tables
