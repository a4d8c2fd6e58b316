// Razzle Dazzle position and move value types. A Position is a small copy-made value with
// its Zobrist keys kept incrementally by Game::make(); a Move is either a knight move or
// the canonical pass chain of a passing turn.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>

#include "engine/core/types.h"
#include "engine/games/razzle/board.h"

namespace triad::games::razzle {

using engine::Player;

// Longest pass chain: the holder plus every other own piece once (5 pieces per side).
inline constexpr int kPiecesPerSide = 5;
inline constexpr int kMaxChain = kPiecesPerSide;

// One turn. Knight move: squares[0] -> squares[1]. Passing turn: the holder, then each
// receiver in order (length 2..kMaxChain). Unused squares stay 0 so that equal turns
// compare equal.
struct Move {
  std::array<std::uint8_t, kMaxChain> squares{};
  std::uint8_t length = 0;
  bool knight = false;

  int from() const { return squares[0]; }
  int to() const { return squares[length - 1]; }  // knight target or final receiver
  // The pieces that threw the ball in a passing turn (all but the final receiver).
  Bitboard throwers() const {
    Bitboard b = 0;
    for (int i = 0; i + 1 < length; ++i) b |= bit(squares[i]);
    return b;
  }
  // Every field, compared as two overlapping 4-byte words (bytes 0-3 and 3-6): the search
  // compares moves with its killers at every node, and the defaulted comparison calls memcmp.
  bool operator==(const Move& o) const {
    return word(0) == o.word(0) && word(kWordTail) == o.word(kWordTail);
  }

  static Move knight_move(int from, int to) {
    Move m;
    m.set_knight_move(from, to);
    return m;
  }
  // Makes this move the knight move from -> to, in place (the move generator writes straight
  // into its list: copying a Move just built byte by byte stalls on store forwarding).
  void set_knight_move(int from, int to) {
    *this = Move{};
    squares[0] = static_cast<std::uint8_t>(from);
    squares[1] = static_cast<std::uint8_t>(to);
    length = 2;
    knight = true;
  }

 private:
  static constexpr int kWordTail = kMaxChain + 2 - 4;
  std::uint32_t word(int offset) const {
    std::uint32_t v;
    std::memcpy(&v, reinterpret_cast<const unsigned char*>(this) + offset, sizeof v);
    return v;
  }
};
static_assert(sizeof(Move) == kMaxChain + 2 && std::has_unique_object_representations_v<Move>,
              "Move::operator== compares the bytes of a Move");

struct KnightStep {
  int from;
  int to;
  bool operator==(const KnightStep&) const = default;
};

// Everything a position line says, before the keys are computed (see Game::make_position).
struct PositionSetup {
  std::array<Bitboard, 2> pieces{};  // every piece of each side, ball holder included
  std::array<int, 2> ball{};         // square of each side's ball holder
  Bitboard ineligible = 0;           // pieces of either side that may not receive a pass
  std::array<std::optional<KnightStep>, 2> last{};  // each side's last turn, if a knight move
  Player side_to_move = Player::kOne;
  int ply = 0;
};

class Position {
 public:
  Bitboard pieces(Player p) const { return pieces_[engine::index(p)]; }
  Bitboard occupied() const { return pieces_[0] | pieces_[1]; }
  int ball(Player p) const { return ball_[engine::index(p)]; }
  Bitboard ineligible() const { return ineligible_; }
  std::optional<KnightStep> last_knight_move(Player p) const {
    const int i = engine::index(p);
    if (last_from_[i] == kNoSquare) return std::nullopt;
    return KnightStep{last_from_[i], last_to_[i]};
  }
  Player side_to_move() const { return side_to_move_; }
  int ply() const { return ply_; }
  std::uint64_t hash() const { return hash_; }            // full state (see Game::hash)
  std::uint64_t board_key() const { return board_key_; }  // pieces and balls only

  bool operator==(const Position&) const = default;

 private:
  friend class Game;

  std::array<Bitboard, 2> pieces_{};
  Bitboard ineligible_ = 0;
  std::uint64_t board_key_ = 0;
  std::uint64_t hash_ = 0;
  std::array<std::uint8_t, 2> ball_{};
  std::array<std::uint8_t, 2> last_from_{kNoSquare, kNoSquare};
  std::array<std::uint8_t, 2> last_to_{kNoSquare, kNoSquare};
  Player side_to_move_ = Player::kOne;
  std::int32_t ply_ = 0;
};

}  // namespace triad::games::razzle
