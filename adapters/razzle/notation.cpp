// Razzle Dazzle position lines, text board, board JSON and variant settings.
#include "adapters/razzle/notation.h"

#include <array>
#include <bit>
#include <sstream>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "adapters/common/actions.h"
#include "adapters/common/json_writer.h"
#include "adapters/common/text.h"
#include "adapters/razzle/settings.h"

namespace triad::adapters {

namespace rz = games::razzle;
using engine::Player;
using razzle::square_name;

namespace {

constexpr std::string_view kBoardLetters = "PBXpbx";

// The board field: 8 ranks from rank 8 down, 7 cells each.
Result<rz::PositionSetup> parse_board(const rz::Game& game, std::string_view field) {
  rz::PositionSetup s;
  std::array<int, 2> balls{0, 0};
  const auto ranks = split_on(field, '/');
  if (ranks.size() != static_cast<std::size_t>(rz::kRanks))
    return make_error("board: expected 8 ranks separated by '/', got " +
                      std::to_string(ranks.size()));
  for (int r = 0; r < rz::kRanks; ++r) {
    const int rank = rz::kRanks - 1 - r;
    const std::string where = "board rank " + std::to_string(rank + 1) + " (" +
                              quote(ranks[static_cast<std::size_t>(r)]) + ")";
    const std::string too_many = where + ": describes more than 7 squares (files a-g)";
    int file = 0;
    bool last_was_digit = false;
    for (char c : ranks[static_cast<std::size_t>(r)]) {
      if (c >= '1' && c <= '7') {
        if (last_was_digit) return make_error(where + ": two digits in a row; write one count");
        file += c - '0';
        last_was_digit = true;
      } else if (kBoardLetters.find(c) != std::string_view::npos) {
        if (file >= rz::kFiles) return make_error(too_many);
        const int side = (c >= 'a') ? 1 : 0;
        const int sq = rz::make_square(file, rank);
        s.pieces[side] |= rz::bit(sq);
        if (c == 'B' || c == 'b') {
          s.ball[side] = sq;
          ++balls[side];
        }
        if (c == 'X' || c == 'x') s.ineligible |= rz::bit(sq);
        ++file;
        last_was_digit = false;
      } else {
        return make_error(where + ": unexpected character " + quote(std::string_view(&c, 1)) +
                          " (allowed: P B X p b x and digits 1-7)");
      }
    }
    if (file > rz::kFiles) return make_error(too_many);
    if (file < rz::kFiles)
      return make_error(where + ": describes only " + std::to_string(file) +
                        " squares, a rank has exactly 7 (files a-g)");
  }
  for (int side = 0; side < 2; ++side) {
    const std::string player = player_name(static_cast<Player>(side));
    const int pieces = std::popcount(s.pieces[side]);
    const char* letters = side == 0 ? "P, B, X" : "p, b, x";
    if (pieces != rz::kPiecesPerSide)
      return make_error("board: " + player + " has " + std::to_string(pieces) + " pieces (" +
                        letters + "), expected exactly 5");
    if (balls[side] != 1)
      return make_error("board: " + player + " has " + std::to_string(balls[side]) +
                        " ball holders (" + (side == 0 ? "B" : "b") +
                        "), expected exactly 1; a ball holder is never ineligible");
  }
  if (game.rules().rule_set == rz::RuleSet::kBasic && s.ineligible != 0)
    return make_error("board: ineligible piece on " + square_name(rz::lowest_square(s.ineligible)) +
                      ", but the basic rule set has no ineligible pieces");
  return s;
}

// `<last1>` / `<last2>`: '-' or the knight move of that player's most recent turn.
Result<void> parse_last(std::string_view field, int side, rz::PositionSetup& s) {
  const std::string name = side == 0 ? "last1" : "last2";
  if (field == "-") return {};
  const auto from = field.size() == 4 ? razzle::parse_square(field.substr(0, 2)) : std::nullopt;
  const auto to = field.size() == 4 ? razzle::parse_square(field.substr(2, 2)) : std::nullopt;
  if (!from || !to)
    return make_error(name + ": expected '-' or a knight move such as b1c3, got " + quote(field));
  if (!rz::is_knight_jump(*from, *to))
    return make_error(name + ": " + quote(field) + " is not a knight move");
  const std::string owner = player_name(static_cast<Player>(side));
  if (!(s.pieces[side] & rz::bit(*to)))
    return make_error(name + ": " + std::string(field) + " ends on " + square_name(*to) +
                      ", which holds no " + owner + " piece");
  if (s.ball[side] == *to)
    return make_error(name + ": the piece on " + square_name(*to) +
                      " holds the ball, but it made " + owner +
                      "'s last turn (a knight move) and a pass would have been a later turn");
  if (s.ineligible & rz::bit(*to))
    return make_error(name + ": the piece on " + square_name(*to) +
                      " is ineligible, but a piece that moves becomes eligible and it has not "
                      "thrown since");
  if (s.pieces[side] & rz::bit(*from))
    return make_error(name + ": " + square_name(*from) + " holds a " + owner +
                      " piece, but that piece left it with the knight move");
  if (s.side_to_move != static_cast<Player>(side) && ((s.pieces[0] | s.pieces[1]) & rz::bit(*from)))
    return make_error(name + ": " + square_name(*from) + " is occupied, but " + owner +
                      " has just moved away from it");
  s.last[static_cast<std::size_t>(side)] = rz::KnightStep{*from, *to};
  return {};
}

char board_letter(const rz::Position& pos, int sq) {
  for (int side = 0; side < 2; ++side) {
    const Player p = static_cast<Player>(side);
    if (!(pos.pieces(p) & rz::bit(sq))) continue;
    const char letter = pos.ball(p) == sq ? 'B' : (pos.ineligible() & rz::bit(sq)) ? 'X' : 'P';
    return side == 0 ? letter : static_cast<char>(letter - 'A' + 'a');
  }
  return '.';
}

std::string last_text(const rz::Position& pos, Player p) {
  const auto last = pos.last_knight_move(p);
  return last ? square_name(last->from) + square_name(last->to) : "-";
}

}  // namespace

std::string razzle::square_name(int sq) {
  return {static_cast<char>('a' + rz::file_of(sq)), static_cast<char>('1' + rz::rank_of(sq))};
}

std::optional<int> razzle::parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] >= 'a' + rz::kFiles || text[1] < '1' ||
      text[1] >= '1' + rz::kRanks)
    return std::nullopt;
  return rz::make_square(text[0] - 'a', text[1] - '1');
}

