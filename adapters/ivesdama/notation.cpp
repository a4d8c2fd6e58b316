// Íves dáma notation: position lines, move tokens (parsing by matching the legal moves,
// canonical formatting) and variant settings.
#include "adapters/ivesdama/notation.h"

#include <algorithm>
#include <map>

#include <yaml-cpp/yaml.h>

#include "adapters/common/actions.h"
#include "adapters/common/text.h"
#include "adapters/ivesdama/board_loader.h"
#include "adapters/ivesdama/settings.h"

namespace triad::adapters {

namespace {

namespace ives = games::ivesdama;

std::string point_name(const ives::Game& game, int p) {
  return game.board().points[static_cast<std::size_t>(p)].name;
}

std::string ordinal(std::size_t n) {
  static const char* const kSuffix[] = {"th", "st", "nd", "rd"};
  const std::size_t last = n % 10;
  const bool teen = (n % 100) / 10 == 1;
  return std::to_string(n) + (teen || last > 3 ? "th" : kSuffix[last]);
}

// One rank of the board field -> the pieces on its points (or an error).
Result<void> parse_rank(std::string_view text, const std::vector<int>& row, int rank,
                        std::size_t row_index, ives::Position& pos) {
  const std::string where = "board field: rank " + std::to_string(rank) + " (the " +
                            ordinal(row_index + 1) + " from the top)";
  std::size_t cell = 0;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == 'P' || c == 'p') {
      if (cell < row.size()) pos.pieces[c == 'P' ? 0 : 1] |= 1u << row[cell];
      ++cell;
      ++i;
    } else if (c >= '1' && c <= '9') {
      std::size_t n = 0;
      while (i < text.size() && text[i] >= '0' && text[i] <= '9' && n <= 99)
        n = n * 10 + static_cast<std::size_t>(text[i++] - '0');
      cell += n;
    } else {
      return make_error(where + ": unexpected character " + quote(std::string_view(&c, 1)) +
                        " (allowed: P, p, and digits 1-9 for empty points)");
    }
  }
  if (cell != row.size())
    return make_error(where + " describes " + std::to_string(cell) + " points, but the board has " +
                      std::to_string(row.size()) + " points on that rank");
  return {};
}

// Move token -> point indices. Points are letter + digits; '-' or 'x' may separate them.
Result<std::vector<int>> split_points(const ives::Game& game, std::string_view text) {
  auto malformed = [text](const std::string& why) {
    return make_error("malformed move " + quote(text) + ": " + why);
  };
  if (text.empty()) return malformed("the move is empty");
  std::map<std::string, int, std::less<>> index;
  for (std::size_t i = 0; i < game.board().points.size(); ++i)
    index[game.board().points[i].name] = static_cast<int>(i);
  std::vector<int> points;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!points.empty() && (text[i] == '-' || (text[i] == 'x' && i + 1 < text.size() &&
                                               (text[i + 1] < '0' || text[i + 1] > '9')))) {
      ++i;
      if (i == text.size()) return malformed("it ends with a separator");
    }
    const std::size_t start = i;
    if (text[i] < 'a' || text[i] > 'z')
      return malformed("expected a point name (file letter + rank, e.g. c5) at character " +
                       std::to_string(i + 1));
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    const std::string_view name = text.substr(start, i - start);
    if (name.size() == 1) return malformed("point " + quote(name) + " has no rank number");
    const auto it = index.find(name);
    if (it == index.end()) return malformed(quote(name) + " is not a point of the board");
    points.push_back(it->second);
  }
  if (points.size() < 2) return malformed("a move needs at least two points (from and to)");
  return points;
}

std::string join_names(const ives::Game& game, const std::vector<int>& points) {
  std::string out;
  for (int p : points) out += point_name(game, p);
  return out;
}

// Why a step token names no legal step (no capture is possible in this position).
Error explain_step(const ives::Game& game, const ives::Position& pos, int from, int to,
                   std::string_view token) {
  const std::string head = "illegal move " + quote(token) + ": ";
  const auto& t = game.geometry();
  const auto f = static_cast<std::size_t>(from);
  if (!(t.links[f] & (1u << to)))
    return make_error(head + point_name(game, from) + " and " + point_name(game, to) +
                      " are not joined by a line or arc");
  if (((pos.pieces[0] | pos.pieces[1]) >> to) & 1)
    return make_error(head + point_name(game, to) + " is occupied");
  if (!(t.steps[static_cast<std::size_t>(engine::index(pos.side_to_move))][f] & (1u << to)))
    return make_error(head + "the forward rule forbids steps backwards");
  return make_error(head + "it is not a legal step");
}

