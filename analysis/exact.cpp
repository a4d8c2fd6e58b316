// Exact knowledge for the game review (see exact.h).
#include "analysis/exact.h"

#include <algorithm>
#include <climits>
#include <vector>

#include "adapters/common/game_registry.h"
#include "adapters/tables/variant_tables.h"

namespace triad::analysis {

namespace {

// The result `mover` reaches from a position whose moves have these results.
engine::GameResult best_result(const std::vector<engine::GameResult>& results,
                               engine::Player mover) {
  const auto win = adapters::result_of(engine::ExactResult::kWin, mover);
  if (std::ranges::find(results, win) != results.end()) return win;
  if (std::ranges::find(results, engine::GameResult::kDraw) != results.end())
    return engine::GameResult::kDraw;
  return adapters::result_of(engine::ExactResult::kLoss, mover);
}

}  // namespace

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

std::optional<adapters::ExactAnswer> ExactKnowledge::answer(const std::string& variant,
                                                            const adapters::AnyGame& game,
                                                            bool with_move) {
  auto [at, fresh] = probes_.try_emplace(variant);
  if (fresh) {
    const auto tables = tables_.find(variant);
    at->second = adapters::make_exact(
        game.clone(), tables != tables_.end() ? tables->second->source()
                                              : engine::ExactSource{nullptr, INT_MAX, false});
  }
  if (!at->second) return std::nullopt;
  return at->second->probe(game, with_move);
}

std::optional<engine::GameResult> ExactKnowledge::result(const std::string& variant,
                                                         const adapters::AnyGame& game) {
  if (const auto outcome = game.outcome(); outcome.over()) return outcome.result;
  const auto known = answer(variant, game, false);
  if (!known) return std::nullopt;
  return adapters::result_of(known->result, game.side_to_move());
}

std::optional<std::string> ExactKnowledge::best_move(const std::string& variant,
                                                     const adapters::AnyGame& game) {
  if (game.outcome().over()) return std::nullopt;
  const auto known = answer(variant, game, true);
  if (!known || known->best.empty()) return std::nullopt;
  return known->best;
}

std::optional<engine::GameResult> ExactKnowledge::result_near(const std::string& variant,
                                                              const adapters::AnyGame& game,
                                                              const adapters::AnyGame* parent,
                                                              std::string_view move) {
  if (const auto known = result(variant, game)) return known;
  if (parent && !parent->outcome().over())
    if (const auto from = answer(variant, *parent, true); from && from->best == move)
      return adapters::result_of(from->result, parent->side_to_move());
  const auto mover = game.side_to_move();
  const auto win = adapters::result_of(engine::ExactResult::kWin, mover);
  std::vector<engine::GameResult> results;
  bool all_known = true;
  for (const auto& m : game.legal_moves()) {
    auto child = game.clone();
    const auto value = child->play(m) ? result(variant, *child) : std::nullopt;
    if (value == win) return win;  // one winning move proves the win
    if (value)
      results.push_back(*value);
    else
      all_known = false;
  }
  if (!all_known || results.empty()) return std::nullopt;
  return best_result(results, mover);
}

}  // namespace triad::analysis
