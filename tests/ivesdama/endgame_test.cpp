// Íves dáma endgame table: every value is re-derived from its successors with the game rules
// alone (a won position has a successor lost one ply sooner and none lost sooner, a lost one
// only successors won at most one ply sooner, a drawn one neither), which pins down every
// result and distance; plus hand-checked positions and the table's coverage.
#include <gtest/gtest.h>

#include <yaml-cpp/yaml.h>
#include <algorithm>
#include <bit>

#include "engine/games/ivesdama/endgame.h"
#include "tests/ivesdama/test_util.h"

namespace triad::games::ivesdama {
namespace {

using testing::default_game;
using testing::Notation;
using testing::position;
using Result = EndgameValue::Result;

// All point sets of the board with at most `max` points.
std::vector<std::uint32_t> small_sets(const Game& game, int max) {
  std::vector<std::uint32_t> sets{0};
  for (int size = 1; size <= max; ++size) {
    const std::size_t before = sets.size();
    for (std::size_t i = 0; i < before; ++i) {
      if (std::popcount(sets[i]) != size - 1) continue;
      const int from = sets[i] ? 32 - std::countl_zero(sets[i]) : 0;  // above the highest point
      for (int p = from; p < game.geometry().num_points; ++p) sets.push_back(sets[i] | 1u << p);
    }
  }
  return sets;
}

// The value a position must have, from the table's values of its successors.
EndgameValue derived_value(const Game& game, const EndgameTable& table, const Position& pos) {
  Game::MoveList moves;
  game.generate(pos, {}, moves);
  if (moves.empty()) return {Result::kLoss, 0};
  int fastest_win = 1 << 20;
  int slowest_loss = -1;
  bool all_lose = true;
  for (const Move& m : moves) {
    const Position child = game.make(pos, m);
    if (game.terminal(child).over()) {
      fastest_win = 1;
      continue;
    }
    const auto v = table.probe(child);
    if (!v) {
      ADD_FAILURE() << "successor not in the table: " << Notation::format_position(game, child);
      return {};
    }
    if (v->result == Result::kLoss) fastest_win = std::min(fastest_win, v->plies + 1);
    if (v->result == Result::kWin)
      slowest_loss = std::max(slowest_loss, v->plies + 1);
    else
      all_lose = false;
  }
  if (fastest_win < (1 << 20)) return {Result::kWin, fastest_win};
  if (all_lose) return {Result::kLoss, slowest_loss};
  return {};
}

// Checks every position the table covers; returns how many were decided.
int expect_consistent(const Game& game, const EndgameTable& table) {
  const auto sets = small_sets(game, table.max_stones());
  int decided = 0;
  int checked = 0;
  for (const std::uint32_t p1 : sets)
    for (const std::uint32_t p2 : sets) {
      if ((p1 & p2) || std::popcount(p1) + std::popcount(p2) > table.max_stones()) continue;
      for (const Player stm : {Player::kOne, Player::kTwo}) {
        const Position pos = game.make_position(p1, p2, stm, 0);
        const auto v = table.probe(pos);
        if (game.terminal(pos).over()) {
          EXPECT_FALSE(v) << Notation::format_position(game, pos);
          continue;
        }
        ++checked;
        if (!v) {
          ADD_FAILURE() << "not covered: " << Notation::format_position(game, pos);
          return decided;
        }
        const EndgameValue want = derived_value(game, table, pos);
        if (*v != want) {
          ADD_FAILURE() << Notation::format_position(game, pos) << ": table "
                        << static_cast<int>(v->result) << "/" << v->plies << ", successors say "
                        << static_cast<int>(want.result) << "/" << want.plies;
          return decided;
        }
        if (v->result != Result::kDraw) ++decided;
      }
    }
  EXPECT_GT(checked, 0);
  return decided;
}

TEST(IvesEndgame, EveryValueOfTheDefaultTableFollowsFromItsSuccessors) {
  const Game game = default_game();
  const EndgameTable& table = game.endgame();
  EXPECT_EQ(table.max_stones(), EndgameTable::kStones);
  // Most small endings are decided: a draw needs both sides to hold.
  EXPECT_GT(expect_consistent(game, table), static_cast<int>(table.size() / 2));
}

TEST(IvesEndgame, VariantsAndOtherBoardsGetTheirOwnConsistentTables) {
  for (const char* variant : {"ivesdama-arc", "ivesdama-forward"}) {
    SCOPED_TRACE(variant);
    const Game game = default_game(variant);
    expect_consistent(game, EndgameTable(game, 3));
  }
  auto alquerque = adapters::ivesdama::make_game(YAML::Load("{board: alquerque-5x5.yaml}"),
                                                 TRIAD_SOURCE_DIR "/tests/ivesdama");
  ASSERT_TRUE(alquerque.ok()) << alquerque.error().message;
  expect_consistent(*alquerque, EndgameTable(*alquerque, 3));
}

TEST(IvesEndgame, HandCheckedPositions) {
  const Game game = default_game();
  const EndgameTable& table = game.endgame();
  // Player 1 (c2, c1) against the lone c7: the stone on b8 is sacrificed to pull the guard off
  // c9 (c1b2 c7b8 c2d2 b8c8 b2b8 c8c9 d2d8 c9xb8 d8c9), nine plies; nothing is faster.
  EXPECT_EQ(table.probe(position(game, "1/3/2p2/3/1/3/5/1P1/P 1 0")),
            (EndgameValue{Result::kWin, 9}));
  // Player 2 to move there: the same game one ply on is lost for it.
  EXPECT_EQ(table.probe(position(game, "1/3/2p2/3/1/3/5/1P1/P 2 0"))->result, Result::kLoss);
  // One stone each, Player 1's on its own base: neither can force anything.
  EXPECT_EQ(table.probe(position(game, "1/3/2p2/3/1/3/5/3/P 1 0")), EndgameValue{});
  // Capturing the last stone wins: the opponent is left without a move.
  EXPECT_EQ(table.probe(position(game, "1/3/5/3/p/P2/5/3/1 1 0")), (EndgameValue{Result::kWin, 1}));
  // No stone at all: lost at once.
  EXPECT_EQ(table.probe(position(game, "1/3/5/3/p/3/5/3/1 1 0")), (EndgameValue{Result::kLoss, 0}));
  // The game is already over (Player 1 just reached c9), or too many stones: no value.
  EXPECT_FALSE(table.probe(position(game, "P/3/5/3/1/3/5/3/p 2 0")));
  EXPECT_FALSE(table.probe(game.start_position()));
}

TEST(IvesEndgame, CopiesOfAGameShareOneTable) {
  const Game game = default_game();
  const Game copy = game;  // NOLINT(performance-unnecessary-copy-initialization)
  EXPECT_EQ(&game.endgame(), &copy.endgame());
  EXPECT_NE(&game.endgame(), &default_game().endgame());
}

}  // namespace
}  // namespace triad::games::ivesdama
