// Íves dáma board pictures: the text board (points on the grid, lines between neighbouring
// points, arcs drawn in the margins) and the one-line JSON geometry for GUIs.
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <string>
#include <vector>

#include "adapters/common/json_writer.h"
#include "adapters/ivesdama/notation.h"

namespace triad::adapters {

namespace {

namespace ives = games::ivesdama;

constexpr int kLabelWidth = 3;  // "NN " rank label
constexpr int kCellWidth = 4;   // columns between neighbouring files
constexpr int kArcGap = 2;      // columns per arc in a margin

// A character grid that only draws over blanks unless told otherwise.
class Canvas {
 public:
  Canvas(int rows, int cols) : lines_(static_cast<std::size_t>(rows), std::string(cols, ' ')) {}
  void put(int row, int col, char c, bool over = false) {
    if (row < 0 || col < 0 || row >= static_cast<int>(lines_.size()) ||
        col >= static_cast<int>(lines_[0].size()))
      return;
    char& cell = lines_[static_cast<std::size_t>(row)][static_cast<std::size_t>(col)];
    if (cell == ' ' || over) {
      cell = c;
    } else if ((cell == '/' && c == '\\') || (cell == '\\' && c == '/')) {
      cell = 'X';  // two diagonals crossing between four points
    }
  }
  std::string text() const {
    std::string out;
    for (std::string line : lines_) {
      line.erase(line.find_last_not_of(' ') + 1);
      out += line + "\n";
    }
    return out;
  }

 private:
  std::vector<std::string> lines_;
};

}  // namespace

std::string Notation<ives::Game>::render_board(const Game& game, const Position& pos) {
  const ives::Board& board = game.board();
  int min_file = 99, max_file = 0, min_rank = 99, max_rank = 0;
  for (const auto& p : board.points) {
    min_file = std::min(min_file, p.file);
    max_file = std::max(max_file, p.file);
    min_rank = std::min(min_rank, p.rank);
    max_rank = std::max(max_rank, p.rank);
  }
  int n_left = 0, n_right = 0;
  for (const auto& arc : board.arcs) (arc.side == "left" ? n_left : n_right) += 1;
  const int first_col = kLabelWidth + kArcGap * n_left;
  auto col = [&](const ives::BoardPoint& p) {
    return first_col + kCellWidth * (p.file - min_file);
  };
  auto row = [&](const ives::BoardPoint& p) { return 2 * (max_rank - p.rank); };
  const int last_col = first_col + kCellWidth * (max_file - min_file);
  Canvas canvas(2 * (max_rank - min_rank) + 2, last_col + kArcGap * n_right + 2);

  for (const auto& link : board.links) {
    const auto& a = board.points[static_cast<std::size_t>(link.a)];
    const auto& b = board.points[static_cast<std::size_t>(link.b)];
    const int df = b.file - a.file, dr = b.rank - a.rank;
    if (std::abs(df) > 1 || std::abs(dr) > 1) continue;  // only neighbouring cells are drawn
    if (dr == 0) {
      for (int c = std::min(col(a), col(b)) + 1; c < std::max(col(a), col(b)); ++c)
        canvas.put(row(a), c, '-');
    } else {
      const char c = df == 0 ? '|' : (df == dr ? '/' : '\\');
      canvas.put(std::min(row(a), row(b)) + 1, (col(a) + col(b)) / 2, c);
    }
  }
  // Arcs: a vertical run in the margin joined to both ends along their rows.
  int left_used = 0, right_used = 0;
  for (const auto& arc : board.arcs) {
    if (arc.side != "left" && arc.side != "right") continue;  // only side arcs are drawn
    const auto& a = board.points[static_cast<std::size_t>(arc.a)];
    const auto& b = board.points[static_cast<std::size_t>(arc.b)];
    const bool left = arc.side == "left";
    const int margin =
        left ? first_col - kArcGap * (++left_used) : last_col + kArcGap * (++right_used);
    for (const auto* end : {&a, &b}) {
      for (int c = std::min(margin, col(*end)) + 1; c < std::max(margin, col(*end)); ++c)
        canvas.put(row(*end), c, '-');
    }
    const int top = std::min(row(a), row(b)), bottom = std::max(row(a), row(b));
    canvas.put(top, margin, left ? ',' : '.', true);
    canvas.put(bottom, margin, left ? '`' : '\'', true);
    for (int r = top + 1; r < bottom; ++r) canvas.put(r, margin, '|', true);
  }
  for (std::size_t i = 0; i < board.points.size(); ++i)
    canvas.put(row(board.points[i]), col(board.points[i]),
               ivesdama::piece_char(pos, static_cast<int>(i)), true);
  for (int rank = max_rank; rank >= min_rank; --rank) {
    const std::string label = std::to_string(rank);
    for (std::size_t k = 0; k < label.size(); ++k)
      canvas.put(2 * (max_rank - rank), static_cast<int>(2 - label.size() + k), label[k], true);
  }
  for (int f = min_file; f <= max_file; ++f)
    canvas.put(2 * (max_rank - min_rank) + 1, first_col + kCellWidth * (f - min_file),
               static_cast<char>('a' + f), true);
  // The base points are not visible in the drawing: name them in a legend.
  std::string legend = canvas.text();
  for (std::size_t s = 0; s < 2; ++s) {
    legend += s ? ", p = Player 2 (base" : "P = Player 1 (base";
    for (std::uint32_t b = board.base[s]; b; b &= b - 1) {
      legend += ' ';
      legend += board.points[static_cast<std::size_t>(std::countr_zero(b))].name;
    }
    legend += ')';
  }
  return legend + "\n";
}

std::string Notation<ives::Game>::board_json(const Game& game, const Position& pos) {
  const ives::Board& board = game.board();
  auto name = [&board](int p) -> std::string_view {
    return board.points[static_cast<std::size_t>(p)].name;
  };
  JsonWriter j;
  j.begin_object().key("game").value("ivesdama").key("board").value(board.name);
  j.key("points").begin_array();
  for (std::size_t i = 0; i < board.points.size(); ++i) {
    const auto& p = board.points[i];
    j.begin_object().key("name").value(p.name).key("x").value(p.x).key("y").value(p.y);
    j.key("piece").value(std::string(1, ivesdama::piece_char(pos, static_cast<int>(i))));
    j.end_object();
  }
  j.end_array().key("links").begin_array();
  for (const auto& link : board.links)
    j.begin_array().value(name(link.a)).value(name(link.b)).end_array();
  j.end_array().key("arcs").begin_array();
  for (const auto& arc : board.arcs) {
    j.begin_object().key("from").value(name(arc.a)).key("to").value(name(arc.b));
    j.key("side").value(arc.side).end_object();
  }
  j.end_array().key("bases").begin_object();
  for (std::size_t s = 0; s < 2; ++s) {
    j.key(s == 0 ? "1" : "2").begin_array();
    for (std::uint32_t b = board.base[s]; b; b &= b - 1) j.value(name(std::countr_zero(b)));
    j.end_array();
  }
  return j.end_object().end_object().text();
}

}  // namespace triad::adapters
