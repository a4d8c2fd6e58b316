// splitmix64: the one hash mixer the game cores use to generate their fixed Zobrist keys
// (a well-mixed sequence from a seed; constexpr, so keys can be built at compile time and
// are identical on every build).
#pragma once

#include <cstdint>

namespace triad::engine {

// Advances `state` and returns the next 64-bit value of the sequence.
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace triad::engine
