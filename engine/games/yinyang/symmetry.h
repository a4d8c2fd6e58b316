// The symmetries of Yin Yang: the 8 symmetries of the square board, each combined with
// swapping the stone colours when it maps dark squares onto light ones (the mirror images
// and the quarter turns on a 6 x 6 board). The rules only ask whether two stones have the
// same colour and whether a stone matches its square, so a transformed position has the
// transformed moves and the same value. The start position is fixed by all 8, so its 8
// first moves are one move up to symmetry.
#pragma once

#include <algorithm>
#include <array>
#include <optional>

#include "engine/games/yinyang/game.h"
#include "engine/games/yinyang/prover.h"

namespace triad::games::yinyang {

inline constexpr int kSymmetries = 8;

// Where symmetry `s` (0 = identity) sends square `sq`: bit 0 mirrors the files, bit 1 the
// ranks, bit 2 swaps files and ranks (applied in that order).
constexpr int transform_square(int sq, int s) {
  int f = file_of(sq), r = rank_of(sq);
  if (s & 1) f = kFiles - 1 - f;
  if (s & 2) r = kRanks - 1 - r;
  if (s & 4) std::swap(f, r);
  return make_square(f, r);
}

// Whether symmetry `s` maps each square onto one of the other colour (one mirror, alone or
// with the swap: a1 goes to f1 or a6; both mirrors keep a1 dark at f6).
constexpr bool swaps_square_colours(int s) {
  return ((s & 1) != 0) != ((s & 2) != 0);
}

constexpr Position transformed(const Position& pos, int s) {
  Bitboard light = 0, dark = 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    if (pos.light & bit(sq)) light |= bit(transform_square(sq, s));
    if (pos.dark & bit(sq)) dark |= bit(transform_square(sq, s));
  }
  if (swaps_square_colours(s)) std::swap(light, dark);
  return make_position(light, dark, pos.side_to_move, pos.ply);
}

// The symmetry that undoes `s`: `s` itself, except the two quarter turns (5 and 6), each
// the other's inverse.
constexpr int inverse_symmetry(int s) {
  return s == 5 ? 6 : s == 6 ? 5 : s;
}

constexpr Move transformed(const Move& m, int s) {
  return Move{static_cast<Square>(transform_square(m.from, s)),
              static_cast<Square>(transform_square(m.to, s))};
}

// The proof `store` holds of `pos` or of one of its mirror images, carried over to `pos`
// (its position and move mapped back).
inline std::optional<ProvedPosition> find_any_image(const ProofLookup& store, const Position& pos) {
  for (int s = 0; s < kSymmetries; ++s) {
    auto proof = store.find(transformed(pos, s));
    if (!proof) continue;
    proof->pos = pos;
    if (proof->best) proof->best = transformed(*proof->best, inverse_symmetry(s));
    return proof;
  }
  return std::nullopt;
}

// The same key for every position of a symmetry class: the smallest StonesKey among the 8
// images (compared as (light, dark)).
inline StonesKey canonical_key(const Position& pos) {
  StonesKey best = StonesKey::of(pos);
  for (int s = 1; s < kSymmetries; ++s) {
    const StonesKey k = StonesKey::of(transformed(pos, s));
    if (k.light < best.light || (k.light == best.light && k.dark < best.dark)) best = k;
  }
  return best;
}

}  // namespace triad::games::yinyang
