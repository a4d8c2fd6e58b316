// The engine the session talks to (see engine.h): its construction, its options' setting
// and `eval`'s learned evaluation. The option table is engine_options.cpp, the `go` planner
// go_plan.cpp.
#include "state/engine.h"

#include <cmath>
#include <stdexcept>
#include <utility>

#include "adapters/nnue/net_file.h"
#include "state/strength.h"

namespace triad::state {

Engine::Engine(adapters::VariantRegistry registry, EngineState::NoteSink info,
               EngineState::NoteSink error, LogFile log_file)
    : registry_(std::move(registry)), info_(info), state_({}, std::move(info), std::move(error)) {
  declare_options(log_file);
  if (auto r = select_variant(kDefaultVariant); !r)
    throw std::runtime_error("default variant unavailable: " + r.error().message);
}

Result<void> Engine::set_option(std::string_view name, const std::optional<std::string>& value) {
  return options_.set(name, value);
}

Result<void> Engine::configure(std::string_view name, const std::string& value) {
  return options_.set_default(name, value);
}

Result<void> Engine::select_variant(const std::string& name) {
  auto variant = registry_.lookup(name);
  if (!variant) return make_error("setoption UCI_Variant : " + variant.error().message);
  if (auto r = state_.select_variant(**variant); !r) return r;
  // The game's own UCI_Elo range (docs/strength.md).
  set_elo_range(options_, state_.game());
  return {};
}

std::optional<LearnedEval> Engine::learned_eval() const {
  const auto* net = state_.net();
  if (!net) return std::nullopt;
  const auto& file = net->file;
  LearnedEval eval{file.path, adapters::nnue::learned_evaluation(file, state_.game()), 0,
                   net_wdl_model(*net), state_.search_model() != nullptr};
  // The net's expected score for the side to move: sigmoid(score / scale).
  if (eval.score)
    eval.expected = 100.0 / (1.0 + std::exp(-static_cast<double>(*eval.score) / file.net.scale));
  return eval;
}

}  // namespace triad::state
