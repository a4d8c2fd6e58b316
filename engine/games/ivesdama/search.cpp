// The search for Íves dáma: its hooks (endgame values — the attached table files, else the
// in-memory table, Game::probe_endgame — in the search's score conventions, and the tables'
// best move: the successor with the best value for the mover), its GameSolver (game_solver.h)
// on them, and Searcher<G> compiled once with them.
#include "engine/games/ivesdama/search_hooks.h"

#include <bit>
#include <string>

#include "engine/games/ivesdama/endgame.h"
#include "engine/search/searcher_impl.h"

namespace triad::engine {

namespace {

using games::ivesdama::EndgameValue;
using G = games::ivesdama::Game;

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

struct BestMove {
  int index = -1;
  int score = 0;  // from the mover's side, at ply 0
};

// Game::probe_endgame, counting the probes the table files answered in `tbhits`.
std::optional<EndgameValue> probe(const G& g, const G::Position& pos, std::uint64_t& tbhits) {
  bool from_files = false;
  auto v = g.probe_endgame(pos, &from_files);
  if (v && from_files) ++tbhits;
  return v;
}

// The successor best for the mover: a win at once, else the fastest win, the draw, or the
// slowest loss. `pos` must be in the tables and have a legal move.
BestMove best_move(const G& g, const G::Position& pos, const G::MoveList& moves,
                   std::uint64_t& tbhits) {
  BestMove best{-1, -kInfinity};
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const G::Position child = g.make(pos, moves[i]);
    int score;
    if (g.terminal(child).over()) {
      score = kMateScore - 1;
    } else {
      const auto v = probe(g, child, tbhits);
      score = v ? -score_at(*v, 1) : -kInfinity;
    }
    if (score > best.score) best = {static_cast<int>(i), score};
  }
  return best;
}

}  // namespace

void SearchHooks<G>::prepare(const G& g) {
  g.endgame();
}

bool SearchHooks<G>::solve(const G& g, const G::Position& pos, int ply, SolveResult& out,
                           ThreadTables&) {
  bool from_files = false;
  const auto v = g.probe_endgame(pos, &from_files);  // nothing: too many stones
  if (!v) return false;
  out.score = score_at(*v, ply);
  out.nodes = 1;
  if (from_files) {
    // A file probe per child would cost more than the value saves: the line ends here.
    ++out.tbhits;
    return true;
  }
  out.move_index = table_move(g, pos, out.tbhits);
  return true;
}

int SearchHooks<G>::table_move(const G& g, const G::Position& pos, std::uint64_t& tbhits) {
  G::MoveList moves;
  g.generate(pos, {}, moves);
  return moves.empty() ? -1 : best_move(g, pos, moves, tbhits).index;
}

std::optional<RootSolution<G::Move>> SearchHooks<G>::solve_root(const G& g, const G::Position& pos,
                                                                std::int64_t /*budget_ms*/,
                                                                const StopCheck& /*stop*/,
                                                                ThreadTables&) {
  RootSolution<G::Move> r;
  const auto v = probe(g, pos, r.tbhits);
  if (!v || v->result == EndgameValue::Result::kDraw) return std::nullopt;
  r.score = score_at(*v, 0);
  // Follow the table's best moves to the end (each step is one ply closer to it).
  G::Position at = pos;
  for (int i = 0; i < v->plies; ++i) {
    G::MoveList moves;
    g.generate(at, {}, moves);
    if (moves.empty()) break;
    const auto m = moves[static_cast<std::size_t>(best_move(g, at, moves, r.tbhits).index)];
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

Result<void> GameSolver::can_solve(const Game& g, const Position& pos) {
  if (!g.endgame_files())
    return make_error(
        "Íves dáma is solved inside its endgame tables only, and none are loaded (TablePath)");
  if (g.terminal(pos).over()) return make_error("the game is over");
  bool from_files = false;
  if (!g.probe_endgame(pos, &from_files) || !from_files)
    return make_error("the position has " +
                      std::to_string(std::popcount(pos.pieces[0]) + std::popcount(pos.pieces[1])) +
                      " stones, outside the tables (up to " +
                      std::to_string(g.endgame_files_limit()) +
                      " stones: TablePath, TableProbeLimit)");
  return {};
}

std::optional<engine::SolveOutcome<Move>> GameSolver::solve(
    const Game& g, const Position& pos, bool /*exact*/,
    const std::function<void(const engine::SolveProgress<Move>&)>& /*on_progress*/,
    const std::function<bool()>& /*stop*/) {
  using Hooks = engine::SearchHooks<Game>;
  engine::SolveOutcome<Move> out;
  nodes_ = 0;
  const auto value = g.probe_endgame(pos);
  if (!value) return out;  // can_solve() refuses such a position
  out.side_to_move_wins = value->result == EndgameValue::Result::kWin;
  out.draw = value->result == EndgameValue::Result::kDraw;
  out.plies = value->plies;
  Game::MoveList moves;
  g.generate(pos, {}, moves);
  if (out.draw) {  // a move that keeps the draw
    std::uint64_t tbhits = 0;
    if (const int i = Hooks::table_move(g, pos, tbhits); i >= 0)
      out.pv.push_back(moves[static_cast<std::size_t>(i)]);
    nodes_ = 1;
  } else if (!moves.empty()) {  // the perfect line to the end
    engine::NoThreadTables none(0, true);
    if (const auto solved = Hooks::solve_root(
            g, pos, -1, [] { return false; }, none)) {
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
