// Exact knowledge for the game review (see exact.h).
#include "analysis/exact.h"

#include <climits>

#include "adapters/common/game_registry.h"
#include "adapters/tables/variant_tables.h"

namespace triad::analysis {

Result<ReviewTables> open_review_tables(const std::filesystem::path& dir,
                                        const adapters::VariantRegistry& variants) {
  ReviewTables opened;
  std::string other;  // why the folder's tables fit none of the variants
  for (const auto& name : variants.names()) {
    auto game = variants.create(name);
    if (!game || !tables::takes_tables(**game)) continue;
    bool foreign = false;
    auto tables = tables::VariantTables::open(dir, std::move(*game), &foreign);
    if (tables) {
      opened.emplace(name, std::move(*tables));
    } else if (foreign) {
      other = tables.error().message;  // the tables of another variant
    } else {
      return tables.error();
    }
  }
  if (opened.empty())
    return make_error(other.empty() ? dir.string() + ": no Íves dáma variant to use tables for"
                                    : other);
  return opened;
}

std::optional<engine::GameResult> ExactKnowledge::result(const std::string& variant,
                                                         const adapters::AnyGame& game) {
  if (const auto outcome = game.outcome(); outcome.over()) return outcome.result;
  auto [at, fresh] = probes_.try_emplace(variant);
  if (fresh) {
    const auto tables = tables_.find(variant);
    at->second = adapters::make_exact(
        game.clone(), tables != tables_.end() ? tables->second->source()
                                              : engine::ExactSource{nullptr, INT_MAX, false});
  }
  if (!at->second) return std::nullopt;
  const auto answer = at->second->probe(game, false);
  if (!answer) return std::nullopt;
  return adapters::result_of(answer->result, game.side_to_move());
}

}  // namespace triad::analysis