using RazzleNotation = Notation<rz::Game>;

Result<rz::Position> RazzleNotation::parse_position(const Game& game, std::string_view text) {
  const auto fields = split_fields(text);
  if (fields.size() != 4 && fields.size() != 5)
    return make_error(
        "position line: expected 4 or 5 fields (<board> <side> <last1> <last2> "
        "[<ply>]), got " +
        std::to_string(fields.size()));
  auto setup = parse_board(game, fields[0]);
  if (!setup) return setup.error();
  const auto side_to_move = parse_side_to_move(fields[1]);
  if (!side_to_move) return side_to_move.error();
  setup->side_to_move = *side_to_move;
  for (int side = 0; side < 2; ++side) {
    if (auto ok = parse_last(fields[2 + static_cast<std::size_t>(side)], side, *setup); !ok)
      return ok.error();
  }
  if (fields.size() == 5) {
    const auto ply = parse_ply(fields[4]);
    if (!ply) return ply.error();
    setup->ply = *ply;
  }
  return game.make_position(*setup);
}

std::vector<int> RazzleNotation::net_line_index(const Game&) {
  // The board field lists rank 8 first, each rank from file a.
  std::vector<int> index(rz::kSquares);
  for (int sq = 0; sq < rz::kSquares; ++sq)
    index[static_cast<std::size_t>(sq)] =
        (rz::kRanks - 1 - rz::rank_of(sq)) * rz::kFiles + rz::file_of(sq);
  return index;
}

