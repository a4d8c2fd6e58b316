// Razzle Dazzle perft speed: leaf nodes per second of engine::perft (bulk counting at the
// last ply) from the start position, one thread, for each built-in rule combination; and
// the cost of listing moves (generate) and of the static evaluation.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "engine/games/razzle/game.h"
#include "tests/bench/perft_benchmark.h"

namespace {

using triad::games::razzle::Game;
using triad::games::razzle::Repetition;
using triad::games::razzle::Rules;
using triad::games::razzle::RuleSet;

void run_perft(benchmark::State& state, Rules rules) {
  triad::bench::measure_perft(state, Game(rules));
}

void BM_PerftExtendedUndo(benchmark::State& state) {
  run_perft(state, {RuleSet::kExtended, Repetition::kUndo});
}
void BM_PerftBasicUndo(benchmark::State& state) {
  run_perft(state, {RuleSet::kBasic, Repetition::kUndo});
}
void BM_PerftExtendedPosition(benchmark::State& state) {
  run_perft(state, {RuleSet::kExtended, Repetition::kPosition});
}

BENCHMARK(BM_PerftExtendedUndo)->Arg(5)->Arg(6)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftBasicUndo)->Arg(5)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PerftExtendedPosition)->Arg(5)->Unit(benchmark::kMillisecond);

// Moves listed per second over the positions one ply deep (generate, not bulk counting).
void BM_Generate(benchmark::State& state) {
  const Game game;
  const auto start = game.start_position();
  Game::MoveList first;
  game.generate(start, {}, first);
  std::uint64_t moves = 0;
  for (auto _ : state) {
    for (const auto& m : first) {
      Game::MoveList list;
      game.generate(game.make(start, m), {}, list);
      moves += list.size();
      benchmark::DoNotOptimize(list);
    }
  }
  state.counters["moves"] =
      benchmark::Counter(static_cast<double>(moves), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Generate);

void BM_Evaluate(benchmark::State& state) {
  const Game game;
  const auto pos = game.start_position();
  for (auto _ : state) benchmark::DoNotOptimize(game.evaluate(pos));
}
BENCHMARK(BM_Evaluate);

}  // namespace

BENCHMARK_MAIN();
