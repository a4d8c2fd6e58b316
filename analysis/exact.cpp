// Exact knowledge for the game review (see exact.h).
#include "analysis/exact.h"

#include <bit>

#include "adapters/tables/variant_tables.h"
#include "adapters/yinyang/notation.h"
#include "engine/games/ivesdama/game.h"
#include "engine/games/yinyang/game.h"
#include "engine/games/yinyang/solver.h"

namespace triad::analysis {

namespace {

// The solver's table: 2^18 slots of 16 bytes (4 MiB per engine slot of the review).
constexpr int kTableBits = 18;

}  // namespace

Result<ReviewTables> open_review_tables(const std::filesystem::path& dir,
                                        const adapters::VariantRegistry& variants) {
  ReviewTables opened;
  std::string other;  // why the folder's tables fit none of the variants
  for (const auto& name : variants.names()) {
    auto game = variants.create(name);
    if (!game || (*game)->game_name() != games::ivesdama::Game::kName) continue;
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

ExactKnowledge::ExactKnowledge(const ReviewTables& tables) : tables_(tables) {}
ExactKnowledge::~ExactKnowledge() = default;

std::optional<engine::GameResult> ExactKnowledge::result(const std::string& variant,
                                                         const adapters::AnyGame& game) {
  if (const auto outcome = game.outcome(); outcome.over()) return outcome.result;
  if (const auto it = tables_.find(variant); it != tables_.end()) return it->second->result(game);
  using YinYang = adapters::TypedGame<games::yinyang::Game>;
  if (const auto* yy = dynamic_cast<const YinYang*>(&game)) {
    const auto& pos = yy->line().current();
    if (std::popcount(pos.empty()) > kSolveEmpties) return std::nullopt;
    if (!yinyang_) yinyang_ = std::make_unique<games::yinyang::Solver>(kTableBits);
    const auto verdict = yinyang_->win_loss(pos);
    if (!verdict) return std::nullopt;
    const bool p1_wins =
        verdict->side_to_move_wins == (game.side_to_move() == engine::Player::kOne);
    return p1_wins ? engine::GameResult::kP1Win : engine::GameResult::kP2Win;
  }
  return std::nullopt;
}

}  // namespace triad::analysis
