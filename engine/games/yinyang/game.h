// The Yin Yang game core: bitboard-parallel move generation (neighbour counts and
// exact-distance slides for the whole board at once), copy-make with an incremental Zobrist
// hash, bulk move counting for perft, and the score-based game end. No text I/O here.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/move_list.h"
#include "engine/core/types.h"
#include "engine/games/yinyang/bitboard.h"
#include "engine/games/yinyang/eval.h"
#include "engine/games/yinyang/position.h"

namespace triad::games::yinyang {

// A move slides the stone on `from` to `to`; a stone of the other colour appears on `from`.
struct Move {
  Square from = 0;
  Square to = 0;
  bool operator==(const Move&) const = default;
};

// Every legal move targets an empty square, and a target can be reached along each of its 4
// lines only by the nearest stone on that line; so a position with s stones and e empty
// squares has at most 4 * min(s, e) <= 4 * 18 moves.
inline constexpr std::size_t kMaxMoves = 72;
using MoveList = engine::FixedList<Move, kMaxMoves>;

// The four slide directions, in the order generate() lists a stone's moves (so a stone's
// targets come out in ascending token order: west, south, north, east).
enum class Direction : std::uint8_t { kWest, kSouth, kNorth, kEast };
inline constexpr std::array<int, 4> kDirectionDelta = {-1, -kFiles, kFiles, 1};

// What can move: per direction the stones that can slide that way, and per stone its slide
// distance (its same-colour neighbour count).
struct Mobility {
  std::array<Bitboard, 4> movers{};
  CountPlanes distance;
};

// The longest slide that can ever be legal. A 5-square slide must start at the end of a
// 6-square line, i.e. on the board edge, where a stone has at most 5 neighbours and one of
// them is the first square of its path (which must be empty): so it has at most 4 same-colour
// neighbours, never 5. (The reference-generator tests check this on random boards.)
inline constexpr int kMaxSlide = 4;

namespace detail {
// The stones (of `by_distance[k]`, those that slide exactly k) whose next k squares in
// direction (kDf, kDr) are on the board and empty. run_k = squares whose next k squares that
// way are empty = back(empty & run_{k-1}), run_0 = everything.
template <int kDf, int kDr>
constexpr Bitboard slide_sources(Bitboard empty,
                                 const std::array<Bitboard, kMaxSlide + 1>& by_distance) {
  Bitboard run = shift<-kDf, -kDr>(empty);
  Bitboard movers = by_distance[1] & run;
  for (int k = 2; k <= kMaxSlide; ++k) {
    run = shift<-kDf, -kDr>(empty & run);
    movers |= by_distance[k] & run;
  }
  return movers;
}
}  // namespace detail

constexpr Mobility mobility(const Position& pos) {
  const CountPlanes cl = neighbour_counts(pos.light);
  const CountPlanes cd = neighbour_counts(pos.dark);
  // Each stone keeps the count of its own colour (the planes are zero on empty squares).
  const CountPlanes c{
      (cl.b0 & pos.light) | (cd.b0 & pos.dark), (cl.b1 & pos.light) | (cd.b1 & pos.dark),
      (cl.b2 & pos.light) | (cd.b2 & pos.dark), (cl.b3 & pos.light) | (cd.b3 & pos.dark)};
  const std::array<Bitboard, kMaxSlide + 1> by_distance = {
      0, count_equals<1>(c), count_equals<2>(c), count_equals<3>(c), count_equals<4>(c)};
  const Bitboard empty = pos.empty();
  Mobility m;
  m.movers[static_cast<int>(Direction::kWest)] = detail::slide_sources<-1, 0>(empty, by_distance);
  m.movers[static_cast<int>(Direction::kSouth)] = detail::slide_sources<0, -1>(empty, by_distance);
  m.movers[static_cast<int>(Direction::kNorth)] = detail::slide_sources<0, 1>(empty, by_distance);
  m.movers[static_cast<int>(Direction::kEast)] = detail::slide_sources<1, 0>(empty, by_distance);
  m.distance = c;
  return m;
}

class Game {
 public:
  using Position = yinyang::Position;
  using Move = yinyang::Move;
  using MoveList = yinyang::MoveList;

