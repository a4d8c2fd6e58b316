// GameLine: a game in progress — the positions played from a start position, with the
// bookkeeping needed for history-dependent rules and the shared draw house rules.
// Used by the protocol session, the referee of triad-match and the search's root.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/core/game.h"

namespace triad::engine {

template <Game G>
class GameLine {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;

  GameLine(const G& game, const Position& start) : game_(&game), current_(start) {}

  const G& game() const { return *game_; }
  const Position& current() const { return current_; }
  // History keys of the positions before the current one (what generate() wants).
  History history() const { return History(history_keys_); }
  // Full hashes of every position of the line, the current one last.
  std::vector<std::uint64_t> hashes() const {
    auto all = hashes_;
    all.push_back(game_->hash(current_));
    return all;
  }
  int plies_played() const { return static_cast<int>(hashes_.size()); }
  // Where in hashes() the positions that may still recur begin: just after the last move
  // that cannot be undone (engine::irreversible), 0 when every move so far can be.
  int reversible_from() const { return irreversible_.empty() ? 0 : irreversible_.back(); }

  // Plays a legal move (the caller has checked legality, e.g. by matching generate()).
  void play(const Move& m) {
    if (irreversible(*game_, current_, m)) irreversible_.push_back(plies_played() + 1);
    history_keys_.push_back(game_->history_key(current_));
    hashes_.push_back(game_->hash(current_));
    current_ = game_->make(current_, m);
  }
  // Takes back the last move played; `previous` is the position before it (the line keeps
  // keys, not positions, so the caller that wants take-back keeps those).
  void take_back(const Position& previous) {
    if (reversible_from() == plies_played()) irreversible_.pop_back();
    history_keys_.pop_back();
    hashes_.pop_back();
    current_ = previous;
  }

  void legal_moves(typename G::MoveList& out) const {
    out.clear();
    if (!game_->terminal(current_).over()) game_->generate(current_, history(), out);
  }

  // How many times the current position has occurred in this line (itself included).
  int occurrences() const {
    const std::uint64_t h = game_->hash(current_);
    return 1 + static_cast<int>(std::count(hashes_.begin() + reversible_from(), hashes_.end(), h));
  }

  // Order: a goal, then no legal move, then the draw house rules (repetition, ply limit).
  Outcome outcome(const DrawRules& draw) const {
    if (Outcome t = game_->terminal(current_); t.over()) return t;
    typename G::MoveList moves;
    game_->generate(current_, history(), moves);
    if (moves.empty()) return game_->no_moves_outcome(current_);
    if (draw.repetitions > 0 && occurrences() >= draw.repetitions)
      return Outcome::draw(Reason::kRepetition);
    if (draw.max_plies > 0 && game_->ply(current_) >= draw.max_plies)
      return Outcome::draw(Reason::kPlyLimit);
    return Outcome::ongoing();
  }

 private:
  const G* game_;
  Position current_;
  std::vector<std::uint64_t> history_keys_;
  std::vector<std::uint64_t> hashes_;
  std::vector<int> irreversible_;  // reversible_from() after each irreversible move, in order
};

}  // namespace triad::engine
