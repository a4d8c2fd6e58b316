// The `go` planner and the strength level (see go_plan.h and engine.h): one decision for each
// go, in the order docs/protocol.md gives — the game over, `go solve`, the book (never at a
// limited level), then a search at the level.
#include <utility>

#include "state/engine.h"
#include "state/strength.h"

namespace triad::state {

GoPlan Engine::plan_go(GoRequest go) {
  // A go with no limit at all is `go infinite` (docs/protocol.md): it searches until stop,
  // and neither the book nor a limited level answers before it.
  auto& limits = go.limits;
  if (!limits.has_clock() && limits.depth == 0 && limits.nodes == 0 && limits.movetime_ms == 0 &&
      limits.mate == 0 && !limits.ponder)
    limits.infinite = true;
  state_.check_tables();  // files changed under the engine are dropped, never read
  if (const auto o = state_.outcome(); o.over()) return plan::GameOver{o};
  if (go.solve) {
    if (auto r = state_.engine().can_solve(); !r) return plan::SolveRefused{r.error().message};
    return plan::Solve{{go.exact, state_.settings().threads, state_.settings().hash_mb}};
  }
  const auto skill = level(state_, skill_rng_);
  if (!skill) {  // a limited level plays no book moves
    if (auto answer = book_answer(go)) return plan::BookMove{std::move(*answer)};
  }
  auto& engine = state_.engine();
  // A clock given only for the opponent (`go btime 100` with Player 1 to move) leaves the
  // side to move with no time at all: it moves at once, as in Stockfish, instead of
  // searching without limit.
  const int stm = engine::index(engine.game().side_to_move());
  if (limits.has_clock() && limits.time_ms[stm] < 0) limits.time_ms[stm] = 0;
  plan::Search search{{limits, state_.search_config(), go.searchmoves}, std::nullopt};
  if (skill) search.request.config.skill = *skill;
  // Every go gets a bestmove: bad searchmoves are reported and the whole root is searched.
  if (auto r = engine.validate(search.request); !r) {
    search.dropped = r.error().message;
    search.request.searchmoves.clear();
  }
  return search;
}

std::optional<BookAnswer> Engine::book_answer(const GoRequest& go) {
  // A search that must not end by itself (infinite, ponder), that is restricted or asked
  // for something else (searchmoves, mate), or that asks for several lines (MultiPV above
  // 1: analysis) is never answered from the book.
  const auto& limits = go.limits;
  if (!options_.check("OwnBook") || limits.infinite || limits.ponder || limits.mate > 0 ||
      !go.searchmoves.empty() || state_.settings().multipv > 1)
    return std::nullopt;
  return state_.book_move(options_.text("BookMode") == "weighted");
}

std::optional<engine::Skill> Engine::level(const EngineState& searched,
                                           std::mt19937_64& rng) const {
  return strength_level(options_, searched.engine().game(), searched.level_score_scale(), rng);
}

std::optional<WdlModel> Engine::info_wdl() const {
  if (!options_.check("UCI_ShowWDL")) return std::nullopt;
  return state_.search_wdl_model();
}

}  // namespace triad::state
