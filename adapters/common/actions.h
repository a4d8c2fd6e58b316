// The shared shape of the games' action encodings (Notation<G>::actions, docs/python.md):
// a move is (from, to, k), k being its rank among the moves of the same legal list with the
// same from and to (0 unless several moves join the same two points, as Razzle Dazzle's
// passes with different relays or Íves dáma's captures of different pieces do).
#pragma once

#include <vector>

namespace triad::adapters {

// action = (from * points + to) * ranks + k; a move whose k would reach `ranks` gets -1
// (not encodable; the callers' list capacities keep that from happening, the tests check).
template <class MoveList, class From, class To>
void append_ranked_actions(const MoveList& moves, int points, int ranks, From from, To to,
                           std::vector<int>& out) {
  const std::size_t first = out.size();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const int base = (from(moves[i]) * points + to(moves[i])) * ranks;
    int k = 0;
    for (std::size_t j = first; j < out.size(); ++j)
      if (out[j] >= base && out[j] < base + ranks) ++k;
    out.push_back(k < ranks ? base + k : -1);
  }
}

}  // namespace triad::adapters
