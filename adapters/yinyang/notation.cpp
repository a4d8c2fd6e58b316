// Yin Yang notation: position line and move token parsing/formatting, the text board, the
// score, the GUI board JSON and the variant settings. Errors name the field and the reason.
#include "adapters/yinyang/notation.h"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "adapters/common/actions.h"
#include "adapters/common/json_writer.h"
#include "adapters/common/text.h"
#include "adapters/yinyang/settings.h"

namespace triad::adapters {

namespace {

namespace yy = games::yinyang;
using yy::Bitboard;

constexpr std::string_view kPositionForm = "'<board> <side to move> [<ply>]'";
constexpr std::string_view kExamplePosition = "6/6/2DL2/2LD2/6/6 1 0";

// 'L', 'D' or '.' for an empty square.
char stone_letter(const yy::Position& pos, int square) {
  const Bitboard b = yy::bit(square);
  return (pos.light & b) ? 'L' : (pos.dark & b) ? 'D' : '.';
}

// Fills `light`/`dark` from the board field, or says what is wrong with it.
Result<void> parse_board(std::string_view field, Bitboard& light, Bitboard& dark) {
  const std::vector<std::string_view> ranks = split_on(field, '/');
  if (ranks.size() != yy::kRanks)
    return make_error("board: " + std::to_string(ranks.size()) + " rank" +
                      (ranks.size() == 1 ? "" : "s") +
                      ", expected 6 ranks (rank 6 down to rank 1) separated by '/'");
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const int rank = yy::kRanks - 1 - static_cast<int>(i);
    // Made only for an error (positions are parsed by the thousand, e.g. the proof book).
    const auto where = [&] {
      return "board rank " + std::to_string(rank + 1) + " " + quote(ranks[i]);
    };
    int file = 0;
    for (const char c : ranks[i]) {
      if (file >= yy::kFiles)
        return make_error(where() + ": more than 6 squares, expected exactly 6");
      if (c == 'L' || c == 'D') {
        (c == 'L' ? light : dark) |= yy::bit(yy::make_square(file, rank));
        ++file;
      } else if (c >= '1' && c <= '6') {
        file += c - '0';
      } else if (c == '0' || (c >= '7' && c <= '9')) {
        return make_error(where() + ": digit '" + std::string(1, c) +
                          "' is out of range, empty squares are counted 1 to 6");
      } else {
        return make_error(where() + ": unexpected character " + quote(std::string_view(&c, 1)) +
                          ", expected L (light stone), D (dark stone) or a digit 1-6 (empty "
                          "squares)");
      }
    }
    if (file != yy::kFiles)
      return make_error(where() + ": " + std::to_string(file) + " squares, expected exactly 6");
  }
  return {};
}

// The full neighbourhood (8 squares around) of one square.
Bitboard neighbourhood(int square) {
  const Bitboard b = yy::bit(square);
  return yy::shift<0, 1>(b) | yy::shift<0, -1>(b) | yy::shift<1, 0>(b) | yy::shift<-1, 0>(b) |
         yy::shift<1, 1>(b) | yy::shift<-1, 1>(b) | yy::shift<1, -1>(b) | yy::shift<-1, -1>(b);
}

// Why the well-formed move from -> to is not legal in `pos` (it is not in the legal list).
std::string why_illegal(const yy::Position& pos, int from, int to) {
  using N = Notation<yy::Game>;
  const std::string from_name = N::square_name(from), to_name = N::square_name(to);
  const Bitboard from_bit = yy::bit(from);
  if (!(pos.occupied() & from_bit)) return "there is no stone on " + from_name;
  const bool light = (pos.light & from_bit) != 0;
  const std::string colour = light ? "light" : "dark";
  const std::string stone = "the " + colour + " stone on " + from_name;
  const int neighbours = std::popcount(neighbourhood(from) & (light ? pos.light : pos.dark));
  if (neighbours == 0) return stone + " has no " + colour + " neighbour, so it cannot move";
  if (from == to) return "the from and to squares are the same";
  const int df = yy::file_of(to) - yy::file_of(from), dr = yy::rank_of(to) - yy::rank_of(from);
  if (df != 0 && dr != 0)
    return from_name + " to " + to_name +
           " is not along a rank or file (stones never slide "
           "diagonally)";
  const int distance = std::max(std::abs(df), std::abs(dr));
  if (distance != neighbours)
    return stone + " has " + std::to_string(neighbours) + " " + colour + " neighbour" +
           (neighbours == 1 ? "" : "s") + ", so it must slide exactly " +
           std::to_string(neighbours) + " square" + (neighbours == 1 ? "" : "s") + ", not " +
           std::to_string(distance);
  const int step = (df > 0) - (df < 0) + ((dr > 0) - (dr < 0)) * yy::kFiles;
  for (int sq = from + step;; sq += step) {
    if (pos.occupied() & yy::bit(sq))
      return sq == to ? "the destination " + to_name + " is occupied"
                      : "the path is blocked by the stone on " + N::square_name(sq);
    if (sq == to) break;
  }
  return "it is not in the legal move list";  // unreachable if the generator is right
}

}  // namespace

