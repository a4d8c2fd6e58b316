// Shared by the per-game benchmark programs: bulk-counting perft from a game's start
// position at depth state.range(0), reported as the rate counter "leaves/s".
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>

#include "engine/core/perft.h"

namespace triad::bench {

template <engine::Game G>
void measure_perft(benchmark::State& state, const G& game) {
  const auto start = game.start_position();
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t leaves = 0;
  for (auto _ : state) {
    const std::uint64_t n = engine::perft(game, start, depth);
    benchmark::DoNotOptimize(n);
    leaves += n;
  }
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}

}  // namespace triad::bench
