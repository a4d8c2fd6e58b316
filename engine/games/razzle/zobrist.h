// Zobrist keys of Razzle Dazzle: random 64-bit numbers per (side, square) for pieces and
// balls, per square for the ineligible flag, for the side to move and for each side's last
// knight move. Generated at compile time (splitmix64), identical on every build.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/hash.h"
#include "engine/games/razzle/board.h"

namespace triad::games::razzle {

struct ZobristKeys {
  std::array<std::array<std::uint64_t, kSquares>, 2> piece{};
  std::array<std::array<std::uint64_t, kSquares>, 2> ball{};
  std::array<std::uint64_t, kSquares> ineligible{};
  std::array<std::array<std::uint64_t, kSquares>, 2> last_from{};
  std::array<std::array<std::uint64_t, kSquares>, 2> last_to{};
  std::uint64_t side_two = 0;  // xor-ed in when Player 2 is to move
};

constexpr ZobristKeys build_zobrist_keys() {
  ZobristKeys z;
  std::uint64_t state = 0x52617A7A6C654461ULL;  // "RazzleDa"
  auto next = [&state] { return engine::splitmix64(state); };
  for (int side = 0; side < 2; ++side) {
    for (int sq = 0; sq < kSquares; ++sq) {
      z.piece[side][sq] = next();
      z.ball[side][sq] = next();
      z.last_from[side][sq] = next();
      z.last_to[side][sq] = next();
    }
  }
  for (int sq = 0; sq < kSquares; ++sq) z.ineligible[sq] = next();
  z.side_two = next();
  return z;
}

inline constexpr ZobristKeys kZobrist = build_zobrist_keys();

}  // namespace triad::games::razzle
