// Generic perft (leaf count at exact depth) for any Game, with bulk counting at the last ply.
// Per the rules files: a finished game has no moves; draw house rules are ignored.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core/game.h"

namespace triad::engine {

namespace detail {
template <Game G>
std::uint64_t perft_rec(const G& g, const typename G::Position& pos, int depth,
                        std::vector<std::uint64_t>& keys) {
  if (g.terminal(pos).over()) return 0;
  if constexpr (CountsMoves<G>) {
    if (depth == 1) return g.count_moves(pos, History(keys));
  }
  typename G::MoveList moves;
  g.generate(pos, History(keys), moves);
  if (depth == 1) return moves.size();
  std::uint64_t total = 0;
  keys.push_back(g.history_key(pos));
  for (const auto& m : moves) total += perft_rec(g, g.make(pos, m), depth - 1, keys);
  keys.pop_back();
  return total;
}
}  // namespace detail

// Leaves at exact `depth` below `pos`; `history` = history keys of the game before `pos`.
template <Game G>
std::uint64_t perft(const G& g, const typename G::Position& pos, int depth, History history = {}) {
  if (depth <= 0) return 1;
  std::vector<std::uint64_t> keys(history.begin(), history.end());
  keys.reserve(keys.size() + static_cast<std::size_t>(depth) + 1);
  return detail::perft_rec(g, pos, depth, keys);
}

// Divided perft: the leaf count below each legal move, in generation order.
template <Game G>
std::vector<std::pair<typename G::Move, std::uint64_t>> perft_divide(
    const G& g, const typename G::Position& pos, int depth, History history = {}) {
  std::vector<std::pair<typename G::Move, std::uint64_t>> out;
  if (depth <= 0 || g.terminal(pos).over()) return out;
  typename G::MoveList moves;
  g.generate(pos, history, moves);
  std::vector<std::uint64_t> keys(history.begin(), history.end());
  keys.push_back(g.history_key(pos));
  for (const auto& m : moves)
    out.emplace_back(m, perft(g, g.make(pos, m), depth - 1, History(keys)));
  return out;
}

}  // namespace triad::engine
