// Razzle Dazzle move tokens: formatting the canonical form, and parsing any legal chain
// (squares concatenated or separated by '-') into the legal Move with the same result.
// Errors say whether the token is malformed or illegal, and why.
#include <algorithm>
#include <string>
#include <vector>

#include "adapters/common/text.h"
#include "adapters/razzle/notation.h"

namespace triad::adapters {

namespace rz = games::razzle;
using engine::Player;
using razzle::square_name;

namespace {

// The squares of a token: "d1e1f1" or "d1-e1-f1".
Result<std::vector<int>> token_squares(std::string_view token) {
  const std::string what = "malformed move " + quote(token) + ": ";
  if (token.empty()) return make_error("malformed move '': the token is empty");
  std::vector<int> squares;
  std::size_t i = 0;
  while (i < token.size()) {
    if (!squares.empty() && token[i] == '-') {
      ++i;
      if (i == token.size()) return make_error(what + "'-' must be followed by a square");
    }
    const auto sq = i + 2 <= token.size() ? razzle::parse_square(token.substr(i, 2)) : std::nullopt;
    if (!sq)
      return make_error(what + quote(token.substr(i, 2)) +
                        " is not a square (files a-g, ranks 1-8)");
    squares.push_back(*sq);
    i += 2;
  }
  if (squares.size() < 2)
    return make_error(what +
                      "a move names at least two squares (a knight move such as b1c3, "
                      "or a pass chain such as d1e1f1)");
  return squares;
}

// Why a knight move that matches no legal move is illegal.
std::string knight_problem(const rz::Game& game, const rz::Position& pos, engine::History history,
                           int from, int to) {
  const Player me = pos.side_to_move();
  if (!(pos.pieces(me) & rz::bit(from)))
    return square_name(from) + " holds no piece of " + player_name(me) + " (the side to move)";
  if (pos.ball(me) == from)
    return "the piece on " + square_name(from) + " holds the ball and may not make a knight move";
  if (pos.occupied() & rz::bit(to)) return square_name(to) + " is occupied";
  if (game.undo_banned(pos, from, to))
    return "it reverses " + player_name(me) + "'s own previous knight move " + square_name(to) +
           square_name(from) + " (undo rule)";
  const auto forcing = pos.last_knight_move(engine::other(me));
  if (game.pass_forced(pos))
    return "a pass is forced: the opponent's knight move " + square_name(forcing->from) +
           square_name(forcing->to) + " ended next to the ball carrier on " +
           square_name(pos.ball(me));
  const auto after = game.make(pos, rz::Move::knight_move(from, to));
  if (std::find(history.begin(), history.end(), game.history_key(after)) != history.end())
    return "it repeats an earlier board position (position repetition rule)";
  return "it is not a legal turn here";
}

// Follows a pass chain; on success returns the move with the same result (for the basic
// rules only the final receiver matters, so the chain is cut to holder + final receiver).
Result<rz::Move> follow_chain(const rz::Game& game, const rz::Position& pos,
                              const std::vector<int>& squares, const std::string& what) {
  const Player me = pos.side_to_move();
  const bool extended = game.rules().rule_set == rz::RuleSet::kExtended;
  for (std::size_t i = 1; i < squares.size(); ++i) {
    const int a = squares[i - 1];
    const int b = squares[i];
    if (rz::line_direction(a, b) >= 0) continue;
    return make_error(what + square_name(a) + " to " + square_name(b) +
                      (rz::is_knight_jump(a, b)
                           ? " is a knight jump inside a pass chain, whose steps are straight lines"
                           : " is neither a knight move nor a straight line"));
  }
  if (squares[0] != pos.ball(me))
    return make_error(what + "a passing turn starts at " + player_name(me) + "'s ball carrier on " +
                      square_name(pos.ball(me)) + ", not at " + square_name(squares[0]));
  rz::Bitboard touched = rz::bit(squares[0]);
  for (std::size_t i = 1; i < squares.size(); ++i) {
    const int a = squares[i - 1];
    const int b = squares[i];
    const std::string step = square_name(a) + " to " + square_name(b);
    const int d = rz::line_direction(a, b);
    if (const rz::Bitboard blockers = rz::kBoard.between[a][b] & pos.occupied())
      return make_error(
          what + "the pass " + step + " is blocked by the piece on " +
          square_name(d < 4 ? rz::lowest_square(blockers) : rz::highest_square(blockers)));
    if (!(pos.occupied() & rz::bit(b)))
      return make_error(what + "there is no piece on " + square_name(b) + " to receive the pass");
    if (!(pos.pieces(me) & rz::bit(b)))
      return make_error(what + "the piece on " + square_name(b) + " belongs to the opponent");
    if (pos.ineligible() & rz::bit(b))
      return make_error(what + "the piece on " + square_name(b) +
                        " is ineligible (it threw the ball and has not made a knight move since)");
    if (extended && (touched & rz::bit(b)))
      return make_error(what + "the ball would touch the piece on " + square_name(b) +
                        " twice (extended rules)");
    touched |= rz::bit(b);
  }
  if (squares.back() == squares.front())
    return make_error(what + "the ball must end on a different piece than it started on");
  rz::Move m;  // extended: the whole chain (at most 5 distinct pieces); basic: its ends
  const std::vector<int> kept =
      extended ? squares : std::vector<int>{squares.front(), squares.back()};
  for (std::size_t i = 0; i < kept.size(); ++i) m.squares[i] = static_cast<std::uint8_t>(kept[i]);
  m.length = static_cast<std::uint8_t>(kept.size());
  return m;
}

}  // namespace

using RazzleNotation = Notation<rz::Game>;

std::string RazzleNotation::format_move(const Game&, const Position&, const Move& m) {
  std::string out;
  for (int i = 0; i < m.length; ++i) out += square_name(m.squares[static_cast<std::size_t>(i)]);
  return out;
}

Result<rz::Move> RazzleNotation::parse_move(const Game& game, const Position& pos,
                                            engine::History history, std::string_view text) {
  auto squares = token_squares(text);
  if (!squares) return squares.error();
  const std::string what = "illegal move " + quote(text) + ": ";
  if (const auto end = game.terminal(pos); end.over())
    return make_error(what + "the game is over (" + std::string(engine::result_name(end.result)) +
                      ", " + engine::reason_name(end.reason) + ")");
  Game::MoveList legal;
  game.generate(pos, history, legal);
  const auto& sq = *squares;
  if (sq.size() == 2 && rz::is_knight_jump(sq[0], sq[1])) {
    const Move wanted = Move::knight_move(sq[0], sq[1]);
    for (const Move& m : legal)
      if (m == wanted) return m;
    return make_error(what + knight_problem(game, pos, history, sq[0], sq[1]));
  }
  auto chain = follow_chain(game, pos, sq, what);
  if (!chain) return chain.error();
  const bool basic = game.rules().rule_set == rz::RuleSet::kBasic;
  for (const Move& m : legal) {
    if (!m.knight && m.to() == chain->to() && (basic || m.throwers() == chain->throwers()))
      return m;
  }
  const auto after = game.make(pos, *chain);
  if (std::find(history.begin(), history.end(), game.history_key(after)) != history.end())
    return make_error(what + "it repeats an earlier board position (position repetition rule)");
  return make_error(what + "it is not a legal turn here");
}

}  // namespace triad::adapters
