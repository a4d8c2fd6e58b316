// Generic perft (leaf count at exact depth) for any Game, with bulk counting at the last ply.
// Per the rules files: a finished game has no moves; draw house rules are ignored. An
// optional stop flag abandons a count early (go perft runs like a search).
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core/game.h"

namespace triad::engine {

namespace detail {
// Stops counting (the result is then partial) once *stop is true.
template <Game G>
std::uint64_t perft_rec(const G& g, const typename G::Position& pos, int depth,
                        std::vector<std::uint64_t>& keys, const std::atomic<bool>* stop) {
  if (g.terminal(pos).over()) return 0;
  if constexpr (CountsMoves<G>) {
    if (depth == 1) return g.count_moves(pos, History(keys));
  }
  typename G::MoveList moves;
  g.generate(pos, History(keys), moves);
  if (depth == 1) return moves.size();
  if (stop && stop->load(std::memory_order_relaxed)) return 0;
  std::uint64_t total = 0;
  keys.push_back(g.history_key(pos));
  for (const auto& m : moves) total += perft_rec(g, g.make(pos, m), depth - 1, keys, stop);
  keys.pop_back();
  return total;
}
}  // namespace detail

// Leaves at exact `depth` below `pos`; `history` = history keys of the game before `pos`.
// A partial count once *stop turns true.
template <Game G>
std::uint64_t perft(const G& g, const typename G::Position& pos, int depth, History history = {},
                    const std::atomic<bool>* stop = nullptr) {
  if (depth <= 0) return 1;
  std::vector<std::uint64_t> keys(history.begin(), history.end());
  keys.reserve(keys.size() + static_cast<std::size_t>(depth) + 1);
  return detail::perft_rec(g, pos, depth, keys, stop);
}

// Divided perft: on_move(move, leaves) for each legal move in generation order, as soon as
// its count is known. Returns false when *stop turned true first (the move being counted
// then is not reported).
template <Game G, class OnMove>
bool perft_divide(const G& g, const typename G::Position& pos, int depth, History history,
                  const std::atomic<bool>* stop, OnMove&& on_move) {
  if (depth <= 0 || g.terminal(pos).over()) return true;
  typename G::MoveList moves;
  g.generate(pos, history, moves);
  std::vector<std::uint64_t> keys(history.begin(), history.end());
  keys.push_back(g.history_key(pos));
  for (const auto& m : moves) {
    const std::uint64_t n = perft(g, g.make(pos, m), depth - 1, History(keys), stop);
    if (stop && stop->load(std::memory_order_relaxed)) return false;
    on_move(m, n);
  }
  return true;
}

// Divided perft as a list (never stopped).
template <Game G>
std::vector<std::pair<typename G::Move, std::uint64_t>> perft_divide(
    const G& g, const typename G::Position& pos, int depth, History history = {}) {
  std::vector<std::pair<typename G::Move, std::uint64_t>> out;
  perft_divide(g, pos, depth, history, nullptr,
               [&](const typename G::Move& m, std::uint64_t n) { out.emplace_back(m, n); });
  return out;
}

}  // namespace triad::engine
