// Engine: the engine a protocol session talks to, apart from how it talks — the engine state
// (engine_state.h), the variants it can play, its option table (names, types, ranges,
// defaults and what setting each one does: engine_options.cpp; the search's settings are
// bound to SearchSettings, stored once), its strength level and its one `go` planner
// (go_plan.h: game over, book, solve or a search at a level). The session (protocol/session.h)
// parses the text, queues, runs the searches and formats the answers; it decides nothing.
#pragma once

#include <functional>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include "adapters/common/variants.h"
#include "engine/search/skill.h"
#include "state/engine_state.h"
#include "state/go_plan.h"
#include "state/options.h"
#include "state/wdl.h"

namespace triad::state {

// The variant an engine plays until UCI_Variant is set.
inline constexpr const char* kDefaultVariant = "razzledazzle";

// `eval`'s learned evaluation of the position: the net's score for the side to move (or why
// it has none) and what it means.
struct LearnedEval {
  std::string path;       // the net file
  Result<int> score;      // its score, or why the position has none
  double expected = 0;    // the expected score in per cent: 100 / (1 + exp(-score / scale))
  WdlModel model;         // the net's win/draw/loss model
  bool searched = false;  // the search evaluates with it (Evaluation learned)
};

class Engine {
 public:
  // Debug Log File's action: the session's log of the protocol lines ("" = none).
  using LogFile = std::function<Result<void>(const std::string& file)>;
  // Throws when the default variant cannot be made (a build fault).
  Engine(adapters::VariantRegistry registry, EngineState::NoteSink info,
         EngineState::NoteSink error, LogFile log_file);
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  EngineState& state() { return state_; }
  const EngineState& state() const { return state_; }
  const adapters::VariantRegistry& registry() const { return registry_; }
  const Options& options() const { return options_; }

  // setoption: validates and applies (errors name the option: "setoption NAME : why").
  Result<void> set_option(std::string_view name, const std::optional<std::string>& value);
  // A command-line setting: also the default the option table advertises.
  Result<void> configure(std::string_view name, const std::string& value);

  // The plan of a `go` (go_plan.h); a limited level draws its seeds (Skill Seed 0) from the
  // engine's own generator.
  GoPlan plan_go(GoRequest request);
  // The strength level the options ask for, for a search by `searched` (this engine's state
  // or another one, as bench's), its seeds drawn from `rng`; nothing at full strength.
  std::optional<engine::Skill> level(const EngineState& searched, std::mt19937_64& rng) const;
  // With UCI_ShowWDL, the model of the info lines' wdl (the search evaluation's).
  std::optional<WdlModel> info_wdl() const;
  // The learned evaluation of the current position; nothing without a net for the variant.
  std::optional<LearnedEval> learned_eval() const;

 private:
  void declare_options(const LogFile& log_file);  // engine_options.cpp
  Result<void> select_variant(const std::string& name);
  // The book's answer to `request` when OwnBook is on and the search may be answered from it.
  std::optional<BookAnswer> book_answer(const GoRequest& request);

  adapters::VariantRegistry registry_;
  EngineState::NoteSink info_;  // notes of the option table's settings (Hash granted less)
  Options options_;
  EngineState state_;
  std::mt19937_64 skill_rng_{std::random_device{}()};  // a limited level's seeds (Skill Seed 0)
};

}  // namespace triad::state
