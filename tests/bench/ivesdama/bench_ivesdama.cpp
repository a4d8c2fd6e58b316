// Íves dáma perft speed: leaf nodes per second from the start position of each built-in
// variant (single thread). Run: ./build/release/tests/bench/ivesdama/bench_ivesdama
#include <benchmark/benchmark.h>

#include "adapters/ivesdama/board_loader.h"
#include "engine/core/perft.h"

namespace {

using triad::games::ivesdama::Game;
using triad::games::ivesdama::Rules;

void run_perft(benchmark::State& state, const Rules& rules) {
  auto game = triad::adapters::ivesdama::make_default_game(rules);
  if (!game) {
    state.SkipWithError(game.error().message.c_str());
    return;
  }
  const int depth = static_cast<int>(state.range(0));
  std::uint64_t leaves = 0;
  for (auto _ : state) {
    const std::uint64_t n = triad::engine::perft(*game, game->start_position(), depth);
    benchmark::DoNotOptimize(n);
    leaves += n;
  }
  state.counters["leaves/s"] =
      benchmark::Counter(static_cast<double>(leaves), benchmark::Counter::kIsRate);
}

void BM_PerftBase(benchmark::State& state) {
  run_perft(state, Rules{});
}
void BM_PerftArc(benchmark::State& state) {
  run_perft(state, Rules{.arc_capture = true});
}
void BM_PerftForward(benchmark::State& state) {
  run_perft(state, Rules{.forward = true});
}

BENCHMARK(BM_PerftBase)->Arg(13)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftArc)->Arg(13)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftForward)->Arg(13)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