// Why a capture token names no legal capture sequence (a capture is compulsory here).
Error explain_capture(const ives::Game& game, const ives::Position& pos,
                      const std::vector<int>& points, std::string_view token,
                      const ives::Move& example) {
  const std::string head = "illegal move " + quote(token) + ": ";
  const auto paths = game.capture_paths(pos, points[0]);
  const std::string hint = " (e.g. " + Notation<ives::Game>::format_move(game, pos, example) + ")";
  if (paths.empty())
    return make_error(head + "a capture is compulsory and the piece on " +
                      point_name(game, points[0]) + " cannot capture" + hint);
  for (const auto& path : paths) {
    if (path.points.size() > points.size() &&
        std::equal(points.begin(), points.end(), path.points.begin()))
      return make_error(head +
                        "the capture sequence is not finished: the piece must go on "
                        "capturing from " +
                        point_name(game, points.back()) + " (e.g. " +
                        join_names(game, path.points) + ")");
  }
  return make_error(head + "no capture sequence of the piece on " + point_name(game, points[0]) +
                    " lands on these points (e.g. " + join_names(game, paths.front().points) + ")");
}

Result<bool> read_bool(const YAML::Node& node, const std::string& key) {
  const std::string v = node.IsScalar() ? node.Scalar() : "";
  if (v == "true") return true;
  if (v == "false") return false;
  return make_error("ivesdama setting '" + key + "': expected true or false, got " + quote(v));
}

}  // namespace

namespace ivesdama {

std::vector<std::vector<int>> rank_rows(const ives::Board& board) {
  std::map<int, std::vector<int>, std::greater<>> by_rank;
  for (std::size_t i = 0; i < board.points.size(); ++i)
    by_rank[board.points[i].rank].push_back(static_cast<int>(i));
  std::vector<std::vector<int>> rows;
  for (auto& [rank, row] : by_rank) {
    std::sort(row.begin(), row.end(), [&board](int a, int b) {
      return board.points[static_cast<std::size_t>(a)].file <
             board.points[static_cast<std::size_t>(b)].file;
    });
    rows.push_back(std::move(row));
  }
  return rows;
}

char piece_char(const ives::Position& pos, int p) {
  if ((pos.pieces[0] >> p) & 1) return 'P';
  if ((pos.pieces[1] >> p) & 1) return 'p';
  return '.';
}

}  // namespace ivesdama

Result<ives::Position> Notation<ives::Game>::parse_position(const Game& game,
                                                            std::string_view text) {
  const std::vector<std::string_view> fields = split_fields(text);
  if (fields.size() < 2 || fields.size() > 3)
    return make_error("position: expected '<board> <side to move> [<ply>]', got " +
                      std::to_string(fields.size()) + " fields");
  const auto rows = ivesdama::rank_rows(game.board());
  const std::vector<std::string_view> ranks = split_on(fields[0], '/');
  if (ranks.size() != rows.size())
    return make_error("board field: expected " + std::to_string(rows.size()) +
                      " ranks separated by '/', got " + std::to_string(ranks.size()));
  Position pos;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const int rank = game.board().points[static_cast<std::size_t>(rows[r][0])].rank;
    if (auto ok = parse_rank(ranks[r], rows[r], rank, r, pos); !ok) return ok.error();
  }
  const auto stm = parse_side_to_move(fields[1]);
  if (!stm) return stm.error();
  const auto ply = fields.size() == 3 ? parse_ply(fields[2]) : Result<int>(0);
  if (!ply) return ply.error();
  return game.make_position(pos.pieces[0], pos.pieces[1], *stm, *ply);
}

std::string Notation<ives::Game>::format_position(const Game& game, const Position& pos) {
  std::string out;
  for (const auto& row : ivesdama::rank_rows(game.board())) {
    if (!out.empty()) out += '/';
    std::string cells;
    for (int p : row) cells += ivesdama::piece_char(pos, p);
    append_run_length(out, cells);
  }
  out += pos.side_to_move == engine::Player::kOne ? " 1 " : " 2 ";
  return out + std::to_string(pos.ply);
}

