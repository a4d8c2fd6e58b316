// The engine's state (see engine_state.h): the variant, the engine, the position, the
// settings and the learned evaluation. The net of the current variant is EvalFile's when that
// is for the variant's game, else the variant's built-in net or its game's
// (adapters/nnue/builtin_nets.h), bound to the variant's board; the search uses it when the
// settings say learned. A bad EvalFile is one error and the net before stays. A net for
// another of Triad's games waits for a variant of that game (GUIs and scripts may set EvalFile
// before UCI_Variant), as a book of another variant does.
#include "state/engine_state.h"

#include <utility>

#include "adapters/common/game_registry.h"
#include "adapters/common/text.h"

namespace triad::state {

Result<BoundNet> bind_net(adapters::nnue::NetFile file, const adapters::GameEngine& engine) {
  const std::string_view game = engine.game().game_name();
  if (file.game != game)
    return make_error("a net for " + file.game + ", not for " + std::string(game));
  auto model = engine.bind_net(file.net, file.letters, file.points);
  if (!model) return model.error();
  return BoundNet{std::move(file), std::move(*model)};
}

WdlModel net_wdl_model(const BoundNet& net) {
  return WdlModel::fitted(net.file.net.scale, net.file.draw_permille);
}

double level_score_scale(const BoundNet* net) {
  return net ? net->file.net.scale : logistic_scale(WdlModel::classical());
}

Result<std::unique_ptr<adapters::GameEngine>> make_engine(const adapters::Variant& variant,
                                                          const SearchSettings& settings) {
  auto engine = adapters::make_engine(variant.factory(), settings.hash_mb);
  if (!engine) return engine.error();
  if (auto r = (*engine)->set_threads(settings.threads); !r) return r.error();
  (*engine)->game().set_draw_rules(settings.draw_rules);
  return engine;
}

EngineState::EngineState(SearchSettings settings, NoteSink info, NoteSink error)
    : settings_(settings), info_(std::move(info)), error_(std::move(error)) {}

EngineState::~EngineState() = default;

Result<void> EngineState::select_variant(const adapters::Variant& variant) {
  auto engine = make_engine(variant, settings_);
  if (!engine) return engine.error();
  engine_ = std::move(*engine);
  variant_ = variant;
  forfeit_.reset();
  select_net();
  if (auto r = attach_tables(); !r) error_("TablePath : " + r.error().message);
  return {};
}

Result<void> EngineState::set_position(const std::optional<std::string>& fen,
                                       const std::vector<std::string>& moves) {
  auto trial = engine_->game().clone();
  if (auto r = trial->reset(fen ? *fen : trial->start_position_line()); !r)
    return make_error("position fen : " + r.error().message);
  std::optional<engine::Player> forfeit;
  Result<void> status;
  for (std::size_t k = 0; k < moves.size(); ++k) {
    const bool was_over = trial->outcome().over();
    if (auto r = trial->play(moves[k]); !r) {
      status = make_error("illegal move " + adapters::sanitize(moves[k]) + " at ply " +
                          std::to_string(k + 1) + " : " + r.error().message);
      // A move after the end of the game changes nothing: the real result stands.
      if (!was_over) forfeit = trial->side_to_move();
      break;
    }
  }
  engine_->adopt(*trial);
  forfeit_ = forfeit;
  return status;
}

void EngineState::new_game() {
  engine_->clear_hash();
  auto fresh = engine_->game().clone();
  if (fresh->reset(fresh->start_position_line())) engine_->adopt(*fresh);
  forfeit_.reset();
}

engine::Outcome EngineState::outcome() const {
  if (forfeit_)
    return engine::Outcome::win_for(engine::other(*forfeit_), engine::Reason::kIllegalMove);
  return engine_->game().outcome();
}

Result<std::string> EngineState::set_hash_mb(std::size_t mb) {
  auto note = engine_->set_hash_mb(mb);
  if (note) settings_.hash_mb = mb;
  return note;
}

Result<void> EngineState::set_threads(int threads) {
  auto r = engine_->set_threads(threads);
  if (r) settings_.threads = threads;
  return r;
}

void EngineState::set_draw_rules(const engine::DrawRules& rules) {
  settings_.draw_rules = rules;
  engine_->game().set_draw_rules(rules);
}

engine::SearchConfig EngineState::search_config() const {
  return {settings_.threads,    settings_.multipv, settings_.move_overhead_ms,
          settings_.draw_rules, search_model(),    {}};
}

Result<void> EngineState::load_eval_file(const std::string& file) {
  if (file.empty()) {
    eval_file_.reset();
    select_net();
    return {};
  }
  auto loaded = adapters::nnue::read_net_file(file);
  if (!loaded) return loaded.error();
  const std::string what = "net file " + adapters::quote(file) + ": ";
  if (loaded->game == variant_.game) {
    if (auto bound = bind_net(*loaded, *engine_); !bound)
      return make_error(what + bound.error().message);
  } else if (!adapters::find_game(loaded->game)) {
    return make_error(what + "a net for " + adapters::quote(loaded->game) +
                      ", not a game Triad plays (" + adapters::game_names_text() + ")");
  }
  eval_file_ = std::move(*loaded);
  info_("net " + adapters::quote(file) + " loaded: game " + eval_file_->game + ", " +
        std::to_string(eval_file_->net.inputs) + " inputs, " +
        std::to_string(eval_file_->net.hidden) + " hidden, trained on " +
        std::to_string(eval_file_->positions) + " positions of " + eval_file_->variant);
  select_net();
  return {};
}

void EngineState::select_net() {
  net_.reset();
  const std::string& game = variant_.game;
  std::optional<adapters::nnue::NetFile> file;
  if (eval_file_ && eval_file_->game != game)
    info_("net " + adapters::quote(eval_file_->path) + " is not used for " + variant_.name +
          ": it is a net for " + eval_file_->game +
          ", used when UCI_Variant is one of its variants");
  if (eval_file_ && eval_file_->game == game) {
    file = eval_file_;
  } else if (auto builtin = adapters::nnue::builtin_net_file(variant_.name, game)) {
    if (!*builtin) {  // a build fault, not the user's: said once, and the classical evaluation
                      // plays
      error_(builtin->error().message);
      return;
    }
    file = std::move(**builtin);
  }
  if (!file) return;
  const std::string path = file->path;
  auto bound = bind_net(std::move(*file), *engine_);
  if (!bound) {
    info_("net " + adapters::quote(path) + " is not used for " + variant_.name + ": " +
          bound.error().message);
    return;
  }
  net_ = std::move(*bound);
}

std::shared_ptr<const engine::nnue::Model> EngineState::search_model() const {
  return settings_.learned && net_ ? net_->model : nullptr;
}

WdlModel EngineState::search_wdl_model() const {
  if (search_model()) return net_wdl_model(*net_);
  const auto* descriptor = adapters::find_game(game().game_name());
  const adapters::ClassicalWdl fit =
      descriptor ? descriptor->classical_wdl : adapters::ClassicalWdl{};
  return fit.scale > 0 ? WdlModel::fitted(fit.scale, fit.draw_permille) : WdlModel::classical();
}

double EngineState::level_score_scale() const {
  return state::level_score_scale(search_model() ? net() : nullptr);
}

}  // namespace triad::state