  static constexpr std::string_view kName = "yinyang";

  // Yin Yang has no rule options; the struct exists so every game is built the same way.
  struct Rules {};

  explicit Game(Rules rules = {}) : rules_(rules) {}
  const Rules& rules() const { return rules_; }

  // Dark stones on c4 and d3, light stones on c3 and d4; Player 1 to move.
  static constexpr Position start_position() {
    return make_position(bit(make_square(2, 2)) | bit(make_square(3, 3)),
                         bit(make_square(2, 3)) | bit(make_square(3, 2)), engine::Player::kOne, 0);
  }

  // Moves in ascending from-square order (a1, b1, ..., f6), each stone's in Direction order.
  void generate(const Position& pos, engine::History /*history*/, MoveList& moves) const {
    list_moves(mobility(pos), moves);
  }

  // The moves of a position whose mobility() is already known (the solver reuses it), in
  // generate() order.
  static void list_moves(const Mobility& m, MoveList& moves) {
    moves.clear();
    Bitboard any = m.movers[0] | m.movers[1] | m.movers[2] | m.movers[3];
    while (any) {
      const int from = std::countr_zero(any);
      any &= any - 1;
      const int distance =
          static_cast<int>(((m.distance.b0 >> from) & 1) | (((m.distance.b1 >> from) & 1) << 1) |
                           (((m.distance.b2 >> from) & 1) << 2));
      for (int d = 0; d < 4; ++d)
        if ((m.movers[d] >> from) & 1)
          moves.push_back({static_cast<Square>(from),
                           static_cast<Square>(from + distance * kDirectionDelta[d])});
    }
  }

  // Bulk count for perft: the movers of the four directions, counted without a move list.
  std::uint64_t count_moves(const Position& pos, engine::History /*history*/) const {
    return static_cast<std::uint64_t>(move_count(mobility(pos)));
  }
  static int move_count(const Mobility& m) {
    return popcount_sum(m.movers[0], m.movers[1], m.movers[2], m.movers[3]);
  }

  // `m` must be legal in `pos`.
  Position make(const Position& pos, const Move& m) const {
    Position next = pos;
    const Bitboard from = bit(m.from), to = bit(m.to);
    const Stone mover = (pos.light & from) ? Stone::kLight : Stone::kDark;
    Bitboard& own = mover == Stone::kLight ? next.light : next.dark;
    Bitboard& other = mover == Stone::kLight ? next.dark : next.light;
    own ^= from | to;
    other |= from;
    const auto& keys = kZobrist.stone;
    next.hash ^= keys[static_cast<int>(mover)][m.from] ^ keys[static_cast<int>(mover)][m.to] ^
                 keys[static_cast<int>(opposite(mover))][m.from] ^ kZobrist.player_two;
    next.side_to_move = engine::other(pos.side_to_move);
    next.ply = engine::next_ply(next.ply);
    return next;
  }

  std::uint64_t hash(const Position& pos) const { return pos.hash; }
  // No Yin Yang rule looks at earlier positions (and none can repeat: every move adds a stone).
  std::uint64_t history_key(const Position& pos) const { return pos.hash; }
  engine::Player side_to_move(const Position& pos) const { return pos.side_to_move; }
  int ply(const Position& pos) const { return pos.ply; }

  // The game only ends when the side to move has no move (see no_moves_outcome).
  engine::Outcome terminal(const Position& /*pos*/) const { return engine::Outcome::ongoing(); }

  // The final score decides; a tie is a win for Player 2.
  engine::Outcome no_moves_outcome(const Position& pos) const {
    return engine::Outcome::win_for(score_winner(score(pos)), engine::Reason::kScore);
  }

  int evaluate(const Position& pos) const { return yinyang::evaluate(pos); }
  std::vector<engine::EvalTerm> eval_terms(const Position& pos) const {
    return yinyang::eval_terms(pos);
  }

 private:
  Rules rules_;
};

static_assert(engine::Game<Game>);
static_assert(engine::CountsMoves<Game>);

}  // namespace triad::games::yinyang
