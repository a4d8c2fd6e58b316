// Sets of points as combinations: binomial coefficients, the colex rank of a point set and
// its inverse, and spreading a packed set over the points of a mask. The one index scheme of
// the endgame tables (slice.h) numbers the positions of one material with them.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/games/ivesdama/board.h"

namespace triad::games::ivesdama {

namespace detail {
using Binomials = std::array<std::array<std::uint32_t, kMaxPoints + 1>, kMaxPoints + 1>;
constexpr Binomials make_binomials() {
  Binomials c{};
  for (int n = 0; n <= kMaxPoints; ++n) {
    c[n][0] = 1;
    for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
  }
  return c;
}
inline constexpr Binomials kBinomial = make_binomials();
}  // namespace detail

// n choose k (0 outside 0 <= k <= n <= kMaxPoints).
inline std::uint32_t choose(int n, int k) {
  return k < 0 || k > n || n > kMaxPoints
             ? 0
             : detail::kBinomial[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

// Position of `set` among the sets of its size in increasing numeric (= colex) order.
inline std::uint32_t colex_rank(std::uint32_t set) {
  std::uint32_t rank = 0;
  int i = 1;
  for (std::uint32_t b = set; b; b &= b - 1, ++i) rank += choose(std::countr_zero(b), i);
  return rank;
}

// The set of `k` points (bits below `n`) whose colex rank is `rank` (the inverse of colex_rank).
inline std::uint32_t colex_unrank(std::uint32_t rank, int k, int n) {
  std::uint32_t set = 0;
  for (int i = k; i >= 1; --i) {
    int c = n - 1;  // the largest c with choose(c, i) <= rank
    while (choose(c, i) > rank) --c;
    set |= 1u << c;
    rank -= choose(c, i);
    n = c;
  }
  return set;
}

// The low bits of `packed` spread over the points of `mask` (software pdep).
inline std::uint32_t deposit(std::uint32_t packed, std::uint32_t mask) {
  std::uint32_t out = 0;
  for (std::uint32_t m = mask; m && packed; m &= m - 1, packed >>= 1)
    if (packed & 1) out |= m & -m;
  return out;
}

}  // namespace triad::games::ivesdama