std::string RazzleNotation::format_position(const Game&, const Position& pos) {
  std::string out;
  for (int rank = rz::kRanks - 1; rank >= 0; --rank) {
    std::string cells;
    for (int file = 0; file < rz::kFiles; ++file)
      cells += board_letter(pos, rz::make_square(file, rank));
    append_run_length(out, cells);
    if (rank > 0) out += '/';
  }
  out += pos.side_to_move() == Player::kOne ? " 1 " : " 2 ";
  out += last_text(pos, Player::kOne) + " " + last_text(pos, Player::kTwo) + " " +
         std::to_string(pos.ply());
  return out;
}

std::string RazzleNotation::render_board(const Game& game, const Position& pos) {
  std::ostringstream out;
  out << "    a b c d e f g\n";
  for (int rank = rz::kRanks - 1; rank >= 0; --rank) {
    out << ' ' << rank + 1 << ' ';
    for (int file = 0; file < rz::kFiles; ++file)
      out << ' ' << board_letter(pos, rz::make_square(file, rank));
    out << "  " << rank + 1 << '\n';
  }
  out << "    a b c d e f g\n";
  out << (pos.side_to_move() == Player::kOne ? "Player 1 (P, south)" : "Player 2 (p, north)")
      << " to move, ply " << pos.ply() << "; last knight moves: " << last_text(pos, Player::kOne)
      << " " << last_text(pos, Player::kTwo) << "\n";
  out << "Rules: " << (game.rules().rule_set == rz::RuleSet::kExtended ? "extended" : "basic")
      << ", " << (game.rules().repetition == rz::Repetition::kUndo ? "undo" : "position")
      << " repetition; B/b ball holder, X/x ineligible\n";
  return out.str();
}

std::string RazzleNotation::score_text(const Game&, const Position&) {
  return "none";
}

std::string RazzleNotation::board_json(const Game&, const Position& pos) {
  JsonWriter j;
  j.begin_object().key("game").value("razzledazzle").key("points").begin_array();
  for (int sq = 0; sq < rz::kSquares; ++sq) {
    j.begin_object().key("name").value(square_name(sq)).key("x").value(rz::file_of(sq));
    j.key("y").value(rz::rank_of(sq)).key("piece").value(std::string(1, board_letter(pos, sq)));
    j.end_object();
  }
  j.end_array().key("links").begin_array().end_array().key("arcs").begin_array().end_array();
  return j.end_object().text();
}

Result<rz::Game> razzle::make_game(const YAML::Node& settings, const std::filesystem::path&) {
  rz::Rules rules;
  if (!settings || settings.IsNull()) return rz::Game(rules);
  if (!settings.IsMap())
    return make_error("razzledazzle variant settings: expected a map of keys (rules, repetition)");
  for (const auto& item : settings) {
    const std::string key = item.first.Scalar();
    if (key == "name" || key == "game" || key == "description") continue;
    const YAML::Node& value = item.second;
    const std::string text = value.IsScalar() ? value.Scalar() : std::string("(not a scalar)");
    if (key == "rules") {
      if (text == "extended") {
        rules.rule_set = rz::RuleSet::kExtended;
      } else if (text == "basic") {
        rules.rule_set = rz::RuleSet::kBasic;
      } else {
        return make_error("razzledazzle setting 'rules': expected extended or basic, got " +
                          quote(text));
      }
    } else if (key == "repetition") {
      if (text == "undo") {
        rules.repetition = rz::Repetition::kUndo;
      } else if (text == "position") {
        rules.repetition = rz::Repetition::kPosition;
      } else {
        return make_error("razzledazzle setting 'repetition': expected undo or position, got " +
                          quote(text));
      }
    } else {
      return make_error("razzledazzle: unknown setting " + quote(key) +
                        " (allowed: rules, repetition; and name, game, description)");
    }
  }
  return rz::Game(rules);
}

// Actions: (from, to, k) over the 56 squares, k < 8 (a pass with the same holder and
// receiver has at most 2^3 relay sets).
int RazzleNotation::action_count(const Game& /*game*/) {
  return rz::kSquares * rz::kSquares * 8;
}
void RazzleNotation::actions(const Game& /*game*/, const Position& /*pos*/, const MoveList& moves,
                             std::vector<int>& out) {
  append_ranked_actions(
      moves, rz::kSquares, 8, [](const Move& m) { return m.from(); },
      [](const Move& m) { return m.to(); }, out);
}

}  // namespace triad::adapters
