// The engine's option table (docs/protocol.md "Options"): every option, its type, default,
// range and what setting it does. The search's settings are bound to SearchSettings (stored
// there once, read back for `uci` and for the planner); the others are kept by the table and
// read where they matter (the book and the level: go_plan.cpp). Defaults are EngineState's
// (the evaluation: docs/evaluation.md "Strength").
#include <string>

#include "state/engine.h"
#include "state/strength.h"

namespace triad::state {

namespace {

// The text of a spin value, as the table reads it back.
template <class N>
Options::Current number(const N& field) {
  return [&field] { return std::to_string(field); };
}

// An action that only stores (the table keeps the value).
Result<void> keep(const std::string&) {
  return {};
}

// A setting's error, said with its option.
Result<void> named(const char* option, Result<void> r) {
  if (r) return r;
  return make_error(std::string("setoption ") + option + " : " + r.error().message);
}

}  // namespace

void Engine::declare_options(const LogFile& log_file) {
  using T = OptionType;
  const SearchSettings defaults;
  const SearchSettings& now = state_.settings();
  // The action of a spin setting the state applies as it is.
  const auto applies = [this](void (EngineState::*set)(int)) {
    return [this, set](const std::string& v) {
      (state_.*set)(std::stoi(v));
      return Result<void>();
    };
  };
  options_.add({"UCI_Variant", T::kCombo, kDefaultVariant, 0, 0, registry_.names()},
               [this](const std::string& v) { return select_variant(v); });
  options_.add({"VariantPath", T::kString, "", 0, 0, {}}, [this](const std::string& v) {
    if (v.empty()) return Result<void>();
    if (auto r = named("VariantPath", registry_.load_file(v)); !r) return r;
    options_.set_vars("UCI_Variant", registry_.names());
    return Result<void>();
  });
  options_.add(
      {"Hash", T::kSpin, std::to_string(defaults.hash_mb), 1, 65536, {}},
      [this](const std::string& v) -> Result<void> {
        auto note = state_.set_hash_mb(static_cast<std::size_t>(std::stoll(v)));
        if (!note) return note.error();
        if (!note->empty()) info_(*note);
        return {};
      },
      number(now.hash_mb));
  options_.add({"Clear Hash", T::kButton, "", 0, 0, {}}, [this](const std::string&) {
    state_.engine().clear_hash();
    return Result<void>();
  });
  options_.add(
      {"Threads", T::kSpin, std::to_string(defaults.threads), 1, 256, {}},
      [this](const std::string& v) { return state_.set_threads(std::stoi(v)); },
      number(now.threads));
  options_.add({"MultiPV", T::kSpin, std::to_string(defaults.multipv), 1, 256, {}},
               applies(&EngineState::set_multipv), number(now.multipv));
  options_.add({"Ponder", T::kCheck, "false", 0, 0, {}}, keep);
  options_.add({"Move Overhead", T::kSpin, std::to_string(defaults.move_overhead_ms), 0, 10000, {}},
               applies(&EngineState::set_move_overhead_ms), number(now.move_overhead_ms));
  options_.add({"UCI_ShowWDL", T::kCheck, "false", 0, 0, {}}, keep);
  options_.add({"OwnBook", T::kCheck, "true", 0, 0, {}}, keep);
  options_.add({"BookFile", T::kString, "", 0, 0, {}},
               [this](const std::string& v) { return named("BookFile", state_.load_book(v)); });
  options_.add({"BookMode", T::kCombo, "best", 0, 0, {"best", "weighted"}}, keep);
  options_.add({"EvalFile", T::kString, "", 0, 0, {}}, [this](const std::string& v) {
    return named("EvalFile", state_.load_eval_file(v));
  });
  options_.add({"TablePath", T::kString, "", 0, 0, {}}, [this](const std::string& v) {
    return named("TablePath", state_.set_table_path(v));
  });
  options_.add({"TableProbeLimit",
                T::kSpin,
                std::to_string(defaults.table_probe_limit),
                0,
                SearchSettings::kMaxTableProbeLimit,
                {}},
               applies(&EngineState::set_table_probe_limit), number(now.table_probe_limit));
  options_.add(
      {"Evaluation",
       T::kCombo,
       defaults.learned ? "learned" : "classical",
       0,
       0,
       {"learned", "classical"}},
      [this](const std::string& v) {
        state_.set_learned(v == "learned");
        return Result<void>();
      },
      [&now] { return std::string(now.learned ? "learned" : "classical"); });
  // DrawRepetitions and MaxPlies: one field of the draw rules each.
  const auto draw_rule = [this](int engine::DrawRules::*field) {
    return [this, field](const std::string& v) {
      auto rules = state_.settings().draw_rules;
      rules.*field = std::stoi(v);
      state_.set_draw_rules(rules);
      return Result<void>();
    };
  };
  options_.add(
      {"DrawRepetitions", T::kSpin, std::to_string(defaults.draw_rules.repetitions), 0, 1000, {}},
      draw_rule(&engine::DrawRules::repetitions), number(now.draw_rules.repetitions));
  options_.add(
      {"MaxPlies", T::kSpin, std::to_string(defaults.draw_rules.max_plies), 0, 1000000, {}},
      draw_rule(&engine::DrawRules::max_plies), number(now.draw_rules.max_plies));
  options_.add({"Debug Log File", T::kString, "", 0, 0, {}}, log_file);
  declare_strength_options(options_);
}

}  // namespace triad::state
