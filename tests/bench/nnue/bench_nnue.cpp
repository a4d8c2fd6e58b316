// Benchmarks of the learned evaluation's inference (engine/nnue/network.h) on a random net of
// Razzle Dazzle's size (336 inputs, 128 and 256 hidden): refreshing one side's sums from
// scratch (12 men on the board, plus the biases), updating them for a move (two rows off,
// two on: a knight move's or a pass's), and the output layer of a leaf.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "engine/nnue/network.h"
#include "tests/nnue/random_network.h"

namespace {

using triad::engine::nnue::Network;

Network net_of(int hidden) {
  std::mt19937 rng(1);
  return triad::engine::nnue::random_network(336, hidden, rng);
}

const std::vector<int> kMen = {3, 10, 17, 24, 31, 38, 170, 180, 190, 200, 250, 300};

void Refresh(benchmark::State& state) {
  const Network net = net_of(static_cast<int>(state.range(0)));
  std::vector<std::int16_t> sums(static_cast<std::size_t>(net.hidden));
  for (auto _ : state) {
    triad::engine::nnue::refresh(net, kMen, sums.data());
    benchmark::DoNotOptimize(sums.data());
  }
}

void Update(benchmark::State& state) {
  const Network net = net_of(static_cast<int>(state.range(0)));
  std::vector<std::int16_t> parent(static_cast<std::size_t>(net.hidden)), child(parent.size());
  triad::engine::nnue::refresh(net, kMen, parent.data());
  const std::vector<int> off = {3, 170}, on = {45, 171};
  for (auto _ : state) {
    triad::engine::nnue::update(net, parent.data(), child.data(), off, on);
    benchmark::DoNotOptimize(child.data());
  }
}

void Output(benchmark::State& state) {
  const Network net = net_of(static_cast<int>(state.range(0)));
  std::vector<std::int16_t> a(static_cast<std::size_t>(net.hidden)), b(a.size());
  triad::engine::nnue::refresh(net, kMen, a.data());
  triad::engine::nnue::refresh(net, {kMen.data(), 6}, b.data());
  for (auto _ : state)
    benchmark::DoNotOptimize(triad::engine::nnue::evaluate(net, a.data(), b.data()));
}

BENCHMARK(Refresh)->Arg(128)->Arg(256);
BENCHMARK(Update)->Arg(128)->Arg(256);
BENCHMARK(Output)->Arg(128)->Arg(256);

}  // namespace

BENCHMARK_MAIN();
