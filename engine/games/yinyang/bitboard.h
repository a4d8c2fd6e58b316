// Yin Yang board geometry on a 64-bit bitboard: square numbering, square colours, edge-safe
// shifts and the bit-sliced neighbour counter the move generator is built on.
#pragma once

#include <bit>
#include <cstdint>

namespace triad::games::yinyang {

using Bitboard = std::uint64_t;
// Square index = rank * 6 + file, both from 0: a1 = 0, f1 = 5, a2 = 6, ..., f6 = 35.
using Square = std::uint8_t;

inline constexpr int kFiles = 6;
inline constexpr int kRanks = 6;
inline constexpr int kSquares = kFiles * kRanks;

constexpr Bitboard bit(int sq) {
  return Bitboard{1} << sq;
}
constexpr int file_of(int sq) {
  return sq % kFiles;
}
constexpr int rank_of(int sq) {
  return sq / kFiles;
}
constexpr int make_square(int file, int rank) {
  return rank * kFiles + file;
}

inline constexpr Bitboard kAllSquares = bit(kSquares) - 1;

constexpr Bitboard file_mask(int file) {
  Bitboard b = 0;
  for (int r = 0; r < kRanks; ++r) b |= bit(make_square(file, r));
  return b;
}
inline constexpr Bitboard kFileA = file_mask(0);
inline constexpr Bitboard kFileF = file_mask(kFiles - 1);

// Rules decision: a1 is dark; (file, rank) is dark when file + rank is even.
constexpr bool is_dark_square(int sq) {
  return (file_of(sq) + rank_of(sq)) % 2 == 0;
}
constexpr Bitboard dark_squares_mask() {
  Bitboard b = 0;
  for (int sq = 0; sq < kSquares; ++sq)
    if (is_dark_square(sq)) b |= bit(sq);
  return b;
}
inline constexpr Bitboard kDarkSquares = dark_squares_mask();
inline constexpr Bitboard kLightSquares = kAllSquares & ~kDarkSquares;

// Moves every bit by (kDf files, kDr ranks); bits that would leave the board are dropped
// (the file masks stop a shift from wrapping round to the other edge).
template <int kDf, int kDr>
constexpr Bitboard shift(Bitboard b) {
  static_assert(kDf >= -1 && kDf <= 1 && kDr >= -1 && kDr <= 1);
  constexpr int kDelta = kDr * kFiles + kDf;
  Bitboard r = b;
  if constexpr (kDelta > 0) r = b << kDelta;
  if constexpr (kDelta < 0) r = b >> -kDelta;
  if constexpr (kDf == 1) r &= ~kFileA;
  if constexpr (kDf == -1) r &= ~kFileF;
  return r & kAllSquares;
}

// A 4-bit counter per square, bit-sliced: square s holds count
// ((b3 >> s) & 1) * 8 + ((b2 >> s) & 1) * 4 + ((b1 >> s) & 1) * 2 + ((b0 >> s) & 1).
struct CountPlanes {
  Bitboard b0 = 0, b1 = 0, b2 = 0, b3 = 0;
};

// For every square, how many of its 8 neighbours are in `stones`, for the whole board at
// once: the 2 horizontal neighbours, plus the 3-square row sums of the ranks above and below
// (one row-sum computation shifted up and down), added with bit-sliced adders.
constexpr CountPlanes neighbour_counts(Bitboard stones) {
  const Bitboard east = shift<1, 0>(stones), west = shift<-1, 0>(stones);
  // Horizontal neighbours (0..2) and the row sum including the square itself (0..3).
  const Bitboard h0 = east ^ west, h1 = east & west;
  const Bitboard r0 = h0 ^ stones, r1 = h1 | (h0 & stones);
  // Row sums of the rank above (n) and below (s), seen from each square.
  const Bitboard n0 = shift<0, -1>(r0), n1 = shift<0, -1>(r1);
  const Bitboard s0 = shift<0, 1>(r0), s1 = shift<0, 1>(r1);
  // h + n + s (at most 2 + 3 + 3 = 8): ones, then the four inputs of weight 2.
  const Bitboard x = h0 ^ n0, ones = x ^ s0, carry = (h0 & n0) | (x & s0);
  const Bitboard y = h1 ^ n1, t = y ^ s1, t_carry = (h1 & n1) | (y & s1);
  const Bitboard twos = t ^ carry, f = t & carry;
  return {ones, twos, t_carry ^ f, t_carry & f};
}

// The squares whose counter equals exactly k (1 <= k <= 5: longer slides leave a 6-wide
// board).
template <int k>
constexpr Bitboard count_equals(const CountPlanes& p) {
  static_assert(k >= 1 && k <= 5);
  const Bitboard b0 = (k & 1) ? p.b0 : ~p.b0;
  const Bitboard b1 = (k & 2) ? p.b1 : ~p.b1;
  const Bitboard b2 = (k & 4) ? p.b2 : ~p.b2;
  return b0 & b1 & b2 & ~p.b3;
}

// popcount(a) + popcount(b) + popcount(c) + popcount(d) for boards within the 36 squares.
// Without a hardware popcount (the portable build) std::popcount is a library call per word,
// so the four are summed in one bit-parallel reduction instead (at most 144 fits a byte).
constexpr int popcount_sum(Bitboard a, Bitboard b, Bitboard c, Bitboard d) {
#if defined(__POPCNT__)
  return std::popcount(a) + std::popcount(b) + std::popcount(c) + std::popcount(d);
#else
  constexpr Bitboard k1 = 0x5555555555555555ull, k2 = 0x3333333333333333ull;
  constexpr Bitboard k4 = 0x0F0F0F0F0F0F0F0Full, kBytes = 0x0101010101010101ull;
  auto nibble_counts = [](Bitboard x) {  // per 4-bit field, 0..4
    x -= (x >> 1) & k1;
    return (x & k2) + ((x >> 2) & k2);
  };
  const Bitboard ab = nibble_counts(a) + nibble_counts(b);  // per nibble, 0..8
  const Bitboard cd = nibble_counts(c) + nibble_counts(d);
  const Bitboard bytes = (ab & k4) + ((ab >> 4) & k4) + (cd & k4) + ((cd >> 4) & k4);  // 0..32
  return static_cast<int>((bytes * kBytes) >> 56);
#endif
}

}  // namespace triad::games::yinyang
