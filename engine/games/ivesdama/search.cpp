// The search for Íves dáma: its exact knowledge (exact_knowledge.h: the table files of its
// source, else the in-memory table, and the tables' best move: the successor with the best
// value for the mover), its hooks (those values in the search's score conventions), its
// GameSolver (game_solver.h) on them, and Searcher<G> compiled once with them.
#include "engine/games/ivesdama/search_hooks.h"

#include <algorithm>
#include <bit>
#include <string>

#include "engine/games/ivesdama/endgame.h"
#include "engine/search/searcher_impl.h"

namespace triad::games::ivesdama {

namespace {

using engine::kInfinity;
using engine::kMateScore;

int stones(const Position& pos) {
  return std::popcount(pos.pieces[0]) + std::popcount(pos.pieces[1]);
}

// A table value as a score `ply` plies below the root (mate-style for decided positions).
int score_at(const EndgameValue& v, int ply) {
  switch (v.result) {
    case EndgameValue::Result::kWin:
      return kMateScore - (ply + v.plies);
    case EndgameValue::Result::kLoss:
      return -kMateScore + ply + v.plies;
    case EndgameValue::Result::kDraw:
      break;
  }
  return 0;
}

}  // namespace

ExactKnowledge::ExactKnowledge(const Game& game, const engine::ExactSource& source)
    : game_(&game),
      files_(std::dynamic_pointer_cast<const EndgameFiles>(source.data)),
      files_limit_(files_ ? std::min(source.data_limit, files_->max_stones()) : 0),
      memory_tables_(source.memory_tables) {}

std::optional<ExactKnowledge::Found> ExactKnowledge::find(const Position& pos) const {
  if (files_ && stones(pos) <= files_limit_) {
    if (const auto v = files_->probe(pos)) return Found{*v, true};
    return std::nullopt;
  }
  if (!memory_tables_) return std::nullopt;
  if (const auto v = game_->endgame().probe(pos)) return Found{*v, false};
  return std::nullopt;
}

int ExactKnowledge::best_move(const Position& pos, std::uint64_t& tbhits) const {
  Game::MoveList moves;
  game_->generate(pos, {}, moves);
  int best = -1;
  int best_score = -kInfinity;  // from the mover's side, at ply 0
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Position child = game_->make(pos, moves[i]);
    int score;
    if (game_->terminal(child).over()) {
      score = kMateScore - 1;
    } else {
      const auto found = find(child);
      if (found && found->from_files) ++tbhits;
      score = found ? -score_at(found->value, 1) : -kInfinity;
    }
    if (score > best_score) {
      best = static_cast<int>(i);
      best_score = score;
    }
  }
  return best;
}

std::optional<engine::ExactValue<Game::Move>> ExactKnowledge::probe(const Position& pos,
                                                                    bool with_move) const {
  const auto found = find(pos);
  if (!found) return std::nullopt;
  using R = EndgameValue::Result;
  engine::ExactValue<Game::Move> out;
  out.result = found->value.result == R::kWin    ? engine::ExactResult::kWin
               : found->value.result == R::kLoss ? engine::ExactResult::kLoss
                                                 : engine::ExactResult::kDraw;
  out.plies = found->value.plies;
  out.from_data = found->from_files;
  if (with_move) {
    std::uint64_t tbhits = 0;
    if (const int i = best_move(pos, tbhits); i >= 0) {
      Game::MoveList moves;
      game_->generate(pos, {}, moves);
      out.best = moves[static_cast<std::size_t>(i)];
    }
  }
  return out;
}

}  // namespace triad::games::ivesdama

