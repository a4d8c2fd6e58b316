// Yin Yang notation (docs/notation.md): position line `<board> <stm> [<ply>]`, move tokens
// `c3b3` (also `c3-b3`), a readable text board with the square colours, the score, the GUI
// board JSON.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/common/notation.h"
#include "engine/core/game.h"
#include "engine/core/result.h"
#include "engine/games/yinyang/game.h"

namespace triad::adapters {

template <>
struct Notation<games::yinyang::Game> {
  using Game = games::yinyang::Game;
  using Position = games::yinyang::Position;
  using Move = games::yinyang::Move;
  using MoveList = games::yinyang::MoveList;

  static Result<Position> parse_position(const Game& game, std::string_view text);
  static std::string format_position(const Game& game, const Position& pos);
  static Result<Move> parse_move(const Game& game, const Position& pos, engine::History history,
                                 std::string_view text);
  static std::string format_move(const Game& game, const Position& pos, const Move& move);
  static std::string render_board(const Game& game, const Position& pos);
  static std::string score_text(const Game& game, const Position& pos);
  static std::string board_json(const Game& game, const Position& pos);
  static int action_count(const Game& game);
  static void actions(const Game& game, const Position& pos, const MoveList& moves,
                      std::vector<int>& out);

  // Helpers shared by the functions above (and handy for tests and tools).
  static std::string square_name(int square);                     // 0 -> "a1", 35 -> "f6"
  static std::optional<int> parse_square(std::string_view text);  // "a1".."f6", else empty
};

static_assert(HasNotation<games::yinyang::Game>);

}  // namespace triad::adapters
