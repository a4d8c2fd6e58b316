// Razzle Dazzle notation (docs/notation.md): position lines, move tokens (with or without
// '-' between squares), the text board and the GUI board JSON.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/common/notation.h"
#include "engine/games/razzle/game.h"

namespace triad::adapters::razzle {

// "a1".."g8" <-> square index (file + 7 * rank).
std::string square_name(int sq);
std::optional<int> parse_square(std::string_view text);

}  // namespace triad::adapters::razzle

namespace triad::adapters {

template <>
struct Notation<games::razzle::Game> {
  using Game = games::razzle::Game;
  using Position = games::razzle::Position;
  using Move = games::razzle::Move;
  using MoveList = Game::MoveList;

  // `<board> <stm> <last1> <last2> [<ply>]`, checked for consistency (5 pieces and one ball
  // per side, knight-move fields that match the board, no ineligible pieces in basic rules).
  static Result<Position> parse_position(const Game& game, std::string_view text);
  static std::string format_position(const Game& game, const Position& pos);
  // Any legal chain (or knight move) -> the legal Move with its result; errors say whether
  // the token is malformed or illegal, and why.
  static Result<Move> parse_move(const Game& game, const Position& pos, engine::History history,
                                 std::string_view text);
  static std::string format_move(const Game& game, const Position& pos, const Move& m);
  static std::string render_board(const Game& game, const Position& pos);
  static std::string score_text(const Game& game, const Position& pos);
  static std::string board_json(const Game& game, const Position& pos);
  static int action_count(const Game& game);
  // Each square's (point's) index in the position line's board field, for a learned
  // evaluation (its layout is learn/layouts.h's).
  static std::vector<int> net_line_index(const Game& game);
  static void actions(const Game& game, const Position& pos, const MoveList& moves,
                      std::vector<int>& out);
};

static_assert(HasNotation<games::razzle::Game>);

}  // namespace triad::adapters