using N = Notation<yy::Game>;

std::string N::square_name(int square) {
  return {static_cast<char>('a' + yy::file_of(square)),
          static_cast<char>('1' + yy::rank_of(square))};
}

std::optional<int> N::parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'f' || text[1] < '1' || text[1] > '6')
    return std::nullopt;
  return yy::make_square(text[0] - 'a', text[1] - '1');
}

Result<yy::Position> N::parse_position(const Game& /*game*/, std::string_view text) {
  const std::vector<std::string_view> fields = split_fields(text);
  if (fields.empty())
    return make_error("position: empty, expected " + std::string(kPositionForm) + " such as '" +
                      std::string(kExamplePosition) + "'");
  if (fields.size() > 3)
    return make_error("position: " + std::to_string(fields.size()) +
                      " fields, expected at most 3: " + std::string(kPositionForm));
  Bitboard light = 0, dark = 0;
  if (auto board = parse_board(fields[0], light, dark); !board) return board.error();
  if (fields.size() < 2)
    return make_error("side to move: missing field after the board, expected 1 or 2");
  const auto side = parse_side_to_move(fields[1]);
  if (!side) return side.error();
  const auto ply = fields.size() == 3 ? parse_ply(fields[2]) : Result<int>(0);
  if (!ply) return ply.error();
  return yy::make_position(light, dark, *side, *ply);
}

std::string N::format_position(const Game& /*game*/, const Position& pos) {
  std::string out;
  for (int rank = yy::kRanks - 1; rank >= 0; --rank) {
    std::string cells;
    for (int file = 0; file < yy::kFiles; ++file)
      cells += stone_letter(pos, yy::make_square(file, rank));
    append_run_length(out, cells);
    if (rank > 0) out += '/';
  }
  out += pos.side_to_move == engine::Player::kOne ? " 1 " : " 2 ";
  return out + std::to_string(pos.ply);
}

Result<yy::Move> N::parse_move(const Game& game, const Position& pos, engine::History history,
                               std::string_view text) {
  const auto malformed = [&] {
    return "move " + quote(text) +
           ": malformed, expected <from><to> such as c3b3 (squares a1 to f6)";
  };
  std::string_view from_text, to_text;
  if (text.size() == 4) {
    from_text = text.substr(0, 2);
    to_text = text.substr(2, 2);
  } else if (text.size() == 5 && text[2] == '-') {
    from_text = text.substr(0, 2);
    to_text = text.substr(3, 2);
  } else {
    return make_error(malformed());
  }
  const auto from = parse_square(from_text), to = parse_square(to_text);
  if (!from || !to)
    return make_error(malformed() + "; " + quote(!from ? from_text : to_text) +
                      " is not a square (files a-f, ranks 1-6)");
  yy::MoveList moves;
  game.generate(pos, history, moves);
  for (const Move& m : moves)
    if (m.from == *from && m.to == *to) return m;
  return make_error("move " + quote(text) +
                    ": names no legal move: " + why_illegal(pos, *from, *to));
}

