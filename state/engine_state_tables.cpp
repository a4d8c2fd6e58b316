// The engine's endgame tables (engine_state.h, "Endgame tables"): TablePath's folders are
// checked when set, and the current variant's tables (Íves dáma only: the folder built for its
// rules and board with the most stones) are opened and attached to its game, whose search and
// `go solve` (its hooks' GameSolver) probe them (engine/games/ivesdama/search.cpp) for
// positions with at most TableProbeLimit stones.
#include <system_error>

#include "engine/games/ivesdama/endgame.h"
#include "state/engine_state.h"

namespace triad::state {

namespace {

namespace iv = games::ivesdama;

// The Íves dáma game being played by `engine`, or nullptr for another game.
const iv::Game* ives_game(const adapters::GameEngine& engine) {
  const auto* typed = tables::ives_dama(engine.game());
  return typed ? &typed->game() : nullptr;
}

}  // namespace

Result<void> EngineState::set_table_path(const std::string& path) {
  settings_.table_dirs.clear();
  std::vector<std::filesystem::path> dirs;
  for (std::size_t from = 0; from <= path.size();) {
    const std::size_t to = std::min(path.find(':', from), path.size());
    if (to > from) dirs.emplace_back(path.substr(from, to - from));
    from = to + 1;
  }
  std::error_code ec;
  Result<void> status;
  for (const auto& dir : dirs)
    if (!std::filesystem::is_directory(dir, ec)) {
      status = make_error(dir.string() + ": not a folder of table files");
      dirs.clear();
      break;
    }
  settings_.table_dirs = std::move(dirs);
  if (auto r = attach_tables(); !r && status) status = r;
  return status;
}

void EngineState::set_table_probe_limit(int stones) {
  settings_.table_probe_limit = stones;
  if (const auto* game = ives_game(*engine_); game && tables_) {
    game->attach_endgame_files(tables_, stones);
  }
}

Result<void> EngineState::attach_tables() {
  const auto* game = ives_game(*engine_);
  if (game) game->attach_endgame_files(nullptr, 0);
  tables_.reset();
  if (!game || settings_.table_dirs.empty()) return {};
  std::optional<tables::TableSet> best;
  std::filesystem::path best_dir;
  for (const auto& dir : settings_.table_dirs) {
    bool foreign = false;  // a sound folder of another variant's tables
    auto set = tables::TableSet::open(dir, *game, games::ivesdama::kMaxPoints, &foreign);
    if (!set) {
      if (foreign) continue;
      settings_.table_dirs.clear();
      return set.error();
    }
    if (!best || set->max_stones() > best->max_stones()) {
      best_dir = dir;
      best = std::move(*set);
    }
  }
  if (!best) {
    info_("TablePath: no tables for the variant " + variant_.name);
    return {};
  }
  info_("TablePath: " + best_dir.string() + ", tables of up to " +
        std::to_string(best->max_stones()) + " stones for the variant " + variant_.name);
  tables_ = std::make_shared<const tables::TableSet>(std::move(*best));
  game->attach_endgame_files(tables_, settings_.table_probe_limit);
  return {};
}

void EngineState::check_tables() {
  if (!tables_) return;
  if (auto r = tables_->check(); !r) {
    error_("TablePath : " + r.error().message +
           "; the tables are no longer used (set TablePath again to load them)");
    if (const auto* game = ives_game(*engine_)) game->attach_endgame_files(nullptr, 0);
    tables_.reset();
  }
}

}  // namespace triad::state
