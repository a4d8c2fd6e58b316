// The session's learned evaluation (docs/evaluation.md "In the engine"): the EvalFile option
// loads a net file for the current game (a bad file is one error and the net loaded before
// stays), and `eval` shows the net's score next to the classical terms. The search still
// uses the classical evaluation.
#include <cmath>
#include <cstdio>

#include "adapters/common/text.h"
#include "protocol/session.h"

namespace triad::protocol {

Result<void> Session::load_net(const std::string& file) {
  if (file.empty()) {
    net_.reset();
    return {};
  }
  auto loaded = adapters::nnue::read_net_file(file);
  if (!loaded) return make_error("setoption EvalFile : " + loaded.error().message);
  const std::string game(engine_->game().game_name());
  if (loaded->game != game)
    return make_error("setoption EvalFile : net file " + adapters::quote(file) + ": a net for " +
                      loaded->game + ", not for " + game + " (the variant " + variant_ +
                      "'s game; set UCI_Variant first)");
  net_ = std::move(*loaded);
  out_.line("info string net " + adapters::quote(file) + " loaded: game " + net_->game + ", " +
            std::to_string(net_->net.inputs) + " inputs, " + std::to_string(net_->net.hidden) +
            " hidden, trained on " + std::to_string(net_->positions) + " positions of " +
            net_->variant);
  return {};
}

void Session::print_learned_eval() {
  if (!net_) return;
  auto score = adapters::nnue::learned_evaluation(*net_, engine_->game());
  if (!score) {
    out_.line("Learned evaluation: none (net " + adapters::quote(net_->path) + ": " +
              score.error().message + ")");
    return;
  }
  // The net's expected score for the side to move: sigmoid(score / scale).
  const double expected = 100.0 / (1.0 + std::exp(-static_cast<double>(*score) / net_->net.scale));
  char percent[16];
  std::snprintf(percent, sizeof percent, "%.1f", expected);
  out_.line("Learned evaluation (net " + adapters::quote(net_->path) +
            "): " + std::to_string(*score) + " (expected score " + percent + " %)");
}

}  // namespace triad::protocol
