// The bench driver (see bench.h): every registered game's bench positions (its descriptor),
// each searched by a fresh engine.
#include "protocol/bench.h"

#include <chrono>
#include <string_view>
#include <variant>

#include "adapters/common/game_registry.h"
#include "adapters/nnue/net_file.h"
#include "protocol/command.h"

namespace triad::protocol {

namespace {

constexpr std::size_t kBenchHashMb = 16;

// A fresh engine of `variant` at the bench position `position` (what follows `position `).
Result<std::unique_ptr<adapters::GameEngine>> setup(const adapters::VariantRegistry& registry,
                                                    std::string_view variant,
                                                    std::string_view position) {
  auto game = registry.create(std::string(variant));
  if (!game) return game.error();
  auto parsed = parse_command("position " + std::string(position));
  if (!parsed || !std::holds_alternative<CmdPosition>(*parsed))
    return make_error("bench : bad built-in position " + std::string(position));
  const auto& pos = std::get<CmdPosition>(*parsed);
  auto& g = **game;
  if (auto r = g.reset(pos.startpos ? g.start_position_line() : pos.fen); !r) return r.error();
  for (const auto& m : pos.moves)
    if (auto r = g.play(m); !r)
      return make_error("bench : built-in move " + m + " : " + r.error().message);
  auto engine = adapters::make_engine(std::move(*game), kBenchHashMb);
  if (!engine) return engine.error();
  if (auto r = (*engine)->prepare(); !r) return r.error();
  return engine;
}

// The built-in net of the game's default variant (named after the game) bound to `engine`'s
// board, or none.
Result<std::shared_ptr<const engine::nnue::Model>> builtin_model(
    const adapters::GameEngine& engine) {
  const std::string_view game = engine.game().game_name();
  auto net = adapters::nnue::builtin_net_file(game, game);
  if (!net) return std::shared_ptr<const engine::nnue::Model>();
  if (!*net) return net->error();
  return engine.bind_net((*net)->net, (*net)->letters, (*net)->points);
}

}  // namespace

Result<BenchReport> run_bench(const adapters::VariantRegistry& registry, int depth, bool learned,
                              const std::function<void(const std::string&)>& print) {
  adapters::SearchRequest request;
  request.limits.depth = depth > 0 ? depth : kBenchDefaultDepth;
  request.config.threads = 1;
  BenchReport report;
  std::chrono::steady_clock::duration searching{};
  int index = 0;
  // Each game's positions are searched in its default variant, the one named after it.
  for (const adapters::GameDescriptor* game : adapters::all_games()) {
    for (const std::string_view position : game->bench_positions) {
      // Set-up (hash allocation, the game's tables) is not timed: Nodes/second is the search's.
      auto engine = setup(registry, game->name, position);
      if (!engine) return engine.error();
      request.config.learned = nullptr;
      if (learned) {
        auto model = builtin_model(**engine);
        if (!model) return model.error();
        request.config.learned = *model;
      }
      std::uint64_t nodes = 0;
      const auto start = std::chrono::steady_clock::now();
      (*engine)->search(request, [&](const adapters::TextInfo& info) { nodes = info.nodes; });
      searching += std::chrono::steady_clock::now() - start;
      report.nodes += nodes;
      print("info string bench position " + std::to_string(++index) + " " +
            std::string(game->name) + " " + std::string(position) + " nodes " +
            std::to_string(nodes));
    }
  }
  report.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(searching).count();
  return report;
}

}  // namespace triad::protocol
