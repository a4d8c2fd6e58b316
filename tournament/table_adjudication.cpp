// Adjudication by the endgame tables (table_adjudication.h).
#include "tournament/table_adjudication.h"

namespace triad::tournament {

Result<std::shared_ptr<const TableAdjudicator>> TableAdjudicator::open(
    const std::filesystem::path& dir, const adapters::GameFactory& factory) {
  auto tables = tables::VariantTables::open(dir, factory());
  if (!tables) return make_error("-tb " + tables.error().message);
  return std::shared_ptr<const TableAdjudicator>(new TableAdjudicator(std::move(*tables)));
}

std::optional<TableAdjudicator::Verdict> TableAdjudicator::adjudicate(
    const adapters::AnyGame& referee) const {
  const auto answer = tables_->knowledge()->probe(referee, false);
  if (!answer) return std::nullopt;
  const auto result = adapters::result_of(answer->result, referee.side_to_move());
  if (result == engine::GameResult::kDraw)
    return Verdict{result, "the endgame tables: a draw (neither side can force a win)"};
  const bool one = result == engine::GameResult::kP1Win;
  return Verdict{result, std::string("the endgame tables: Player ") + (one ? "1" : "2") +
                             " wins in " + std::to_string(answer->plies.value_or(0)) + " plies"};
}

}  // namespace triad::tournament
