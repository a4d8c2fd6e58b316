// The engine's endgame tables (engine_state.h, "Endgame tables"): TablePath's folders are
// checked when set, and the current variant's tables (Íves dáma only: the folder built for its
// rules and board with the most stones) are opened and attached to its game, whose search
// probes them (engine/games/ivesdama/search.cpp) for positions with at most
// TableProbeLimit stones.
#include <bit>
#include <chrono>
#include <system_error>

#include "adapters/ivesdama/notation.h"
#include "engine/games/ivesdama/endgame.h"
#include "engine/games/ivesdama/search_hooks.h"
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

std::optional<Result<adapters::TextSolve>> EngineState::solve_in_tables() const {
  using Hooks = engine::SearchHooks<iv::Game>;
  const auto* typed = tables::ives_dama(engine_->game());
  if (!typed) return std::nullopt;
  const auto fail = [](const std::string& why) {
    return std::optional<Result<adapters::TextSolve>>(make_error("go solve : " + why));
  };
  if (!tables_)
    return fail(
        "Íves dáma is solved inside its endgame tables only, and none are loaded "
        "(TablePath)");
  const auto start = std::chrono::steady_clock::now();
  const iv::Game& g = typed->game();
  const iv::Position& pos = typed->line().current();
  if (g.terminal(pos).over()) return fail("the game is over");
  bool from_files = false;
  const auto value = g.probe_endgame(pos, &from_files);
  if (!value || !from_files)
    return fail("the position has " +
                std::to_string(std::popcount(pos.pieces[0]) + std::popcount(pos.pieces[1])) +
                " stones, outside the tables (up to " +
                std::to_string(std::min(tables_->max_stones(), settings_.table_probe_limit)) +
                " stones: TablePath, TableProbeLimit)");
  adapters::TextSolve out;
  out.done = true;
  out.plies = value->plies;
  out.draw = value->result == iv::EndgameValue::Result::kDraw;
  out.player_one_wins = (value->result == iv::EndgameValue::Result::kWin) ==
                        (pos.side_to_move == engine::Player::kOne);
  std::vector<iv::Move> line;
  iv::Game::MoveList moves;
  g.generate(pos, {}, moves);
  if (out.draw) {  // a move that keeps the draw
    std::uint64_t tbhits = 0;
    if (const int i = Hooks::table_move(g, pos, tbhits); i >= 0)
      line.push_back(moves[static_cast<std::size_t>(i)]);
    out.nodes = 1;
  } else if (!moves.empty()) {  // the perfect line to the end
    engine::NoThreadTables none(0, true);
    if (const auto solved = Hooks::solve_root(
            g, pos, -1, [] { return false; }, none)) {
      line = solved->pv;
      out.nodes = solved->nodes;
    }
  }
  iv::Position at = pos;
  for (const iv::Move& m : line) {
    out.pv.push_back(adapters::Notation<iv::Game>::format_move(g, at, m));
    at = g.make(at, m);
  }
  if (!out.pv.empty()) out.best = out.pv.front();
  out.time_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                    std::chrono::steady_clock::now() - start)
                    .count();
  return out;
}

}  // namespace triad::state
