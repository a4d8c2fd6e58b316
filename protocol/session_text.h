// What the session's two files (session.cpp: the loop and `go`; session_commands.cpp: the
// commands that read the game) share: the visitor of the commands and plans, and two answers'
// words.
#pragma once

#include <string>

#include "adapters/common/game_engine.h"
#include "engine/core/game.h"

namespace triad::protocol {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;  // clang 14 has no aggregate deduction yet

// "p1win moves" (docs/protocol.md): an outcome's result and reason.
inline std::string outcome_text(const engine::Outcome& o) {
  return std::string(engine::result_name(o.result)) + " " + engine::reason_name(o.reason);
}

// The move a `go` that cannot search answers with: the first legal one, or "(none)".
inline std::string first_legal_move(const adapters::AnyGame& game) {
  const auto legal = game.legal_moves();
  return legal.empty() ? std::string("(none)") : legal.front();
}

}  // namespace triad::protocol
