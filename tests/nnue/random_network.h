// A network with random weights inside the trainer's ranges (engine/nnue/network.h), for
// the tests of the inference and of its use in the search.
#pragma once

#include <cstdint>
#include <random>

#include "engine/nnue/network.h"

namespace triad::engine::nnue {

inline Network random_network(int inputs, int hidden, std::mt19937& rng) {
  std::uniform_int_distribution<int> w(-kMaxFirstWeight, kMaxFirstWeight),
      out(-kMaxOutputWeight, kMaxOutputWeight);
  Network net;
  net.inputs = inputs;
  net.hidden = hidden;
  net.scale = 150;
  for (int i = 0; i < inputs * hidden; ++i) net.w1.push_back(static_cast<std::int16_t>(w(rng)));
  for (int i = 0; i < hidden; ++i) net.b1.push_back(static_cast<std::int16_t>(w(rng)));
  for (int i = 0; i < 2 * hidden; ++i) net.w2.push_back(static_cast<std::int16_t>(out(rng)));
  net.b2 = w(rng) * kQA;
  return net;
}

}  // namespace triad::engine::nnue
