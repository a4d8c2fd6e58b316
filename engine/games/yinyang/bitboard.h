// Yin Yang board geometry on a 64-bit bitboard: square numbering, square colours, edge-safe
// shifts and the bit-sliced neighbour counter the move generator is built on.
#pragma once

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

// For every square, how many of its 8 neighbours are in `stones` (carry-save adders: the
// whole board is counted at once, no per-square loop).
constexpr CountPlanes neighbour_counts(Bitboard stones) {
  const Bitboard n1 = shift<0, 1>(stones), n2 = shift<0, -1>(stones);
  const Bitboard n3 = shift<1, 0>(stones), n4 = shift<-1, 0>(stones);
  const Bitboard n5 = shift<1, 1>(stones), n6 = shift<-1, 1>(stones);
  const Bitboard n7 = shift<1, -1>(stones), n8 = shift<-1, -1>(stones);
  // Ones: two full adders and a half adder, then a full adder of their sums.
  const Bitboard x1 = n1 ^ n2, s1 = x1 ^ n3, c1 = (n1 & n2) | (x1 & n3);
  const Bitboard x2 = n4 ^ n5, s2 = x2 ^ n6, c2 = (n4 & n5) | (x2 & n6);
  const Bitboard s3 = n7 ^ n8, c3 = n7 & n8;
  const Bitboard x4 = s1 ^ s2, ones = x4 ^ s3, c4 = (s1 & s2) | (x4 & s3);
  // Twos: c1..c4 each weigh 2.
  const Bitboard x5 = c1 ^ c2, s5 = x5 ^ c3, c5 = (c1 & c2) | (x5 & c3);
  const Bitboard twos = s5 ^ c4, c6 = s5 & c4;
  // Fours: c5 and c6 each weigh 4.
  return {ones, twos, c5 ^ c6, c5 & c6};
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

}  // namespace triad::games::yinyang