namespace triad::engine {

namespace {

using G = games::ivesdama::Game;
using games::ivesdama::EndgameValue;
using games::ivesdama::score_at;

}  // namespace

void SearchHooks<G>::prepare(const G& g) {
  g.endgame();
}

bool SearchHooks<G>::solve(const G&, const G::Position& pos, int ply, SolveResult& out,
                           ThreadTables&, const ExactKnowledge& known) {
  const auto found = known.find(pos);  // nothing: too many stones
  if (!found) return false;
  out.score = score_at(found->value, ply);
  out.nodes = 1;
  if (found->from_files) {
    // A file probe per child would cost more than the value saves: the line ends here.
    ++out.tbhits;
    return true;
  }
  out.move_index = known.best_move(pos, out.tbhits);
  return true;
}

std::optional<RootSolution<G::Move>> SearchHooks<G>::solve_root(const G& g, const G::Position& pos,
                                                                std::int64_t /*budget_ms*/,
                                                                const StopCheck& /*stop*/,
                                                                ThreadTables&,
                                                                const ExactKnowledge& known) {
  RootSolution<G::Move> r;
  const auto found = known.find(pos);
  if (found && found->from_files) ++r.tbhits;
  if (!found || found->value.result == EndgameValue::Result::kDraw) return std::nullopt;
  r.score = score_at(found->value, 0);
  // Follow the table's best moves to the end (each step is one ply closer to it).
  G::Position at = pos;
  for (int i = 0; i < found->value.plies; ++i) {
    G::MoveList moves;
    g.generate(at, {}, moves);
    if (moves.empty()) break;
    const auto m = moves[static_cast<std::size_t>(known.best_move(at, r.tbhits))];
    r.pv.push_back(m);
    at = g.make(at, m);
    ++r.nodes;
    if (g.terminal(at).over()) break;
  }
  if (r.pv.empty()) return std::nullopt;
  return r;
}

}  // namespace triad::engine

namespace triad::games::ivesdama {

Result<void> GameSolver::can_solve(const Game& g, const ExactKnowledge& known,
                                   const Position& pos) {
  if (!known.has_files())
    return make_error(
        "Íves dáma is solved inside its endgame tables only, and none are loaded (TablePath)");
  if (g.terminal(pos).over()) return make_error("the game is over");
  const auto found = known.find(pos);
  if (!found || !found->from_files)
    return make_error("the position has " + std::to_string(stones(pos)) +
                      " stones, outside the tables (up to " + std::to_string(known.files_limit()) +
                      " stones: TablePath, TableProbeLimit)");
  return {};
}

std::optional<engine::SolveOutcome<Move>> GameSolver::solve(
    const Game& g, const ExactKnowledge& known, const Position& pos, bool /*exact*/,
    const std::function<void(const engine::SolveProgress<Move>&)>& /*on_progress*/,
    const std::function<bool()>& /*stop*/) {
  using Hooks = engine::SearchHooks<Game>;
  engine::SolveOutcome<Move> out;
  nodes_ = 0;
  const auto found = known.find(pos);
  if (!found) return out;  // can_solve() refuses such a position
  const EndgameValue& value = found->value;
  out.side_to_move_wins = value.result == EndgameValue::Result::kWin;
  out.draw = value.result == EndgameValue::Result::kDraw;
  out.plies = value.plies;
  Game::MoveList moves;
  g.generate(pos, {}, moves);
  if (out.draw) {  // a move that keeps the draw
    std::uint64_t tbhits = 0;
    if (const int i = known.best_move(pos, tbhits); i >= 0)
      out.pv.push_back(moves[static_cast<std::size_t>(i)]);
    nodes_ = 1;
  } else if (!moves.empty()) {  // the perfect line to the end
    engine::NoThreadTables none(0, true);
    if (const auto solved = Hooks::solve_root(
            g, pos, -1, [] { return false; }, none, known)) {
      out.pv = solved->pv;
      nodes_ = solved->nodes;
    }
  }
  if (!out.pv.empty()) out.best = out.pv.front();
  out.nodes = nodes_;
  return out;
}

}  // namespace triad::games::ivesdama

template class triad::engine::Searcher<triad::games::ivesdama::Game>;
