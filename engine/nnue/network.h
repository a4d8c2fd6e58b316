// A learned evaluation's network in integers (docs/evaluation.md "The net file"), and its
// inference: the first layer's sums for a board seen by each side (an Accumulator, kept up to
// date by adding and removing the inputs a move changes), then one clamped layer to the
// score. The trainer (training/triad_train/model.py) defines the arithmetic; integer_eval
// there is the reference these functions match exactly. No allocation after loading.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

namespace triad::engine::nnue {

inline constexpr int kQA = 255;  // first-layer scale: activations clamp to [0, kQA]
inline constexpr int kQB = 64;   // output-weight scale
inline constexpr int kMaxHidden = 1024;

struct Network {
  int inputs = 0;
  int hidden = 0;
  int scale = 0;                 // engine points per unit of the float net's output
  std::vector<std::int16_t> w1;  // inputs rows of `hidden` weights
  std::vector<std::int16_t> b1;  // hidden
  std::vector<std::int16_t> w2;  // 2 * hidden: the side to move's half first
  std::int32_t b2 = 0;
};

// The first layer's sums for one view of the board.
struct Accumulator {
  std::array<std::int16_t, kMaxHidden> sum;
};

// The sums from scratch: the biases plus the rows of the on inputs.
void refresh(const Network& net, std::span<const int> on_inputs, Accumulator& acc);
// One input switched on or off (a move changes a few).
void add_input(const Network& net, int input, Accumulator& acc);
void remove_input(const Network& net, int input, Accumulator& acc);

// The score in engine points from the side to move (rounded toward zero).
int evaluate(const Network& net, const Accumulator& side_to_move, const Accumulator& opponent);

}  // namespace triad::engine::nnue
