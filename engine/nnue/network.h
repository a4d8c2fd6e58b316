// A learned evaluation's network in integers (docs/evaluation.md "The net file"), and its
// inference: the first layer's sums for a board seen by each side (an accumulator: `hidden`
// int16 sums, kept up to date by the rows of the inputs a move switches off and on), then one
// clamped layer to the score. The trainer (training/triad_train/model.py) defines the
// arithmetic; integer_eval there is the reference these functions match exactly. No
// allocation after loading. On x86-64 each function is compiled twice, for AVX2 and for the
// base instruction set, and the CPU picks one at load time; integer sums make both give
// the same bits.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace triad::engine::nnue {

inline constexpr int kQA = 255;  // first-layer scale: activations clamp to [0, kQA]
inline constexpr int kQB = 64;   // output-weight scale
// The widest first layer: the one limit of the engine and the trainer (training/triad_train/
// net_file.py MAX_HIDDEN, checked against this by training_tests).
inline constexpr int kMaxHidden = 1024;
inline constexpr int kMaxScale = 100000;  // the largest scale a net file may give
// The trainer's weight ranges (quantised): |W1|, |b1| <= kMaxFirstWeight keep the int16 sums
// of a board of up to 64 men exact; |w2| <= kMaxOutputWeight keeps the output's int32 exact;
// |b2| <= kMaxOutputBias (127 units of the float net's output) keeps every score within int.
inline constexpr int kMaxFirstWeight = 510;
inline constexpr int kMaxOutputWeight = 127;
inline constexpr std::int32_t kMaxOutputBias = 127 * kQA * kQB;

struct Network {
  int inputs = 0;
  int hidden = 0;
  int scale = 0;                 // engine points per unit of the float net's output
  std::vector<std::int16_t> w1;  // inputs rows of `hidden` weights
  std::vector<std::int16_t> b1;  // hidden
  std::vector<std::int16_t> w2;  // 2 * hidden: the side to move's half first
  std::int32_t b2 = 0;
};

// The sums from scratch: the biases plus the rows of the on inputs (`sum` holds `hidden`).
void refresh(const Network& net, std::span<const int> on_inputs, std::int16_t* sum);

// The sums after a move: `parent`'s minus the rows of `off`, plus the rows of `on`, into
// `child` (which may be `parent`).
void update(const Network& net, const std::int16_t* parent, std::int16_t* child,
            std::span<const int> off, std::span<const int> on);

// The score in engine points from the side to move (rounded toward zero). Exact for every
// network within the ranges above (the ones a net file may hold).
int evaluate(const Network& net, const std::int16_t* side_to_move, const std::int16_t* opponent);

}  // namespace triad::engine::nnue
