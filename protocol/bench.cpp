// The bench driver (see bench.h): every registered game's bench positions (its descriptor),
// each searched by a fresh engine state (state/engine_state.h), as the session makes one.
#include "protocol/bench.h"

#include <chrono>
#include <string_view>
#include <variant>

#include "adapters/common/game_registry.h"
#include "protocol/command.h"
#include "state/engine_state.h"

namespace triad::protocol {

namespace {

constexpr std::size_t kBenchHashMb = 16;

// The engine state of `variant` (a fresh engine, one thread and its bench hash, the built-in
// net when `learned`) at the bench position `position` (what follows `position `), ready to
// search. A note (a built-in net that cannot be used) is a fault of the build: an error.
Result<std::unique_ptr<state::EngineState>> setup(const adapters::VariantRegistry& registry,
                                                  std::string_view variant,
                                                  std::string_view position, bool learned) {
  auto parsed = parse_command("position " + std::string(position));
  if (!parsed || !std::holds_alternative<CmdPosition>(*parsed))
    return make_error("bench : bad built-in position " + std::string(position));
  const auto& pos = std::get<CmdPosition>(*parsed);
  auto found = registry.lookup(std::string(variant));
  if (!found) return found.error();
  std::string fault;
  const auto note = [&fault](const std::string& text) {
    if (fault.empty()) fault = "bench : " + text;
  };
  state::SearchSettings settings;
  settings.hash_mb = kBenchHashMb;
  settings.learned = learned;
  auto state = std::make_unique<state::EngineState>(settings, note, note);
  if (auto r = state->select_variant(**found); !r) return r.error();
  if (!fault.empty()) return make_error(fault);
  if (auto r = state->set_position(pos.startpos ? std::nullopt : std::optional(pos.fen), pos.moves);
      !r)
    return make_error("bench : built-in position " + std::string(position) + " : " +
                      r.error().message);
  if (auto r = state->engine().prepare(); !r) return r.error();
  return state;
}

}  // namespace

Result<BenchReport> run_bench(const adapters::VariantRegistry& registry, int depth, bool learned,
                              const std::function<void(const std::string&)>& print,
                              const BenchLevel& level) {
  adapters::SearchRequest request;
  request.limits.depth = depth > 0 ? depth : kBenchDefaultDepth;
  BenchReport report;
  std::chrono::steady_clock::duration searching{};
  int index = 0;
  // Each game's positions are searched in its default variant, the one named after it.
  for (const adapters::GameDescriptor* game : adapters::all_games()) {
    for (const std::string_view position : game->bench_positions) {
      // Set-up (hash allocation, the game's tables) is not timed: Nodes/second is the search's.
      auto state = setup(registry, game->name, position, learned);
      if (!state) return state.error();
      request.config = (*state)->search_config();
      if (const auto skill = level ? level(**state) : std::nullopt) request.config.skill = *skill;
      std::uint64_t nodes = 0;
      const auto start = std::chrono::steady_clock::now();
      (*state)->engine().search(request,
                                [&](const adapters::TextInfo& info) { nodes = info.nodes; });
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
