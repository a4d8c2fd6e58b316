// A net file of random weights (random_network.h) for a game's layout, for tests that need a
// net file without training one: the datagen tests and the net file's own round trip.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "adapters/nnue/net_file.h"
#include "tests/nnue/random_network.h"

namespace triad::adapters::nnue {

inline NetFile random_net_file(const std::string& game, const std::string& letters, int points,
                               int hidden, unsigned seed) {
  std::mt19937 rng(seed);
  NetFile f;
  f.game = game;
  f.variant = game;
  f.letters = letters;
  f.points = points;
  f.positions = 1000 + seed;
  f.net = engine::nnue::random_network(2 * static_cast<int>(letters.size()) * points, hidden, rng);
  return f;
}

// Razzle Dazzle's layout (docs/evaluation.md "What it learns"): 336 inputs.
inline NetFile random_razzle_net(unsigned seed) {
  return random_net_file("razzledazzle", "PBX", 56, 8, seed);
}

}  // namespace triad::adapters::nnue
