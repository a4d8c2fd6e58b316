// The `info` lines of `go solve` (see docs/protocol.md, "go solve"): progress and the final
// report, with margins as Player 1's final score minus Player 2's.
#pragma once

#include <string>

#include "adapters/common/game_engine.h"

namespace triad::protocol {

// `info time T nodes N nps X hashfull H string solve margin L..U [best M]` (progress),
// `... string solved p1win|p2win margin M|L..U [pv ...]` (done) or
// `... string solve stopped margin L..U [best M]` (stopped).
std::string format_solve(const adapters::TextSolve& s);

}  // namespace triad::protocol
