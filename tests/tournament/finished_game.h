// Test helper: a finished game as the statistics count it (tournament/results.h).
#pragma once

#include <cstdint>

#include "tournament/results.h"

namespace triad::tournament {

inline FinishedGame finished_game(std::int64_t number, int p1, int p2, engine::GameResult r,
                                  std::int64_t pair = -1) {
  FinishedGame g;
  g.number = number;
  g.engine[0] = p1;
  g.engine[1] = p2;
  g.result = r;
  g.termination = "normal";
  g.pair = pair;
  return g;
}

}  // namespace triad::tournament
