// Razzle Dazzle board geometry: squares of the 7x8 board as bit indices of a 64-bit
// bitboard (index = file + 7 * rank, a1 = 0, g8 = 55) and the precomputed knight,
// neighbourhood, ray and between tables the move generator and the notation use.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace triad::games::razzle {

using Bitboard = std::uint64_t;

inline constexpr int kFiles = 7;
inline constexpr int kRanks = 8;
inline constexpr int kSquares = kFiles * kRanks;
inline constexpr int kNoSquare = 0xFF;  // "no square" in 8-bit square fields

constexpr int make_square(int file, int rank) {
  return file + kFiles * rank;
}
constexpr int file_of(int sq) {
  return sq % kFiles;
}
constexpr int rank_of(int sq) {
  return sq / kFiles;
}
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}
constexpr Bitboard bit(int sq) {
  return Bitboard{1} << sq;
}
constexpr Bitboard rank_mask(int rank) {
  return Bitboard{0x7F} << (kFiles * rank);
}
inline int lowest_square(Bitboard b) {
  return std::countr_zero(b);
}
inline int highest_square(Bitboard b) {
  return 63 - std::countl_zero(b);
}

// The 8 queen directions. The first four increase the square index (E, N, NE, NW), so the
// nearest piece along them is the lowest set bit; the last four (W, S, SW, SE) the highest.
inline constexpr int kDirections = 8;
inline constexpr std::array<int, kDirections> kDirFile = {1, 0, 1, -1, -1, 0, -1, 1};
inline constexpr std::array<int, kDirections> kDirRank = {0, 1, 1, 1, 0, -1, -1, -1};

struct BoardTables {
  std::array<Bitboard, kSquares> knight{};                        // knight jumps from a square
  std::array<Bitboard, kSquares> king{};                          // the 8-neighbourhood of a square
  std::array<std::array<Bitboard, kDirections>, kSquares> ray{};  // squares beyond, per direction
  // Squares strictly between two squares on a common line; all squares (kNotOnLine) when
  // there is no such line, so that `between & occupied` is never empty for a non-line.
  std::array<std::array<Bitboard, kSquares>, kSquares> between{};
};

inline constexpr Bitboard kNotOnLine = ~Bitboard{0};

constexpr BoardTables build_board_tables() {
  BoardTables t;
  constexpr int kKnightFile[8] = {1, 2, 2, 1, -1, -2, -2, -1};
  constexpr int kKnightRank[8] = {2, 1, -1, -2, -2, -1, 1, 2};
  for (int sq = 0; sq < kSquares; ++sq) {
    const int f = file_of(sq);
    const int r = rank_of(sq);
    for (int k = 0; k < 8; ++k) {
      if (on_board(f + kKnightFile[k], r + kKnightRank[k]))
        t.knight[sq] |= bit(make_square(f + kKnightFile[k], r + kKnightRank[k]));
    }
    for (int d = 0; d < kDirections; ++d) {
      if (on_board(f + kDirFile[d], r + kDirRank[d]))
        t.king[sq] |= bit(make_square(f + kDirFile[d], r + kDirRank[d]));
      for (int step = 1; on_board(f + step * kDirFile[d], r + step * kDirRank[d]); ++step)
        t.ray[sq][d] |= bit(make_square(f + step * kDirFile[d], r + step * kDirRank[d]));
    }
  }
  for (int a = 0; a < kSquares; ++a) {
    for (int b = 0; b < kSquares; ++b) t.between[a][b] = kNotOnLine;
    for (int d = 0; d < kDirections; ++d) {
      Bitboard passed = 0;
      for (int step = 1; on_board(file_of(a) + step * kDirFile[d], rank_of(a) + step * kDirRank[d]);
           ++step) {
        const int b = make_square(file_of(a) + step * kDirFile[d], rank_of(a) + step * kDirRank[d]);
        t.between[a][b] = passed;
        passed |= bit(b);
      }
    }
  }
  return t;
}

inline constexpr BoardTables kBoard = build_board_tables();

// A ball on `from` can be thrown straight to `to`: they share a line and no piece of
// `occupied` (which holds the piece on `from`) stands between them.
inline bool line_clear(int from, int to, Bitboard occupied) {
  return (kBoard.between[from][to] & occupied) == 0;
}

// The direction index of the straight line from `from` to `to`, or -1 if there is none.
constexpr int line_direction(int from, int to) {
  for (int d = 0; d < kDirections; ++d) {
    if (kBoard.ray[from][d] & bit(to)) return d;
  }
  return -1;
}

constexpr bool is_knight_jump(int from, int to) {
  return (kBoard.knight[from] & bit(to)) != 0;
}

}  // namespace triad::games::razzle
