// The engine's endgame tables (engine_state.h, "Endgame tables"): TablePath's folders are
// checked when set, and the current variant's tables (for a game that takes table files: the
// folder built for its rules and board with the most stones) are opened and handed to its
// engine (GameEngine::set_exact), whose search and `go solve` probe them through the game's
// exact knowledge for positions with at most TableProbeLimit stones.
#include <system_error>

#include "state/engine_state.h"

namespace triad::state {

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
  if (tables_) engine_->set_exact(tables_->engine_source(stones));
}

Result<void> EngineState::attach_tables() {
  engine_->set_exact({});
  tables_.reset();
  if (!tables::takes_tables(engine_->game()) || settings_.table_dirs.empty()) return {};
  std::shared_ptr<const tables::VariantTables> best;
  std::filesystem::path best_dir;
  for (const auto& dir : settings_.table_dirs) {
    bool foreign = false;  // a sound folder of another variant's tables
    auto set = tables::VariantTables::open(dir, engine_->game().clone(), &foreign);
    if (!set) {
      if (foreign) continue;
      settings_.table_dirs.clear();
      return set.error();
    }
    if (!best || (*set)->set().max_stones() > best->set().max_stones()) {
      best_dir = dir;
      best = std::move(*set);
    }
  }
  if (!best) {
    info_("TablePath: no tables for the variant " + variant_.name);
    return {};
  }
  info_("TablePath: " + best_dir.string() + ", tables of up to " +
        std::to_string(best->set().max_stones()) + " stones for the variant " + variant_.name);
  tables_ = std::move(best);
  engine_->set_exact(tables_->engine_source(settings_.table_probe_limit));
  return {};
}

void EngineState::check_tables() {
  if (!tables_) return;
  if (auto r = tables_->set().check(); !r) {
    error_("TablePath : " + r.error().message +
           "; the tables are no longer used (set TablePath again to load them)");
    engine_->set_exact({});
    tables_.reset();
  }
}

}  // namespace triad::state
