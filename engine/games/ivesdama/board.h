// Íves dáma board geometry as plain data: points on a grid, straight links, arcs, start
// points, base points and the first player. The YAML loader (adapters/ivesdama/) fills a
// Board; check_board() validates it; the Game precomputes its move tables from it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/types.h"

namespace triad::games::ivesdama {

inline constexpr int kMaxPoints = 32;  // positions are 32-bit sets of points
inline constexpr int kMaxLinks = 128;  // straight links + arcs (bounds the move list)

// A grid step, reduced so that gcd(|dx|, |dy|) == 1 (e.g. (1, 1) = towards the next file and
// the next rank). Every link leaves each of its ends in one direction.
struct Direction {
  int dx = 0;
  int dy = 0;
  bool operator==(const Direction&) const = default;
  Direction reversed() const { return {-dx, -dy}; }
};

struct BoardPoint {
  std::string name;  // grid cell: file letter(s) + rank number, e.g. "c5"
  int file = 0;      // 0-based file index (a = 0)
  int rank = 1;      // rank number as written (1-based)
  double x = 0;      // drawing coordinates (y up); default: file, rank - 1
  double y = 0;
};

// A straight link; its direction follows from the grid cells of its ends.
struct BoardLink {
  int a = 0;
  int b = 0;
};

// An arc: one link between two distant points. It leaves `a` in direction leave_a and `b` in
// direction leave_b; a piece arriving through it at `b` moves on in leave_b.reversed().
struct BoardArc {
  int a = 0;
  int b = 0;
  Direction leave_a;
  Direction leave_b;
  std::string side;  // drawing hint: "left", "right", "top" or "bottom"
};

struct Board {
  std::string name;
  std::vector<BoardPoint> points;  // index = position in the board file (canonical order)
  std::vector<BoardLink> links;
  std::vector<BoardArc> arcs;
  std::array<std::uint32_t, 2> start{};  // start points per player (bit = point index)
  std::array<std::uint32_t, 2> base{};   // base points per player; the opponent's goals
  engine::Player first = engine::Player::kOne;
};

// The reduced direction from one grid cell to another ((0, 0) if they are the same cell).
Direction direction_between(const BoardPoint& from, const BoardPoint& to);

// Which part of the board an issue is about; `item` indexes points/links/arcs, or is the
// player index (0 or 1) for kStart/kBase, or -1 for the board as a whole.
enum class BoardPart : std::uint8_t { kBoard, kPoint, kLink, kArc, kStart, kBase };

struct BoardIssue {
  BoardPart part = BoardPart::kBoard;
  int item = -1;
  std::string reason;
};

// Every problem that makes a board unusable (empty = valid): point count and names,
// duplicate cells, links to unknown/same points, duplicate links, two links leaving a point
// in the same direction, bad arc directions, start/base point sets.
std::vector<BoardIssue> check_board(const Board& board);

}  // namespace triad::games::ivesdama
