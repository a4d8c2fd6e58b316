// Íves dáma perft speed: leaf nodes per second from the start position of each built-in
// variant (single thread), and the time to build the endgame table (what `isready` costs).
// Run: ./build/release/tests/bench/ivesdama/bench_ivesdama
#include <benchmark/benchmark.h>

#include "adapters/ivesdama/board_loader.h"
#include "engine/games/ivesdama/endgame.h"
#include "tests/bench/perft_benchmark.h"

namespace {

using triad::games::ivesdama::Game;
using triad::games::ivesdama::Rules;

void run_perft(benchmark::State& state, const Rules& rules) {
  auto game = triad::adapters::ivesdama::make_default_game(rules);
  if (!game) {
    state.SkipWithError(game.error().message.c_str());
    return;
  }
  triad::bench::measure_perft(state, *game);
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

// The table Game::endgame() builds (EndgameTable::kStones stones), base rules.
void BM_EndgameTable(benchmark::State& state) {
  auto game = triad::adapters::ivesdama::make_default_game(Rules{});
  if (!game) {
    state.SkipWithError(game.error().message.c_str());
    return;
  }
  std::size_t positions = 0;
  for (auto _ : state) {
    const triad::games::ivesdama::EndgameTable table(*game, static_cast<int>(state.range(0)));
    positions = table.size();
  }
  state.counters["positions"] = static_cast<double>(positions);
}

BENCHMARK(BM_EndgameTable)
    ->Arg(triad::games::ivesdama::EndgameTable::kStones)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftBase)->Arg(13)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftArc)->Arg(13)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftForward)->Arg(13)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
