// Validation of an Íves dáma Board description (see board.h).
#include "engine/games/ivesdama/board.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <numeric>
#include <string>

namespace triad::games::ivesdama {

namespace {

constexpr const char* kCompass[3][3] = {
    // [dy + 1][dx + 1]
    {"southwest", "south", "southeast"},
    {"west", "", "east"},
    {"northwest", "north", "northeast"},
};

std::string direction_name(Direction d) {
  if (std::abs(d.dx) <= 1 && std::abs(d.dy) <= 1 && (d.dx != 0 || d.dy != 0))
    return kCompass[d.dy + 1][d.dx + 1];
  std::string out = "(";
  out += std::to_string(d.dx);
  out += ", ";
  out += std::to_string(d.dy);
  out += ')';
  return out;
}

std::string cell_name(int file, int rank) {
  return std::string(1, static_cast<char>('a' + file)) + std::to_string(rank);
}

std::string player_name(int p) {
  return "Player " + std::to_string(p + 1);
}

// One end of a link or arc: the point it leaves, the direction, and where it comes from.
struct Exit {
  Direction dir;
  int target = 0;
  BoardPart part = BoardPart::kLink;
  int item = 0;
};

void check_points(const Board& board, std::vector<BoardIssue>& issues) {
  const int n = static_cast<int>(board.points.size());
  if (n == 0) issues.push_back({BoardPart::kBoard, -1, "the board has no points"});
  if (n > kMaxPoints)
    issues.push_back({BoardPart::kBoard, -1,
                      "the board has " + std::to_string(n) + " points; at most " +
                          std::to_string(kMaxPoints) + " are supported"});
  for (int i = 0; i < n; ++i) {
    const BoardPoint& p = board.points[static_cast<std::size_t>(i)];
    if (p.file < 0 || p.file > 25 || p.rank < 1 || p.rank > 99 ||
        p.name != cell_name(p.file, p.rank)) {
      issues.push_back({BoardPart::kPoint, i,
                        "point '" + p.name +
                            "' is not a grid cell name (one letter a-z for the file, then "
                            "the rank 1-99, e.g. c5)"});
      continue;
    }
    for (int j = 0; j < i; ++j) {
      if (board.points[static_cast<std::size_t>(j)].name == p.name)
        issues.push_back({BoardPart::kPoint, i, "point " + p.name + " is listed twice"});
    }
  }
}

// Links and arcs: ends valid, no duplicates, at most one exit per direction at each point.
void check_links(const Board& board, std::vector<BoardIssue>& issues) {
  const int n = static_cast<int>(board.points.size());
  const auto total = board.links.size() + board.arcs.size();
  if (total > static_cast<std::size_t>(kMaxLinks))
    issues.push_back({BoardPart::kBoard, -1,
                      "the board has " + std::to_string(total) + " links and arcs; at most " +
                          std::to_string(kMaxLinks) + " are supported"});
  auto valid = [n](int i) { return i >= 0 && i < n; };
  std::vector<std::vector<Exit>> exits(static_cast<std::size_t>(std::max(n, 0)));
  std::vector<std::pair<int, int>> pairs;
  auto name = [&board](int i) { return board.points[static_cast<std::size_t>(i)].name; };

  auto add = [&](BoardPart part, int item, int a, int b, Direction leave_a, Direction leave_b) {
    const char* what = part == BoardPart::kArc ? "arc" : "link";
    if (!valid(a) || !valid(b)) {
      issues.push_back({part, item, std::string(what) + " refers to a point index out of range"});
      return;
    }
    if (a == b) {
      issues.push_back({part, item, std::string(what) + " joins " + name(a) + " to itself"});
      return;
    }
    for (const auto& [x, y] : pairs) {
      if ((x == a && y == b) || (x == b && y == a)) {
        issues.push_back(
            {part, item, name(a) + " and " + name(b) + " are joined twice (a link or arc)"});
        return;
      }
    }
    pairs.emplace_back(a, b);
    const Exit ends[2] = {{leave_a, b, part, item}, {leave_b, a, part, item}};
    for (int end = 0; end < 2; ++end) {
      const int from = end == 0 ? a : b;
      const Direction dir = ends[end].dir;
      const int to = ends[end].target;
      if (std::gcd(dir.dx, dir.dy) != 1) {
        issues.push_back({part, item,
                          "the direction leaving " + name(from) + " must be a reduced grid step, " +
                              "got " + direction_name(dir)});
        continue;
      }
      for (const Exit& e : exits[static_cast<std::size_t>(from)]) {
        if (e.dir == dir)
          issues.push_back({part, item,
                            name(from) + " already has a link leaving towards " +
                                direction_name(dir) + " (to " + name(e.target) +
                                "); a point can have only one link per direction"});
      }
      exits[static_cast<std::size_t>(from)].push_back({dir, to, part, item});
    }
  };
  for (std::size_t i = 0; i < board.links.size(); ++i) {
    const BoardLink& l = board.links[i];
    const int item = static_cast<int>(i);
    if (!valid(l.a) || !valid(l.b)) {
      add(BoardPart::kLink, item, l.a, l.b, {}, {});
      continue;
    }
    const Direction d = direction_between(board.points[static_cast<std::size_t>(l.a)],
                                          board.points[static_cast<std::size_t>(l.b)]);
    add(BoardPart::kLink, item, l.a, l.b, d, d.reversed());
  }
  for (std::size_t i = 0; i < board.arcs.size(); ++i) {
    const BoardArc& arc = board.arcs[i];
    add(BoardPart::kArc, static_cast<int>(i), arc.a, arc.b, arc.leave_a, arc.leave_b);
  }
}

void check_players(const Board& board, std::vector<BoardIssue>& issues) {
  const int n = std::min(static_cast<int>(board.points.size()), kMaxPoints);
  const std::uint32_t all = n >= 32 ? ~0u : (1u << n) - 1;
  for (int p = 0; p < 2; ++p) {
    const auto pi = static_cast<std::size_t>(p);
    if (board.start[pi] == 0)
      issues.push_back({BoardPart::kStart, p, player_name(p) + " has no start point"});
    if (board.start[pi] & ~all)
      issues.push_back({BoardPart::kStart, p, "a start point index is out of range"});
    if (board.base[pi] == 0)
      issues.push_back({BoardPart::kBase, p, player_name(p) + " has no base point"});
    if (board.base[pi] & ~all)
      issues.push_back({BoardPart::kBase, p, "a base point index is out of range"});
    if (board.start[pi] & board.base[1 - pi])
      issues.push_back({BoardPart::kStart, p,
                        player_name(p) + " starts on a base point of " + player_name(1 - p) +
                            " (that would be a won game)"});
  }
  if (board.start[0] & board.start[1])
    issues.push_back({BoardPart::kStart, 1, "a point is a start point of both players"});
  if (board.base[0] & board.base[1])
    issues.push_back({BoardPart::kBase, 1, "a point is a base point of both players"});
  const int c0 = std::popcount(board.start[0]);
  const int c1 = std::popcount(board.start[1]);
  if (c0 != c1)
    issues.push_back({BoardPart::kStart, 1,
                      "Player 1 has " + std::to_string(c0) + " start points and Player 2 has " +
                          std::to_string(c1) + "; both players need the same number"});
}

}  // namespace

Direction direction_between(const BoardPoint& from, const BoardPoint& to) {
  const int dx = to.file - from.file;
  const int dy = to.rank - from.rank;
  const int g = std::gcd(dx, dy);
  if (g == 0) return {};
  return {dx / g, dy / g};
}

std::vector<BoardIssue> check_board(const Board& board) {
  std::vector<BoardIssue> issues;
  check_points(board, issues);
  check_links(board, issues);
  check_players(board, issues);
  return issues;
}

}  // namespace triad::games::ivesdama
