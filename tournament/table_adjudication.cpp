// Adjudication by the endgame tables (table_adjudication.h).
#include "tournament/table_adjudication.h"

namespace triad::tournament {

namespace iv = games::ivesdama;

Result<std::shared_ptr<const TableAdjudicator>> TableAdjudicator::open(
    const std::filesystem::path& dir, const adapters::GameFactory& factory) {
  auto game = factory();
  const auto* typed = tables::ives_dama(*game);
  if (!typed)
    return make_error("-tb " + dir.string() + ": endgame tables exist for Íves dáma only, not " +
                      std::string(game->game_name()));
  auto set = tables::TableSet::open(dir, typed->game());
  if (!set) return make_error("-tb " + set.error().message);
  return std::shared_ptr<const TableAdjudicator>(
      new TableAdjudicator(std::move(game), std::move(*set)));
}

std::optional<TableAdjudicator::Verdict> TableAdjudicator::adjudicate(
    const adapters::AnyGame& referee) const {
  const auto* typed = tables::ives_dama(referee);
  if (!typed) return std::nullopt;
  const iv::Position& pos = typed->line().current();
  const auto value = set_.probe(pos);
  if (!value) return std::nullopt;
  using R = iv::EndgameValue::Result;
  if (value->result == R::kDraw)
    return Verdict{engine::GameResult::kDraw,
                   "the endgame tables: a draw (neither side can force a win)"};
  const engine::Player winner =
      value->result == R::kWin ? pos.side_to_move : engine::other(pos.side_to_move);
  const bool one = winner == engine::Player::kOne;
  return Verdict{one ? engine::GameResult::kP1Win : engine::GameResult::kP2Win,
                 std::string("the endgame tables: Player ") + (one ? "1" : "2") + " wins in " +
                     std::to_string(value->plies) + " plies"};
}

}  // namespace triad::tournament
