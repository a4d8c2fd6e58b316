// A network bound to one game's board (docs/evaluation.md "In the engine"): for every man a
// point can hold, the input it switches on in each side's sums. The net's inputs are the
// board's points in the position line's order seen by each side (the feature set,
// learn/features.h); the adapter that loads the net knows that order and makes the Model
// (learn::make_model), so the search needs only the game's own point indices and each man's
// kind (SearchHooks::net_board, engine/search/hooks.h).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/nnue/network.h"

namespace triad::engine::nnue {

// A game's point (or square) indices for net_board lie below this.
inline constexpr int kMaxNetPoints = 64;

struct Model {
  Network net;
  int kinds = 0;  // kinds of men per side (letters of the layout)
  // input_of[(view * 2 * kinds + code) * kMaxNetPoints + point]: the input switched on in
  // `view`'s sums (0: Player 1's, 1: Player 2's) by a man with code index `code` (owner * kinds
  // + kind; owner 0 = Player 1) on the game's point `point`; -1 where the net has no point.
  std::vector<int> input_of;

  int input(int view, int code, int point) const {
    return input_of[static_cast<std::size_t>((view * 2 * kinds + code) * kMaxNetPoints + point)];
  }
};

}  // namespace triad::engine::nnue
