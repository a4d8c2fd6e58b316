// Íves dáma notation (docs/notation.md): position lines over the board's ranks, move tokens
// (b4c5, a3c5e7, with '-' or 'x' accepted between points), the text board with its arcs,
// and the GUI board JSON.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "adapters/common/notation.h"
#include "engine/games/ivesdama/game.h"

namespace triad::adapters {

template <>
struct Notation<games::ivesdama::Game> {
  using Game = games::ivesdama::Game;
  using Position = games::ivesdama::Position;
  using Move = games::ivesdama::Move;
  using MoveList = Game::MoveList;

  static Result<Position> parse_position(const Game& game, std::string_view text);
  static std::string format_position(const Game& game, const Position& pos);
  static Result<Move> parse_move(const Game& game, const Position& pos, engine::History history,
                                 std::string_view text);
  static std::string format_move(const Game& game, const Position& pos, const Move& move);
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

static_assert(HasNotation<games::ivesdama::Game>);

namespace ivesdama {

// The points of each rank that has points, top rank first, each rank left to right: the
// order of the position line.
std::vector<std::vector<int>> rank_rows(const games::ivesdama::Board& board);

// The letter of the piece on point p ('P', 'p' or '.').
char piece_char(const games::ivesdama::Position& pos, int p);

}  // namespace ivesdama

}  // namespace triad::adapters
