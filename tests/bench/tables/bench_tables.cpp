// Probe cost of the table files (TableSet::probe, docs/tables.md "Measurements"). The folder
// is TRIAD_TABLES_DIR (built for TRIAD_TABLES_VARIANT, default ivesdama); without it the
// 5-stone tables of the base rules are built into a temporary folder first.
//   TRIAD_TABLES_DIR=tables/ivesdama build/release/tests/bench/tables/bench_tables
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <random>

#include "adapters/common/variants.h"
#include "adapters/ivesdama/notation.h"
#include "adapters/tables/table_set.h"
#include "tables/builder.h"

namespace {

namespace tb = triad::tables;
namespace iv = triad::games::ivesdama;

struct Fixture {
  ~Fixture() {
    std::error_code ec;
    if (!temporary.empty()) std::filesystem::remove_all(temporary, ec);
  }
  std::filesystem::path temporary;  // the folder built here, removed at the end
  std::unique_ptr<triad::adapters::AnyGame> any;
  const iv::Game* game = nullptr;
  std::optional<tb::TableSet> set;
  std::vector<iv::Position> positions;  // covered positions, not over, in random order
};

Fixture& fixture() {
  static Fixture f;
  if (!f.game) {
    const char* variant = std::getenv("TRIAD_TABLES_VARIANT");
    f.any =
        triad::adapters::VariantRegistry::builtin().create(variant ? variant : "ivesdama").value();
    f.game = &dynamic_cast<const triad::adapters::TypedGame<iv::Game>&>(*f.any).game();
    std::filesystem::path dir;
    if (const char* d = std::getenv("TRIAD_TABLES_DIR")) {
      dir = d;
    } else {
      dir = std::filesystem::temp_directory_path() / ("bench-tables-" + std::to_string(::getpid()));
      f.temporary = dir;
      if (!tb::build_tables(*f.game, {dir, 5, 2, {}, {}})) std::abort();
    }
    f.set = tb::TableSet::open(dir, *f.game).value();
    std::mt19937_64 rng(1);
    const auto& t = f.game->geometry();
    const auto materials = tb::materials_up_to(f.set->max_stones());
    while (f.positions.size() < 100000) {
      const tb::Material m = materials[materials.size() - 1 - rng() % (f.set->max_stones() + 1)];
      const tb::SliceIndex slice(t.num_points, t.all, m);
      const iv::Position pos = slice.position(*f.game, rng() % slice.size());
      if (!f.game->terminal(pos).over()) f.positions.push_back(pos);
    }
  }
  return f;
}

// A random position of the largest stone total each time: a block inflated per probe.
void ProbeRandom(benchmark::State& state) {
  Fixture& f = fixture();
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(f.set->probe(f.positions[i]));
    i = (i + 1) % f.positions.size();
  }
}

// The children of one position after another, as a search probes them.
void ProbeChildren(benchmark::State& state) {
  Fixture& f = fixture();
  std::size_t i = 0, probes = 0;
  iv::Game::MoveList moves;
  for (auto _ : state) {
    const iv::Position& pos = f.positions[i];
    f.game->generate(pos, {}, moves);
    for (const iv::Move& m : moves) {
      const iv::Position child = f.game->make(pos, m);
      if (!f.game->terminal(child).over()) {
        benchmark::DoNotOptimize(f.set->probe(child));
        ++probes;
      }
    }
    i = (i + 1) % f.positions.size();
  }
  state.counters["probes"] =
      benchmark::Counter(static_cast<double>(probes), benchmark::Counter::kIsRate);
}

BENCHMARK(ProbeRandom);
BENCHMARK(ProbeChildren);

}  // namespace

BENCHMARK_MAIN();
