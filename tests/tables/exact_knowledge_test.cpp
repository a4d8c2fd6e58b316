// The one route to exact knowledge (adapters/common/exact.h on each game's search hooks),
// asked through the registry as the review, the match and Python ask it: Yin Yang's proven
// winner against the reference solver and its book's beyond the solver, Íves dáma's values and best
// moves the same from its table in memory and from its table files (and from each where the source
// says so), and Razzle Dazzle saying that it knows no position's value.
#include <bit>
#include <climits>
#include <random>

#include <gtest/gtest.h>

#include "adapters/common/game_registry.h"
#include "adapters/tables/variant_tables.h"
#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/reference_solver.h"
#include "tests/tables/support.h"

namespace triad::tables {
namespace {

using engine::ExactResult;
namespace yy = games::yinyang;

std::unique_ptr<adapters::AnyGame> new_game(const std::string& variant) {
  return adapters::VariantRegistry::builtin().create(variant).value();
}

TEST(ExactKnowledge, YinYangTellsTheWinnerTheReferenceSolverProves) {
  auto probe = adapters::make_exact(new_game("yinyang"), {});
  ASSERT_NE(probe, nullptr);
  auto game = new_game("yinyang");
  yy::ReferenceSolver reference(18);
  std::mt19937_64 rng(7);
  int wins = 0;
  int losses = 0;
  for (int trial = 0; trial < 24; ++trial) {
    ASSERT_TRUE(game->reset(game->start_position_line()));
    const int empties = 10 + trial % 5;  // 10..14: the reference solver is quick there
    const auto& line = dynamic_cast<const adapters::TypedGame<yy::Game>&>(*game).line();
    while (std::popcount(line.current().empty()) > empties && game->legal_count() > 0)
      game->play_legal(static_cast<int>(rng() % static_cast<std::uint64_t>(game->legal_count())));
    if (game->legal_count() == 0) continue;
    const auto proved = reference.solve(line.current());
    ASSERT_TRUE(proved);
    const auto answer = probe->probe(*game, true);
    ASSERT_TRUE(answer) << game->position_line();
    EXPECT_EQ(answer->result, proved->side_to_move_wins ? ExactResult::kWin : ExactResult::kLoss)
        << game->position_line();
    EXPECT_FALSE(answer->from_data);
    ASSERT_TRUE(game->is_legal(answer->best)) << answer->best;
    if (proved->side_to_move_wins) {  // the best move keeps the win: the opponent then loses
      auto after = game->clone();
      ASSERT_TRUE(after->play(answer->best));
      const auto& next = dynamic_cast<const adapters::TypedGame<yy::Game>&>(*after).line();
      const auto reply = reference.solve(next.current());
      ASSERT_TRUE(reply);
      EXPECT_FALSE(reply->side_to_move_wins) << game->position_line() << " " << answer->best;
    }
    (proved->side_to_move_wins ? wins : losses) += 1;
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
}

// Beyond the solver's 20 empty squares, the built-in book's proof of the start position
// answers: Player 1 loses whatever it plays first and Player 2's proved move keeps the win;
// where a move is in neither the book nor the solver's reach there is no answer.
TEST(ExactKnowledge, YinYangsBookAnswersBeyondTheSolverWithItsProvedValues) {
  auto probe = adapters::make_exact(new_game("yinyang"), {});
  ASSERT_NE(probe, nullptr);
  auto game = new_game("yinyang");
  const auto start = probe->probe(*game, true);  // 36 empty squares
  ASSERT_TRUE(start);
  EXPECT_EQ(start->result, ExactResult::kLoss);
  EXPECT_FALSE(start->plies);  // the book tells no distance
  EXPECT_TRUE(game->is_legal(start->best)) << start->best;
  for (const auto& first : game->legal_moves()) {
    auto after = game->clone();
    ASSERT_TRUE(after->play(first));
    const auto answer = probe->probe(*after, true);
    ASSERT_TRUE(answer) << first;
    EXPECT_EQ(answer->result, ExactResult::kWin) << first;
    auto kept = after->clone();
    ASSERT_TRUE(kept->play(answer->best)) << first << " " << answer->best;
    const auto reply = probe->probe(*kept, false);
    ASSERT_TRUE(reply) << first << " " << answer->best;
    EXPECT_EQ(reply->result, ExactResult::kLoss) << first << " " << answer->best;
  }
  // A position of the proof where Player 2 wins: the book holds its winning move, not the
  // value of every other move.
  ASSERT_TRUE(game->reset("3D2/6/2DL1L/2LLD1/6/6 2 3"));
  const auto won = probe->probe(*game, true);
  ASSERT_TRUE(won);
  EXPECT_EQ(won->result, ExactResult::kWin);
  int unknown = 0;
  for (const auto& m : game->legal_moves()) {
    auto other = game->clone();
    ASSERT_TRUE(other->play(m));
    if (!probe->probe(*other, false)) ++unknown;
  }
  EXPECT_GT(unknown, 0);
}

TEST(ExactKnowledge, RazzleDazzleSaysItKnowsNoValue) {
  EXPECT_EQ(adapters::make_exact(new_game("razzledazzle"), {}), nullptr);
}

TEST_F(TablesTest, IvesDamaAnswersTheSameFromItsTableInMemoryAndFromItsFiles) {
  const fs::path dir = folder("exact");
  const iv::Game& game = game_of("ivesdama");
  build(game, dir, 4);
  auto tables = VariantTables::open(dir, new_game("ivesdama"));
  ASSERT_TRUE(tables.ok()) << tables.error().message;
  auto files = (*tables)->knowledge();  // the programs' -tb: the files alone
  auto memory = adapters::make_exact(new_game("ivesdama"), {});  // the engine's, without files
  // The engine's with files of at most 3 stones: a 4-stone position from memory.
  auto limited = adapters::make_exact(new_game("ivesdama"), (*tables)->engine_source(3));
  ASSERT_NE(files, nullptr);
  ASSERT_NE(memory, nullptr);
  ASSERT_NE(limited, nullptr);
  auto at = new_game("ivesdama");
  EXPECT_FALSE(files->probe(*at, true));  // 24 stones: outside both tables
  EXPECT_FALSE(memory->probe(*at, true));

  int checked = 0;
  int decided = 0;
  for (const Material m : {Material{1, 1}, Material{2, 1}, Material{1, 2}, Material{2, 2}}) {
    const SliceIndex slice(game.geometry().num_points, game.geometry().all, m);
    for (std::uint64_t i = 0; i < slice.size(); i += 97) {
      const iv::Position pos = slice.position(game, i);
      if (game.terminal(pos).over()) continue;
      ASSERT_TRUE(at->reset(adapters::Notation<iv::Game>::format_position(game, pos)));
      const auto want = game.endgame().probe(pos);
      ASSERT_TRUE(want);
      const auto from_files = files->probe(*at, true);
      const auto from_memory = memory->probe(*at, true);
      const auto from_limited = limited->probe(*at, false);
      ASSERT_TRUE(from_files && from_memory && from_limited) << at->position_line();
      using R = iv::EndgameValue::Result;
      const ExactResult expected = want->result == R::kWin    ? ExactResult::kWin
                                   : want->result == R::kLoss ? ExactResult::kLoss
                                                              : ExactResult::kDraw;
      for (const auto* answer : {&*from_files, &*from_memory, &*from_limited}) {
        EXPECT_EQ(answer->result, expected) << at->position_line();
        EXPECT_EQ(answer->plies, want->plies) << at->position_line();
      }
      EXPECT_TRUE(from_files->from_data);
      EXPECT_FALSE(from_memory->from_data);
      EXPECT_EQ(from_limited->from_data, m.stones() <= 3);
      EXPECT_EQ(from_files->best, from_memory->best) << at->position_line();
      EXPECT_EQ(from_files->best.empty(), at->legal_count() == 0) << at->position_line();
      if (!from_files->best.empty()) {
        EXPECT_TRUE(at->is_legal(from_files->best));
      }
      decided += expected != ExactResult::kDraw;
      ++checked;
    }
  }
  EXPECT_GT(checked, 1000);
  EXPECT_GT(decided, 100);
}

}  // namespace
}  // namespace triad::tables
