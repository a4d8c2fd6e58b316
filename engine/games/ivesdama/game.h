// Íves dáma game core: positions as two 32-bit point sets, moves (steps and maximal capture
// sequences, one per start/end/captured set), copy-make with an incremental Zobrist key, and
// the end-of-game rules. The board's geometry (its move tables) is precomputed from a
// validated Board.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/move_list.h"
#include "engine/core/result.h"
#include "engine/core/types.h"
#include "engine/games/ivesdama/board.h"

namespace triad::games::ivesdama {

using engine::Player;
class EndgameTable;

struct Rules {
  bool arc_capture = false;  // jumps may run through an arc
  bool forward = false;      // steps may not go backwards (captures may)
};

struct Position {
  std::array<std::uint32_t, 2> pieces{};  // per player, bit i = point index i
  std::uint64_t hash = 0;                 // Zobrist key of pieces + side to move
  std::int32_t ply = 0;
  Player side_to_move = Player::kOne;
  bool operator==(const Position&) const = default;
};

// A step (captured == 0) or a whole capture sequence. Sequences with the same start, end and
// captured set are one move; Game::capture_paths() recovers the landing points.
struct Move {
  std::uint32_t captured = 0;
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  bool operator==(const Move&) const = default;
  bool is_capture() const { return captured != 0; }
};

// One complete capture sequence: the start point then every landing point.
struct CapturePath {
  std::vector<int> points;
  std::uint32_t captured = 0;
};

// The board's geometry: the move tables derived from a Board and Rules (shared by copies of
// a Game). Not to be confused with the endgame tables (endgame.h, adapters/tables/).
struct Geometry {
  struct Jump {
    std::uint8_t over;
    std::uint8_t land;
  };
  int num_points = 0;
  std::uint32_t all = 0;
  std::array<std::array<std::uint32_t, kMaxPoints>, 2> steps{};  // step targets per player
  std::array<std::uint32_t, kMaxPoints> links{};                 // every neighbour (arcs too)
  std::array<std::uint32_t, kMaxPoints> jump_over{};             // union of jumpable points
  std::array<std::uint16_t, kMaxPoints + 1> jump_begin{};        // jumps of point p:
  std::array<Jump, 2 * kMaxLinks> jumps{};                       // [jump_begin[p], [p+1])
  std::array<std::uint32_t, 2> goal{};                           // opponent's base points
  std::array<std::uint32_t, 2> goal_approach{};                  // points next to a goal
  std::uint32_t arc_ends = 0;                                    // points an arc leaves from
  std::array<std::array<std::uint8_t, kMaxPoints>, 2> goal_distance{};  // steps to a goal
  std::array<std::array<std::uint64_t, kMaxPoints>, 2> zobrist{};
  std::uint64_t zobrist_side = 0;
};

class Game {
 public:
  using Position = ivesdama::Position;
  using Move = ivesdama::Move;
  // Steps are bounded by the directed links (2 * kMaxLinks); capture sequences beyond the
  // capacity (only conceivable on huge artificial boards) are not listed.
  using MoveList = engine::FixedList<Move, 2 * kMaxLinks>;
  static constexpr std::string_view kName = "ivesdama";

  // The board must be valid; the error lists check_board()'s issues otherwise.
  static Result<Game> create(const Rules& rules, Board board);

  const Rules& rules() const { return rules_; }
  const Board& board() const { return *board_; }
  const Geometry& geometry() const { return *geometry_; }

  Position start_position() const;
  // A position with these pieces (bits must be disjoint points of the board).
  Position make_position(std::uint32_t p1, std::uint32_t p2, Player stm, int ply) const;

  void generate(const Position& pos, engine::History history, MoveList& moves) const;
  std::uint64_t count_moves(const Position& pos, engine::History history) const;
  Position make(const Position& pos, const Move& m) const;
  std::uint64_t hash(const Position& pos) const { return pos.hash; }
  std::uint64_t history_key(const Position& pos) const { return pos.hash; }
  Player side_to_move(const Position& pos) const { return pos.side_to_move; }
  int ply(const Position& pos) const { return pos.ply; }
  engine::Outcome terminal(const Position& pos) const;
  engine::Outcome no_moves_outcome(const Position& pos) const;
  // A move no later move can undo (engine::MarksIrreversible): a capture (stones never come
  // back), and under the forward rule a step to another rank.
  bool irreversible(const Position&, const Move& m) const {
    return m.is_capture() ||
           (rules_.forward && board_->points[m.from].rank != board_->points[m.to].rank);
  }
  int evaluate(const Position& pos) const;
  std::vector<engine::EvalTerm> eval_terms(const Position& pos) const;

  // Every complete capture sequence of the side to move's piece on `from` (one per path,
  // so equal moves may appear several times), in the order the generator explores them.
  std::vector<CapturePath> capture_paths(const Position& pos, int from) const;
  // The Zobrist key computed from scratch (for tests of the incremental key).
  std::uint64_t compute_hash(const Position& pos) const;
  // The endgame table of this board and rules (endgame.h): built on the first call (about
  // 0.1 s on the default board), then shared by every copy of this Game; thread-safe.
  const EndgameTable& endgame() const;

 private:
  struct EndgameSlot;  // endgame.h
  Game(const Rules& rules, std::shared_ptr<const Board> board,
       std::shared_ptr<const Geometry> geometry, std::shared_ptr<EndgameSlot> endgame)
      : rules_(rules),
        board_(std::move(board)),
        geometry_(std::move(geometry)),
        endgame_(std::move(endgame)) {}

  // A capture sequence in progress: the start point then the landing points so far.
  struct Walk {
    std::array<std::uint8_t, kMaxPoints + 1> points;
    int length = 0;
    std::uint32_t captured = 0;
  };
  bool has_capture(std::uint32_t own, std::uint32_t opp) const;
  // Depth-first search of every complete capture sequence continuing `walk`; calls
  // on_end(walk) for each (defined in game.cpp, its only user).
  template <class OnEnd>
  void walk_captures(Walk& walk, std::uint32_t opp, std::uint32_t empty, OnEnd& on_end) const;

  Rules rules_;
  std::shared_ptr<const Board> board_;
  std::shared_ptr<const Geometry> geometry_;
  std::shared_ptr<EndgameSlot> endgame_;
};

static_assert(engine::Game<Game>);
static_assert(engine::CountsMoves<Game>);
static_assert(engine::MarksIrreversible<Game>);

}  // namespace triad::games::ivesdama