std::vector<int> Notation<ives::Game>::net_line_index(const Game& game) {
  std::vector<int> index(game.board().points.size(), -1);
  int i = 0;
  for (const auto& row : ivesdama::rank_rows(game.board()))
    for (int p : row) index[static_cast<std::size_t>(p)] = i++;
  return index;
}

Result<ives::Move> Notation<ives::Game>::parse_move(const Game& game, const Position& pos,
                                                    engine::History history,
                                                    std::string_view text) {
  auto points = split_points(game, text);
  if (!points) return points.error();
  const std::vector<int>& pts = *points;
  const std::string token = quote(text);
  if (!((pos.pieces[static_cast<std::size_t>(engine::index(pos.side_to_move))] >> pts[0]) & 1))
    return make_error("illegal move " + token + ": no piece of " + player_name(pos.side_to_move) +
                      " (to move) on " + point_name(game, pts[0]));
  Game::MoveList moves;
  game.generate(pos, history, moves);
  if (moves.empty()) return make_error("illegal move " + token + ": there is no legal move");
  if (moves[0].is_capture()) {
    for (const auto& path : game.capture_paths(pos, pts[0])) {
      if (path.points != pts) continue;
      const Move m{path.captured, static_cast<std::uint8_t>(pts.front()),
                   static_cast<std::uint8_t>(pts.back())};
      if (std::find(moves.begin(), moves.end(), m) != moves.end()) return m;
    }
    return explain_capture(game, pos, pts, text, moves[0]);
  }
  if (pts.size() != 2)
    return make_error("illegal move " + token +
                      ": no capture is possible, so a move is one step (two points)");
  const Move step{0, static_cast<std::uint8_t>(pts[0]), static_cast<std::uint8_t>(pts[1])};
  if (std::find(moves.begin(), moves.end(), step) != moves.end()) return step;
  return explain_step(game, pos, pts[0], pts[1], text);
}

std::string Notation<ives::Game>::format_move(const Game& game, const Position& pos,
                                              const Move& move) {
  if (!move.is_capture()) return point_name(game, move.from) + point_name(game, move.to);
  // Canonical: the smallest list of point indices among the equal sequences.
  std::vector<int> best;
  for (auto& path : game.capture_paths(pos, move.from)) {
    if (path.captured != move.captured || path.points.back() != move.to) continue;
    if (best.empty() || path.points < best) best = std::move(path.points);
  }
  if (best.empty()) best = {move.from, move.to};  // not a legal move here: from and to only
  return join_names(game, best);
}

std::string Notation<ives::Game>::score_text(const Game&, const Position&) {
  return "none";
}

Result<ives::Game> ivesdama::make_game(const YAML::Node& settings,
                                       const std::filesystem::path& dir) {
  ives::Rules rules;
  std::string board_setting = "default";
  if (settings && !settings.IsNull()) {
    if (!settings.IsMap()) return make_error("ivesdama settings must be a YAML map");
    for (const auto& kv : settings) {
      const std::string key = kv.first.Scalar();
      if (key == "name" || key == "game" || key == "description") continue;
      if (key == "arc_capture" || key == "forward") {
        auto value = read_bool(kv.second, key);
        if (!value) return value.error();
        (key == "forward" ? rules.forward : rules.arc_capture) = *value;
      } else if (key == "board") {
        if (!kv.second.IsScalar() || kv.second.Scalar().empty())
          return make_error("ivesdama setting 'board': expected \"default\" or a board file path");
        board_setting = kv.second.Scalar();
      } else {
        return make_error("unknown ivesdama setting " + quote(key) +
                          " (allowed: board, arc_capture, forward)");
      }
    }
  }
  Result<ives::Board> board = board_setting == "default"
                                  ? ivesdama::default_board()
                                  : ivesdama::load_board_file(dir / board_setting);
  if (!board) return board.error();
  return ives::Game::create(rules, std::move(*board));
}

// Actions: (from, to, k) over the board's points, k < 8 (captures of different pieces that
// start and end on the same points).
int Notation<ives::Game>::action_count(const Game& game) {
  const int points = game.geometry().num_points;
  return points * points * 8;
}
void Notation<ives::Game>::actions(const Game& game, const Position& /*pos*/, const MoveList& moves,
                                   std::vector<int>& out) {
  append_ranked_actions(
      moves, game.geometry().num_points, 8, [](const Move& m) { return int{m.from}; },
      [](const Move& m) { return int{m.to}; }, out);
}

}  // namespace triad::adapters
