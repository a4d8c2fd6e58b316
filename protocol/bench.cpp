// The bench position set and its driver (see bench.h).
#include "protocol/bench.h"

#include <chrono>
#include <variant>

#include "protocol/command.h"
#include "protocol/game_engine.h"

namespace triad::protocol {

namespace {

struct BenchPosition {
  const char* variant;
  const char* position;  // what follows `position ` in a protocol line
};

// Openings and middle games reached in engine self-play games of each game.
constexpr BenchPosition kPositions[] = {
    {"razzledazzle", "startpos"},
    {"yinyang", "startpos"},
    {"ivesdama", "startpos"},
};

constexpr std::size_t kBenchHashMb = 16;

// A fresh engine of `variant` at the bench position `spec`.
Result<std::unique_ptr<GameEngine>> setup(const adapters::VariantRegistry& registry,
                                          const BenchPosition& spec) {
  auto game = registry.create(spec.variant);
  if (!game) return game.error();
  auto parsed = parse_command(std::string("position ") + spec.position);
  if (!parsed || !std::holds_alternative<CmdPosition>(*parsed))
    return make_error("bench : bad built-in position " + std::string(spec.position));
  const auto& pos = std::get<CmdPosition>(*parsed);
  auto& g = **game;
  if (auto r = g.reset(pos.startpos ? g.start_fen() : pos.fen); !r) return r.error();
  for (const auto& m : pos.moves)
    if (auto r = g.play(m); !r)
      return make_error("bench : built-in move " + m + " : " + r.error().message);
  auto engine = make_engine(std::move(*game), kBenchHashMb);
  if (!engine) return engine.error();
  if (auto r = (*engine)->prepare(); !r) return r.error();
  return engine;
}

}  // namespace

Result<BenchReport> run_bench(const adapters::VariantRegistry& registry, int depth,
                              const std::function<void(const std::string&)>& print) {
  SearchRequest request;
  request.limits.depth = depth > 0 ? depth : kBenchDefaultDepth;
  request.config.threads = 1;
  BenchReport report;
  const auto start = std::chrono::steady_clock::now();
  int index = 0;
  for (const auto& spec : kPositions) {
    auto engine = setup(registry, spec);
    if (!engine) return engine.error();
    std::uint64_t nodes = 0;
    (*engine)->search(request, [&](const TextInfo& info) { nodes = info.nodes; });
    report.nodes += nodes;
    print("info string bench position " + std::to_string(++index) + " " + spec.variant + " " +
          spec.position + " nodes " + std::to_string(nodes));
  }
  report.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                       std::chrono::steady_clock::now() - start)
                       .count();
  return report;
}

}  // namespace triad::protocol
