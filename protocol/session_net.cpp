// The session's learned evaluation (docs/evaluation.md "In the engine"). The net of the
// current variant is EvalFile's when that is for the variant's game, else the variant's
// built-in net or its game's (adapters/nnue/builtin_nets.h), bound to the variant's board; the
// search uses it when Evaluation is `learned`. A bad EvalFile is one error and the net before
// stays. A net for another of Triad's games waits for a variant of that game (GUIs and
// scripts may set EvalFile before UCI_Variant), as a book of another variant does. `eval`
// shows the net's score next to the classical terms.
#include <cmath>
#include <cstdio>

#include "adapters/common/game_registry.h"
#include "adapters/common/text.h"
#include "protocol/session.h"

namespace triad::protocol {

Result<void> Session::load_net(const std::string& file) {
  if (file.empty()) {
    eval_file_.reset();
    select_net();
    return {};
  }
  auto loaded = adapters::nnue::read_net_file(file);
  if (!loaded) return make_error("setoption EvalFile : " + loaded.error().message);
  const std::string game(engine_->game().game_name());
  const std::string what = "setoption EvalFile : net file " + adapters::quote(file) + ": ";
  if (loaded->game == game) {
    if (auto bound = engine_->bind_net(loaded->net, loaded->letters, loaded->points); !bound)
      return make_error(what + bound.error().message);
  } else if (!adapters::find_game(loaded->game)) {
    return make_error(what + "a net for " + adapters::quote(loaded->game) +
                      ", not a game Triad plays (" + adapters::game_names_text() + ")");
  }
  eval_file_ = std::move(*loaded);
  out_.line("info string net " + adapters::quote(file) + " loaded: game " + eval_file_->game +
            ", " + std::to_string(eval_file_->net.inputs) + " inputs, " +
            std::to_string(eval_file_->net.hidden) + " hidden, trained on " +
            std::to_string(eval_file_->positions) + " positions of " + eval_file_->variant);
  select_net();
  return {};
}

void Session::select_net() {
  net_.reset();
  model_.reset();
  const std::string game(engine_->game().game_name());
  if (eval_file_ && eval_file_->game != game)
    out_.line("info string net " + adapters::quote(eval_file_->path) + " is not used for " +
              variant_ + ": it is a net for " + eval_file_->game +
              ", used when UCI_Variant is one of its variants");
  if (eval_file_ && eval_file_->game == game) {
    net_ = eval_file_;
  } else if (auto builtin = adapters::nnue::builtin_net_file(variant_, game)) {
    if (!*builtin) {  // a build fault, not the user's: said once, and the classical evaluation
                      // plays
      out_.error(builtin->error().message);
      return;
    }
    net_ = std::move(**builtin);
  }
  if (!net_) return;
  auto bound = engine_->bind_net(net_->net, net_->letters, net_->points);
  if (!bound) {
    out_.line("info string net " + adapters::quote(net_->path) + " is not used for " + variant_ +
              ": " + bound.error().message);
    net_.reset();
    return;
  }
  model_ = std::move(*bound);
}

std::shared_ptr<const engine::nnue::Model> Session::search_model() const {
  return options_.text("Evaluation") == "learned" ? model_ : nullptr;
}

std::optional<WdlModel> Session::wdl_model() const {
  if (!options_.check("UCI_ShowWDL")) return std::nullopt;
  if (!search_model()) return WdlModel::classical();
  return WdlModel::learned(net_->net.scale, net_->draw_permille);
}

void Session::print_learned_eval() {
  if (!net_) {
    out_.line("Learned evaluation: none (no net for this variant)");
    return;
  }
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
  const std::string wdl =
      options_.check("UCI_ShowWDL")
          ? "," + wdl_words(*score, WdlModel::learned(net_->net.scale, net_->draw_permille))
          : "";
  out_.line("Learned evaluation (net " + adapters::quote(net_->path) +
            "): " + std::to_string(*score) + " (expected score " + percent + " %" + wdl + ")");
  out_.line(std::string("The search uses the ") + (search_model() ? "learned" : "classical") +
            " evaluation (Evaluation " + options_.text("Evaluation") + ")");
}

}  // namespace triad::protocol
