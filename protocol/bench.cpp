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

// Start positions and middle games reached in engine self-play (triad, depth 5).
constexpr BenchPosition kPositions[] = {
    {"razzledazzle", "startpos"},
    {"razzledazzle", "startpos moves c1b3 f8e6 b3c5 c8b6 b1c3 b6c4 c5d7 d8e8e6c4 e1f3 e8d6"},
    {"razzledazzle",
     "startpos moves c1b3 f8e6 b3c5 c8b6 b1c3 b6c4 c5d7 d8e8e6c4 e1f3 e8d6 d7f6 d6e4 c3b5 c4e4 "
     "f3e5 c4d2 d1f1f6 d2b1 e5d3 d8f7 d1c3 b8a6 c3d5 a6b4"},
    {"yinyang", "startpos"},
    {"yinyang", "startpos moves c3b3 d3d1 d4d5 c4a4 b3b2 d3e3"},
    {"yinyang", "startpos moves c3b3 d3d1 d4d5 c4a4 b3b2 d3e3 b3b5 c4c6 b2b1 d5e5 a4b4 a4a3"},
    {"ivesdama", "startpos"},
    {"ivesdama", "startpos moves c4c5 c6c4 c3c5 b6c6 c5b6 a7c5 d4b6 b7a7"},
    {"ivesdama",
     "startpos moves c4c5 c6c4 c3c5 b6c6 c5b6 a7c5 d4b6 b7a7 d3d4 a7c5 d4b6 c7b7 b6a7 c6c5 a7c7 "
     "d7b7 b3c3 d6c7"},
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
  std::chrono::steady_clock::duration searching{};
  int index = 0;
  for (const auto& spec : kPositions) {
    // Set-up (hash allocation, the game's tables) is not timed: Nodes/second is the search's.
    auto engine = setup(registry, spec);
    if (!engine) return engine.error();
    std::uint64_t nodes = 0;
    const auto start = std::chrono::steady_clock::now();
    (*engine)->search(request, [&](const TextInfo& info) { nodes = info.nodes; });
    searching += std::chrono::steady_clock::now() - start;
    report.nodes += nodes;
    print("info string bench position " + std::to_string(++index) + " " + spec.variant + " " +
          spec.position + " nodes " + std::to_string(nodes));
  }
  report.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(searching).count();
  return report;
}

}  // namespace triad::protocol