std::string N::format_move(const Game& /*game*/, const Position& /*pos*/, const Move& move) {
  return square_name(move.from) + square_name(move.to);
}

std::string N::render_board(const Game& /*game*/, const Position& pos) {
  const std::string files = "   a b c d e f\n";
  std::string out = files;
  for (int rank = yy::kRanks - 1; rank >= 0; --rank) {
    out += std::to_string(rank + 1) + " ";
    for (int file = 0; file < yy::kFiles; ++file) {
      const int sq = yy::make_square(file, rank);
      const bool dark_square = yy::is_dark_square(sq);
      char c = dark_square ? '#' : '.';
      if (pos.light & yy::bit(sq)) c = dark_square ? 'l' : 'L';
      if (pos.dark & yy::bit(sq)) c = dark_square ? 'D' : 'd';
      out += ' ';
      out += c;
    }
    out += "  " + std::to_string(rank + 1) + "\n";
  }
  out += files;
  const yy::ScorePair s = yy::score(pos);
  out += "Score: Player 1 " + std::to_string(s.p1) + ", Player 2 " + std::to_string(s.p2) +
         " (a tie goes to Player 2)\n";
  out +=
      "Legend: L D = light/dark stone on its own square colour (a point for Player 1)\n"
      "        l d = light/dark stone on the other colour (a point for Player 2)\n"
      "        . # = empty light/dark square (a1 is dark)\n";
  return out;
}

std::string N::score_text(const Game& /*game*/, const Position& pos) {
  const yy::ScorePair s = yy::score(pos);
  return std::to_string(s.p1) + " " + std::to_string(s.p2);
}

std::string N::board_json(const Game& /*game*/, const Position& pos) {
  JsonWriter j;
  j.begin_object().key("game").value("yinyang").key("points").begin_array();
  for (int sq = 0; sq < yy::kSquares; ++sq) {
    j.begin_object().key("name").value(square_name(sq)).key("x").value(yy::file_of(sq));
    j.key("y").value(yy::rank_of(sq)).key("piece").value(std::string(1, stone_letter(pos, sq)));
    j.key("dark").value(yy::is_dark_square(sq)).end_object();
  }
  j.end_array().key("links").begin_array().end_array().key("arcs").begin_array().end_array();
  return j.end_object().text();
}

Result<yy::Game> yinyang::make_game(const YAML::Node& settings,
                                    const std::filesystem::path& /*dir*/) {
  if (!settings || settings.IsNull()) return yy::Game{};
  if (!settings.IsMap())
    return make_error(
        "variant settings: expected a YAML map of keys (Yin Yang allows only "
        "name, game, description)");
  for (const auto& entry : settings) {
    if (!entry.first.IsScalar())
      return make_error(
          "variant settings: a key is not a plain string (Yin Yang allows only "
          "name, game, description)");
    const std::string key = entry.first.Scalar();
    if (key == "name" || key == "game" || key == "description") continue;
    return make_error("variant setting " + quote(key) +
                      ": unknown key, Yin Yang has no rule settings (allowed keys: name, game, "
                      "description)");
  }
  return yy::Game{};
}

// Actions: from * 36 + to (a stone's slide is named by its two squares).
int N::action_count(const Game& /*game*/) {
  return yy::kSquares * yy::kSquares;
}
void N::actions(const Game& /*game*/, const Position& /*pos*/, const MoveList& moves,
                std::vector<int>& out) {
  for (const Move& m : moves) out.push_back(m.from * yy::kSquares + m.to);
}

}  // namespace triad::adapters
