// Integer inference of a learned evaluation (see network.h). Plain loops over int16 rows,
// written so the compiler vectorises them (the sums are int16, as the trainer guarantees by
// bounding the weights; the output is summed in int64).
#include "engine/nnue/network.h"

#include <algorithm>

namespace triad::engine::nnue {

void refresh(const Network& net, std::span<const int> on_inputs, Accumulator& acc) {
  std::copy(net.b1.begin(), net.b1.end(), acc.sum.begin());
  for (const int input : on_inputs) add_input(net, input, acc);
}

void add_input(const Network& net, int input, Accumulator& acc) {
  const std::int16_t* row = net.w1.data() + static_cast<std::size_t>(input) * net.hidden;
  for (int i = 0; i < net.hidden; ++i) acc.sum[i] = static_cast<std::int16_t>(acc.sum[i] + row[i]);
}

void remove_input(const Network& net, int input, Accumulator& acc) {
  const std::int16_t* row = net.w1.data() + static_cast<std::size_t>(input) * net.hidden;
  for (int i = 0; i < net.hidden; ++i) acc.sum[i] = static_cast<std::int16_t>(acc.sum[i] - row[i]);
}

int evaluate(const Network& net, const Accumulator& side_to_move, const Accumulator& opponent) {
  std::int64_t out = net.b2;
  const auto half = [&](const Accumulator& acc, const std::int16_t* w) {
    std::int64_t s = 0;
    for (int i = 0; i < net.hidden; ++i)
      s += static_cast<std::int64_t>(std::clamp<int>(acc.sum[i], 0, kQA)) * w[i];
    return s;
  };
  out += half(side_to_move, net.w2.data());
  out += half(opponent, net.w2.data() + net.hidden);
  const std::int64_t scaled = out * net.scale;
  return static_cast<int>(scaled / (kQA * kQB));  // C++ division rounds toward zero
}

}  // namespace triad::engine::nnue
