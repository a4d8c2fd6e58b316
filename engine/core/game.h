// The Game concept: what a game core provides so that one templated search, perft, the
// protocol and the referee can drive it with no virtual call per node.
//
// A game object carries its rule settings (and, for Íves dáma, the board tables); positions
// are small value types (copy-make). History: the history_key() of every earlier position
// of the game, oldest first, not including the current one. Only rules that look at earlier
// positions (Razzle Dazzle's "position" repetition rule) read it; the others ignore it.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "engine/core/types.h"

namespace triad::engine {

using History = std::span<const std::uint64_t>;

template <class G>
concept Game = requires(const G& g, const typename G::Position& pos, const typename G::Move& m,
                        typename G::MoveList& moves, History history) {
  { G::kName } -> std::convertible_to<std::string_view>;  // base game id, e.g. "yinyang"
  { g.start_position() } -> std::same_as<typename G::Position>;
  // All legal moves, each result once (canonical form). Empty when the side to move has none
  // or terminal(pos) is over.
  { g.generate(pos, history, moves) } -> std::same_as<void>;
  { g.make(pos, m) } -> std::same_as<typename G::Position>;  // m must be legal
  { g.hash(pos) } -> std::same_as<std::uint64_t>;            // full key: TT, repetition draws
  { g.history_key(pos) } -> std::same_as<std::uint64_t>;     // what generate() needs of the past
  { g.side_to_move(pos) } -> std::same_as<Player>;
  { g.ply(pos) } -> std::same_as<int>;  // turns played since the start
  // A game end visible from the position alone (a goal reached), else Outcome::ongoing().
  { g.terminal(pos) } -> std::same_as<Outcome>;
  // The result when the side to move has no legal move (loss, or Yin Yang's final score).
  { g.no_moves_outcome(pos) } -> std::same_as<Outcome>;
  // Static evaluation from the side to move, ~100 per unit of advantage; eval_terms() sums to it.
  { g.evaluate(pos) } -> std::same_as<int>;
  { g.eval_terms(pos) } -> std::same_as<std::vector<EvalTerm>>;
  { m == m } -> std::convertible_to<bool>;
};

// Optional fast path for bulk-counting perft: number of legal moves without listing them.
template <class G>
concept CountsMoves = Game<G> &&
    requires(const G& g, const typename G::Position& pos, History history) {
  { g.count_moves(pos, history) } -> std::convertible_to<std::uint64_t>;
};

// Optional: the moves that can never be undone (Íves dáma's captures). No position before
// such a move can occur again after it, so repetitions are counted only among the positions
// since the last one. A game without the member has every move reversible.
template <class G>
concept MarksIrreversible = Game<G> &&
    requires(const G& g, const typename G::Position& pos, const typename G::Move& m) {
  { g.irreversible(pos, m) } -> std::same_as<bool>;
};

// Whether playing m in pos can never be undone (false for a game that does not say).
template <Game G>
bool irreversible(const G& g, const typename G::Position& pos, const typename G::Move& m) {
  if constexpr (MarksIrreversible<G>) {
    return g.irreversible(pos, m);
  } else {
    return false;
  }
}

// The house rules every game shares: draw by repetition and by ply limit (0 = off).
struct DrawRules {
  int repetitions = 3;
  int max_plies = 0;
};

}  // namespace triad::engine
