// The GameSolver hook of Yin Yang (engine/search/hooks.h): `go solve` runs the fast Solver,
// win/loss or exact, with the engine's Hash and Threads. The solver and its table of Hash MB
// are made for each solve and freed when it ends.
#pragma once

#include <memory>
#include <utility>

#include "engine/core/result.h"
#include "engine/core/solve_types.h"
#include "engine/games/yinyang/exact_knowledge.h"
#include "engine/games/yinyang/solver.h"

namespace triad::games::yinyang {

class GameSolver {
 public:
  using G = Game;
  using Move = G::Move;
  using SolveOutcome = engine::SolveOutcome<Move>;
  static constexpr bool kAvailable = true;
  static constexpr int kMaxMargin = kSquares;  // margins lie within +-this

  void configure(std::size_t hash_bytes, int threads) {
    hash_bytes_ = hash_bytes;
    threads_ = threads;
  }
  // Every position can be solved (its own solver: the exact knowledge is not needed).
  static Result<void> can_solve(const G&, const ExactKnowledge&, const G::Position&) { return {}; }
  std::optional<SolveOutcome> solve(const G&, const ExactKnowledge&, const G::Position& pos,
                                    bool exact,
                                    const std::function<void(const SolveProgress&)>& on_progress,
                                    const std::function<bool()>& stop) {
    solver_ = std::make_unique<Solver>(0);
    solver_->set_memory(hash_bytes_);
    solver_->set_threads(threads_);
    // Frees the table whichever way this returns.
    const std::unique_ptr<void, void (*)(void*)> release(this, [](void* self) {
      auto& me = *static_cast<GameSolver*>(self);
      me.last_nodes_ = me.solver_->nodes();
      me.solver_.reset();
    });
    solver_->set_progress([&](const SolveProgress& p) {
      if (on_progress) on_progress(p);
    });
    SolveOutcome out;
    if (exact) {
      const auto s = solver_->solve(pos, stop);
      if (!s) return std::nullopt;
      out.side_to_move_wins = s->side_to_move_wins;
      out.lower = out.upper = s->margin;
      out.pv = s->pv;
      out.nodes = s->nodes;
      if (!s->pv.empty()) out.best = s->pv.front();
    } else {
      const auto v = solver_->win_loss(pos, stop);
      if (!v) return std::nullopt;
      out.side_to_move_wins = v->side_to_move_wins;
      out.lower = v->lower;
      out.upper = v->upper;
      out.best = v->best;
      out.nodes = v->nodes;
    }
    return out;
  }

  // Nodes so far (while solve() runs, e.g. from its stop check; after it, its total) and
  // the table's use.
  std::uint64_t nodes() const { return solver_ ? solver_->nodes() : last_nodes_; }
  int hashfull() const { return solver_ ? solver_->hashfull() : 0; }

 private:
  std::unique_ptr<Solver> solver_;
  std::size_t hash_bytes_ = std::size_t{16} << 20;
  int threads_ = 1;
  std::uint64_t last_nodes_ = 0;  // of the last solve, once its solver is gone
};

}  // namespace triad::games::yinyang
