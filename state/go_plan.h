// What a `go` does (docs/protocol.md "go"), decided by the engine (Engine::plan_go) before the
// session runs it: the game is over; a book move answers; `go solve` is answered from the
// endgame tables, refused, or solved on the search thread; or a search runs, at the strength
// level the options ask for, with the clock fixed up and bad searchmoves dropped.
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "adapters/common/game_engine.h"
#include "engine/core/result.h"
#include "engine/search/search_types.h"
#include "state/engine_state.h"

namespace triad::state {

struct GoRequest {
  engine::SearchLimits limits;
  std::vector<std::string> searchmoves;
  bool solve = false;  // `go solve`
  bool exact = false;  // `go solve exact`
};

namespace plan {

struct GameOver {
  engine::Outcome outcome;
};
struct BookMove {
  BookAnswer answer;
};
// `go solve` refused (the game has no solver, or not for this position).
struct SolveRefused {
  std::string error;
};
struct Solve {
  adapters::SolveRequest request;
};
// A search; `dropped` is why the searchmoves were dropped (the whole root is searched).
struct Search {
  adapters::SearchRequest request;
  std::optional<std::string> dropped;
};

}  // namespace plan

using GoPlan =
    std::variant<plan::GameOver, plan::BookMove, plan::SolveRefused, plan::Solve, plan::Search>;

}  // namespace triad::state
