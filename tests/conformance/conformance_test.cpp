// Generic conformance suite: typed tests over every game core, run through the Game concept
// and the Notation contract only, so each game is held to the same invariants
// (OpenSpiel-style random playouts). Game-specific rules live in tests/<game>/.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <string>

#include <yaml-cpp/yaml.h>

#include "adapters/common/any_game.h"
#include "adapters/common/game_registry.h"
#include "engine/core/perft.h"
#include "tests/all_games.h"
#include "tests/conformance/default_game.h"

namespace triad {
namespace {

using adapters::Notation;

template <class G>
class Conformance : public ::testing::Test {
 protected:
  static G make_default_game() { return testing::make_default_game<G>(); }
};

// Every game (generated from TRIAD_GAMES: a new game is in the suite without an edit).
using GameTypes = testing::AllGames<::testing::Types>;
TYPED_TEST_SUITE(Conformance, GameTypes);

// Plays seeded random games and checks, at every position: the position line round-trips
// to the same state (same hash), every legal move formats to a unique token that parses back
// to that move, perft(1) agrees with the move list, the side to move alternates and the ply
// counter advances by one. (Evaluations are pinned to hand-worked figures in
// known_evaluations_test.cpp.)
TYPED_TEST(Conformance, RandomPlayoutsKeepEveryInvariant) {
  using G = TypeParam;
  using N = Notation<G>;
  const G game = this->make_default_game();
  std::mt19937_64 rng(20261130);
  int positions_checked = 0;
  for (int g = 0; g < 60; ++g) {
    engine::GameLine<G> line(game, game.start_position());
    for (int ply = 0; ply < 200; ++ply) {
      const auto& pos = line.current();
      const std::string fen = N::format_position(game, pos);
      auto reparsed = N::parse_position(game, fen);
      ASSERT_TRUE(reparsed.ok()) << fen << ": " << reparsed.error().message;
      EXPECT_EQ(N::format_position(game, *reparsed), fen);
      EXPECT_EQ(game.hash(*reparsed), game.hash(pos)) << fen;

      typename G::MoveList moves;
      line.legal_moves(moves);
      EXPECT_EQ(engine::perft(game, pos, 1, line.history()), moves.size()) << fen;
      std::set<std::string> tokens;
      for (const auto& m : moves) {
        const std::string token = N::format_move(game, pos, m);
        EXPECT_TRUE(tokens.insert(token).second) << "duplicate move " << token << " in " << fen;
        auto parsed = N::parse_move(game, pos, line.history(), token);
        ASSERT_TRUE(parsed.ok()) << token << " in " << fen << ": " << parsed.error().message;
        EXPECT_TRUE(*parsed == m) << token << " in " << fen;
      }
      ++positions_checked;
      if (moves.empty()) {
        EXPECT_TRUE(line.outcome({}).over()) << "no moves but the game goes on: " << fen;
        break;
      }
      const auto& m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
      const auto mover = game.side_to_move(pos);
      const int ply_before = game.ply(pos);
      line.play(m);
      EXPECT_EQ(game.ply(line.current()), ply_before + 1);
      if (!game.terminal(line.current()).over()) {
        EXPECT_EQ(game.side_to_move(line.current()), engine::other(mover));
      }
    }
  }
  EXPECT_GT(positions_checked, 500);
}

// Divided perft of the start position adds up to the game's published perft figure (the
// tables in docs/games/*.md), at a depth where the figure is not trivial.
struct PerftFigure {
  int depth;
  std::uint64_t leaves;
};
template <class G>
constexpr PerftFigure kStartPerft{};
template <>
constexpr PerftFigure kStartPerft<games::yinyang::Game>{3, 328};
template <>
constexpr PerftFigure kStartPerft<games::razzle::Game>{3, 6768};
template <>
constexpr PerftFigure kStartPerft<games::ivesdama::Game>{5, 53};

TYPED_TEST(Conformance, DividedPerftAddsUpToThePublishedFigure) {
  const TypeParam game = this->make_default_game();
  const auto [depth, leaves] = kStartPerft<TypeParam>;
  std::uint64_t sum = 0;
  for (const auto& [move, count] : engine::perft_divide(game, game.start_position(), depth))
    sum += count;
  EXPECT_EQ(sum, leaves);
}

// The text-level interface the protocol and the referee use: bad input changes nothing.
TYPED_TEST(Conformance, AnyGameRejectsBadInputAndKeepsItsState) {
  adapters::TypedGame<TypeParam> any(this->make_default_game());
  const auto moves = any.legal_moves();
  ASSERT_FALSE(moves.empty());
  ASSERT_TRUE(any.play(moves.front()).ok());
  const std::string fen = any.position_line();

  for (const char* bad : {"", "zz", "a1a1", "a9b7", "\x01\x02", "(none)"}) {
    EXPECT_FALSE(any.play(bad).ok()) << "accepted move '" << bad << "'";
    EXPECT_FALSE(any.is_legal(bad));
    EXPECT_EQ(any.position_line(), fen);
  }
  for (const char* bad_fen : {"", "garbage", "1/2/3 1", "/ / / 1 0"}) {
    auto r = any.reset(bad_fen);
    EXPECT_FALSE(r.ok()) << "accepted position '" << bad_fen << "'";
    if (!r.ok()) {
      EXPECT_FALSE(r.error().message.empty());
    }
    EXPECT_EQ(any.position_line(), fen);
  }
  // A legal line replays to the same position from the start position line.
  ASSERT_TRUE(any.reset(any.start_position_line()).ok());
  ASSERT_TRUE(any.play(moves.front()).ok());
  EXPECT_EQ(any.position_line(), fen);
  EXPECT_EQ(any.ply(), 1);
}

}  // namespace
}  // namespace triad
