// GameSolver for Yin Yang (see engine/core/game_solver.h): `go solve` runs the fast Solver,
// win/loss or exact, with the engine's Hash and Threads. The solver and its table of Hash MB
// are made for each solve and freed when it ends.
#pragma once

#include <memory>
#include <utility>

#include "engine/core/game_solver.h"
#include "engine/games/yinyang/solver.h"

namespace triad::engine {

template <>
class GameSolver<games::yinyang::Game> {
 public:
  using G = games::yinyang::Game;
  using Move = G::Move;
  static constexpr bool kAvailable = true;
  static constexpr int kMaxMargin = games::yinyang::kSquares;  // margins lie within +-this

  void configure(std::size_t hash_bytes, int threads) {
    hash_bytes_ = hash_bytes;
    threads_ = threads;
  }
  std::optional<SolveOutcome<Move>> solve(
      const G&, const G::Position& pos, bool exact,
      const std::function<void(const SolveProgress<Move>&)>& on_progress,
      const std::function<bool()>& stop) {
    solver_ = std::make_unique<games::yinyang::Solver>(0);
    solver_->set_memory(hash_bytes_);
    solver_->set_threads(threads_);
    // Frees the table whichever way this returns.
    const std::unique_ptr<void, void (*)(void*)> release(this, [](void* self) {
      auto& me = *static_cast<GameSolver*>(self);
      me.last_nodes_ = me.solver_->nodes();
      me.solver_.reset();
    });
    solver_->set_progress([&](const games::yinyang::SolveProgress& p) {
      if (on_progress) on_progress({p.lower, p.upper, p.best, p.nodes});
    });
    SolveOutcome<Move> out;
    if (exact) {
      const auto s = solver_->solve(pos, stop);
      if (!s) return std::nullopt;
      out = {s->side_to_move_wins, s->margin, s->margin, std::nullopt, s->pv, s->nodes};
      if (!s->pv.empty()) out.best = s->pv.front();
    } else {
      const auto v = solver_->win_loss(pos, stop);
      if (!v) return std::nullopt;
      out = {v->side_to_move_wins, v->lower, v->upper, v->best, {}, v->nodes};
    }
    return out;
  }

  // Nodes so far (while solve() runs, e.g. from its stop check; after it, its total) and
  // the table's use.
  std::uint64_t nodes() const { return solver_ ? solver_->nodes() : last_nodes_; }
  int hashfull() const { return solver_ ? solver_->hashfull() : 0; }

 private:
  std::unique_ptr<games::yinyang::Solver> solver_;
  std::size_t hash_bytes_ = std::size_t{16} << 20;
  int threads_ = 1;
  std::uint64_t last_nodes_ = 0;  // of the last solve, once its solver is gone
};

}  // namespace triad::engine
