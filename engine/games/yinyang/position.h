// Yin Yang position value type (two bitboards, side to move, ply, incremental Zobrist hash),
// the Zobrist keys, and the score of a position (the public scoring helper).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/core/hash.h"
#include "engine/core/types.h"
#include "engine/games/yinyang/bitboard.h"

namespace triad::games::yinyang {

enum class Stone : std::uint8_t { kLight = 0, kDark = 1 };

constexpr Stone opposite(Stone s) {
  return s == Stone::kLight ? Stone::kDark : Stone::kLight;
}

// A small value type: copy-make. `hash` always equals compute_hash() of the other fields.
struct Position {
  Bitboard light = 0;  // squares holding a light stone
  Bitboard dark = 0;   // squares holding a dark stone (disjoint from `light`)
  std::uint64_t hash = 0;
  std::int32_t ply = 0;  // turns played since the game's start
  engine::Player side_to_move = engine::Player::kOne;

  constexpr Bitboard occupied() const { return light | dark; }
  constexpr Bitboard empty() const { return kAllSquares & ~occupied(); }
  bool operator==(const Position&) const = default;
};

namespace detail {
struct ZobristKeys {
  std::array<std::array<std::uint64_t, kSquares>, 2> stone{};  // [Stone][square]
  std::uint64_t player_two = 0;                                // xor-ed in when Player 2 moves
};

constexpr ZobristKeys make_zobrist_keys() {
  ZobristKeys keys;
  std::uint64_t state = 0x59696E59616E6721ull;  // "YinYang!"
  for (auto& colour : keys.stone)
    for (auto& key : colour) key = engine::splitmix64(state);
  keys.player_two = engine::splitmix64(state);
  return keys;
}
}  // namespace detail

inline constexpr detail::ZobristKeys kZobrist = detail::make_zobrist_keys();

// The hash from scratch (the incremental one in make() must always agree with it).
constexpr std::uint64_t compute_hash(const Position& pos) {
  std::uint64_t h = pos.side_to_move == engine::Player::kTwo ? kZobrist.player_two : 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    if (pos.light & bit(sq)) h ^= kZobrist.stone[0][sq];
    if (pos.dark & bit(sq)) h ^= kZobrist.stone[1][sq];
  }
  return h;
}

// A position from its fields, with the hash computed (for parsers, tests and set-ups).
constexpr Position make_position(Bitboard light, Bitboard dark, engine::Player side_to_move,
                                 std::int32_t ply) {
  Position pos{light, dark, 0, ply, side_to_move};
  pos.hash = compute_hash(pos);
  return pos;
}

// The score of a position: Player 1 gets a point for every stone on a square of its own
// colour, Player 2 for every other stone. Of a finished game this is the final score.
struct ScorePair {
  int p1 = 0;
  int p2 = 0;
  bool operator==(const ScorePair&) const = default;
};

constexpr ScorePair score(const Position& pos) {
  const int matched = std::popcount((pos.light & kLightSquares) | (pos.dark & kDarkSquares));
  return {matched, std::popcount(pos.occupied()) - matched};
}

// Who wins with this score: the higher score, a tie goes to Player 2.
constexpr engine::Player score_winner(const ScorePair& s) {
  return s.p1 > s.p2 ? engine::Player::kOne : engine::Player::kTwo;
}

}  // namespace triad::games::yinyang
