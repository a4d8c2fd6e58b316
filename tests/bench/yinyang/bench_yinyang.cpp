// bench_yinyang: Yin Yang perft speed (leaf nodes per second, one thread) from the start
// position with bulk counting at the last ply, plus the raw cost of move counting, listing
// and making. Run: ./build/release/tests/bench/yinyang/bench_yinyang
#include <cstdint>

#include <benchmark/benchmark.h>

#include "engine/games/yinyang/game.h"
#include "tests/bench/perft_benchmark.h"

namespace {

using triad::games::yinyang::Game;
using triad::games::yinyang::MoveList;

void BM_YinYangPerft(benchmark::State& state) {
  triad::bench::measure_perft(state, Game());
}
BENCHMARK(BM_YinYangPerft)->Arg(6)->Arg(7)->Arg(8)->Unit(benchmark::kMillisecond);

// A mid-game position reached by a fixed sequence of first-listed moves.
triad::games::yinyang::Position midgame(const Game& game) {
  auto pos = game.start_position();
  for (int i = 0; i < 10; ++i) {
    MoveList moves;
    game.generate(pos, {}, moves);
    if (moves.empty()) break;
    pos = game.make(pos, moves[moves.size() / 2]);
  }
  return pos;
}

void BM_YinYangCountMoves(benchmark::State& state) {
  const Game game;
  auto pos = midgame(game);
  for (auto _ : state) {
    benchmark::DoNotOptimize(pos);
    benchmark::DoNotOptimize(game.count_moves(pos, {}));
  }
}
BENCHMARK(BM_YinYangCountMoves);

void BM_YinYangGenerate(benchmark::State& state) {
  const Game game;
  auto pos = midgame(game);
  MoveList moves;
  for (auto _ : state) {
    benchmark::DoNotOptimize(pos);
    game.generate(pos, {}, moves);
    benchmark::DoNotOptimize(moves);
  }
}
BENCHMARK(BM_YinYangGenerate);

}  // namespace

BENCHMARK_MAIN();
