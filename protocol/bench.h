// `bench`: a fixed set of positions of every game searched to a fixed depth with one thread
// and a fresh hash; the total node count is a deterministic signature of the search.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "adapters/common/variants.h"
#include "engine/core/result.h"
#include "engine/search/skill.h"

namespace triad::state {
class EngineState;
}

namespace triad::protocol {

constexpr int kBenchDefaultDepth = 9;
// The seed of the generator a bench at a level draws its seeds from (Skill Seed 0).
constexpr std::uint64_t kBenchSeed = 1;

struct BenchReport {
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  std::uint64_t nps() const {
    return time_ms > 0 ? nodes * 1000 / static_cast<std::uint64_t>(time_ms) : nodes * 1000;
  }
};

// depth 0 = kBenchDefaultDepth. `learned`: each game with a built-in net searches with it
// (adapters/nnue/builtin_nets.h), the others with their own evaluation. `print` receives one
// progress line per position. `level`, when given, is asked for the strength level of each
// position's search (state ready to search; nothing = full strength): a bench at a level.
using BenchLevel = std::function<std::optional<engine::Skill>(const state::EngineState&)>;
Result<BenchReport> run_bench(const adapters::VariantRegistry& registry, int depth, bool learned,
                              const std::function<void(const std::string&)>& print,
                              const BenchLevel& level = {});

}  // namespace triad::protocol
