// Íves dáma notation and consistency along seeded random games: position lines and move
// tokens round-trip, the incremental Zobrist key equals a fresh one, count_moves() agrees
// with generate(), moves are unique; malformed inputs are rejected with the right message;
// TypedGame (the protocol's interface) works for the game.
#include <random>
#include <set>
#include <tuple>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "adapters/common/any_game.h"
#include "test_util.h"

namespace triad::games::ivesdama::testing {
namespace {

using ::testing::HasSubstr;

// Checks everything that must hold in one position; returns its legal moves.
Game::MoveList check_position(const Game& game, const Position& pos) {
  const std::string fen = Notation::format_position(game, pos);
  auto parsed = Notation::parse_position(game, fen);
  EXPECT_TRUE(parsed.ok()) << fen;
  if (parsed) {
    EXPECT_EQ(*parsed, pos) << fen;
  }
  EXPECT_EQ(pos.hash, game.compute_hash(pos)) << fen;
  Game::MoveList moves;
  game.generate(pos, {}, moves);
  EXPECT_EQ(game.count_moves(pos, {}), moves.size()) << fen;
  std::set<std::tuple<int, int, std::uint32_t>> seen;
  for (const auto& m : moves) {
    EXPECT_TRUE(seen.insert({m.from, m.to, m.captured}).second) << "duplicate move in " << fen;
    const std::string token = Notation::format_move(game, pos, m);
    auto back = Notation::parse_move(game, pos, {}, token);
    EXPECT_TRUE(back.ok()) << token << " in " << fen << ": " << back.error().message;
    if (back) {
      EXPECT_EQ(*back, m) << token << " in " << fen;
    }
  }
  return moves;
}

class RandomGames : public ::testing::TestWithParam<std::string> {};

TEST_P(RandomGames, NotationHashAndCountsStayConsistent) {
  const Game game = default_game(GetParam());
  std::mt19937 rng(20261130);
  int captures = 0;
  int finished = 0;
  for (int g = 0; g < 150; ++g) {
    Position pos = game.start_position();
    for (int ply = 0; ply < 200 && !game.terminal(pos).over(); ++ply) {
      const auto moves = check_position(game, pos);
      if (moves.empty()) break;
      const auto& m = moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)];
      captures += m.is_capture();
      pos = game.make(pos, m);
      EXPECT_EQ(pos.ply, ply + 1);
    }
    finished += game.terminal(pos).over();
  }
  EXPECT_GT(captures, 1000);  // the games really exercise capture sequences
  EXPECT_GT(finished, 0);     // and some end on a base point
}

INSTANTIATE_TEST_SUITE_P(Variants, RandomGames,
                         ::testing::Values("ivesdama", "ivesdama-arc", "ivesdama-forward"),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::erase(name, '-');
                           return name;
                         });

TEST(IvesNotation, SeparatorsAreAccepted) {
  const Game game = default_game();
  const Position pos = position(game, "1/3/5/3/1/1p1/Pp3/3/1 1");
  for (const char* token : {"a3c3c5", "a3-c3-c5", "a3xc3xc5", "a3c3-c5"}) {
    auto m = Notation::parse_move(game, pos, {}, token);
    ASSERT_TRUE(m.ok()) << token << ": " << m.error().message;
    EXPECT_EQ(Notation::format_move(game, pos, *m), "a3c3c5");
  }
  EXPECT_TRUE(Notation::parse_move(game, game.start_position(), {}, "b4-c5").ok());
}

TEST(IvesNotation, MalformedMovesAreRejected) {
  const Game game = default_game();
  const Position start = game.start_position();
  const std::pair<const char*, const char*> cases[] = {
      {"", "malformed move '': the move is empty"},
      {"b4", "needs at least two points"},
      {"b4c", "has no rank number"},
      {"b4-", "ends with a separator"},
      {"4c5", "expected a point name"},
      {"b4--c5", "expected a point name"},
      {"b4z5", "'z5' is not a point of the board"},
      {"b4a5", "'a5' is not a point of the board"},
      {"B4C5", "expected a point name"},
  };
  for (const auto& [token, message] : cases) {
    auto m = Notation::parse_move(game, start, {}, token);
    ASSERT_FALSE(m.ok()) << token;
    EXPECT_THAT(m.error().message, HasSubstr(message)) << token;
  }
}

TEST(IvesNotation, IllegalMovesSayWhy) {
  const Game game = default_game();
  const Position start = game.start_position();
  const std::pair<const char*, const char*> cases[] = {
      {"c5c6", "no piece of Player 1 (to move) on c5"},
      {"c6c5", "no piece of Player 1 (to move) on c6"},
      {"c3c5", "not joined by a line or arc"},
      {"c3c4", "c4 is occupied"},
      {"b4c5d6", "a move is one step"},
  };
  for (const auto& [token, message] : cases) {
    auto m = Notation::parse_move(game, start, {}, token);
    ASSERT_FALSE(m.ok()) << token;
    EXPECT_THAT(m.error().message, HasSubstr(message)) << token;
  }
}

TEST(IvesNotation, MalformedPositionsAreRejected) {
  const Game game = default_game();
  const std::pair<const char*, const char*> cases[] = {
      {"", "expected '<board> <side to move> [<ply>]'"},
      {"p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P", "got 1 fields"},
      {"p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 0 x", "got 4 fields"},
      {"p/ppp/ppppp/ppp/PPP/PPPPP/PPP/P 1", "expected 9 ranks"},
      {"p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P/1 1", "expected 9 ranks"},
      {"p/ppp/ppppq/ppp/1/PPP/PPPPP/PPP/P 1", "unexpected character 'q'"},
      {"p/ppp/pppp/ppp/1/PPP/PPPPP/PPP/P 1", "rank 7 (the 3rd from the top) describes 4 points"},
      {"p/ppp/ppppp/ppp/2/PPP/PPPPP/PPP/P 1", "rank 5 (the 5th from the top) describes 2"},
      {"p/ppp/ppppp/ppp/0/PPP/PPPPP/PPP/P 1", "unexpected character '0'"},
      {"p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 3", "side to move: expected 1 or 2"},
      {"p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 -4", "ply: expected a whole number"},
      {"p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 99999999999", "ply: expected a whole number"},
      {"p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 1000000001", "ply: expected a whole number"},
  };
  for (const auto& [fen, message] : cases) {
    auto pos = Notation::parse_position(game, fen);
    ASSERT_FALSE(pos.ok()) << fen;
    EXPECT_THAT(pos.error().message, HasSubstr(message)) << fen;
  }
  auto ok = Notation::parse_position(game, "p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 2 17");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok->side_to_move, Player::kTwo);
  EXPECT_EQ(ok->ply, 17);
}

// Mutated inputs (random characters replaced, inserted, removed) are either accepted or
// rejected with a message; nothing crashes (the ASan build checks memory safety too).
TEST(IvesNotation, MutatedInputsNeverCrash) {
  const Game game = default_game("ivesdama-arc");
  const Position pos = position(game, "1/pPp/5/3/1/3/5/1p1/1 1");
  const std::string alphabet = "Pp0123456789/ -xabcdez:[]{},#\n";
  std::mt19937 rng(99);
  auto mutate = [&](std::string text) {
    const int edits = std::uniform_int_distribution<int>(1, 4)(rng);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = std::uniform_int_distribution<std::size_t>(0, text.size())(rng);
      const char c =
          alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
      switch (std::uniform_int_distribution<int>(0, 2)(rng)) {
        case 0:
          text.insert(text.begin() + static_cast<std::ptrdiff_t>(at), c);
          break;
        case 1:
          if (at < text.size()) text[at] = c;
          break;
        default:
          if (at < text.size()) text.erase(at, 1);
          break;
      }
    }
    return text;
  };
  for (int i = 0; i < 2000; ++i) {
    auto p = Notation::parse_position(game, mutate("p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 0"));
    if (!p) {
      EXPECT_FALSE(p.error().message.empty());
    }
    auto m = Notation::parse_move(game, pos, {}, mutate("c8b2d2c8"));
    if (!m) {
      EXPECT_FALSE(m.error().message.empty());
    }
  }
  const std::string yaml(adapters::ivesdama::default_board_yaml());
  for (int i = 0; i < 150; ++i) {
    auto board = adapters::ivesdama::load_board_text(mutate(yaml), "mutated.yaml");
    if (board) {
      EXPECT_TRUE(Game::create({}, *board).ok());
    } else {
      EXPECT_THAT(board.error().message, HasSubstr("mutated.yaml:"));
    }
  }
}

TEST(IvesNotation, TypedGameDrivesTheGame) {
  adapters::TypedGame<Game> any(default_game());
  EXPECT_EQ(any.game_name(), "ivesdama");
  EXPECT_EQ(any.start_position_line(), "p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 0");
  EXPECT_THAT(any.legal_moves(), ::testing::UnorderedElementsAre("b4c5", "c4c5", "d4c5"));
  ASSERT_TRUE(any.play("c4c5").ok());
  EXPECT_EQ(any.position_line(), "p/ppp/ppppp/ppp/P/P1P/PPPPP/PPP/P 2 1");
  EXPECT_EQ(any.side_to_move(), Player::kTwo);
  EXPECT_FALSE(any.play("c6c5").ok());  // occupied, and a capture is compulsory
  EXPECT_EQ(any.ply(), 1);
  EXPECT_TRUE(any.is_legal("c6c4"));
  EXPECT_EQ(any.score_text(), "none");
  EXPECT_EQ(any.perft_divide(2).size(), any.legal_moves().size());
  // A won position: Player 1 ends a move on c9.
  ASSERT_TRUE(any.reset("1/p2/P4/1p1/1/3/5/3/1 1").ok());
  ASSERT_TRUE(any.play("a7c9").ok());
  EXPECT_EQ(any.outcome(), engine::Outcome::win_for(Player::kOne, engine::Reason::kGoal));
  EXPECT_TRUE(any.legal_moves().empty());
  EXPECT_FALSE(any.play("c6c5").ok());
  EXPECT_FALSE(any.reset("nonsense 1").ok());
  EXPECT_EQ(any.position_line(), "P/3/5/1p1/1/3/5/3/1 2 1");  // a failed reset changes nothing
  EXPECT_THAT(any.board_json(), HasSubstr("{\"name\":\"c9\",\"x\":2,\"y\":8,\"piece\":\"P\"}"));
  EXPECT_THAT(any.board_json(),
              HasSubstr("\"arcs\":[{\"from\":\"b2\",\"to\":\"b8\",\"side\":\"left\"}"));
}

TEST(IvesNotation, BoardDrawingShowsPointsLinesAndArcs) {
  const Game game = default_game();
  const std::string text = Notation::render_board(game, game.start_position());
  const std::string expected =
      " 9           p\n"
      "           / | \\\n"
      " 8 ,-----p---p---p-----.\n"
      "   |   / | \\ | / | \\   |\n"
      " 7 | p---p---p---p---p |\n"
      "   |   \\ | / | \\ | /   |\n"
      " 6 |     p---p---p     |\n"
      "   |       \\ | /       |\n"
      " 5 |         .         |\n"
      "   |       / | \\       |\n"
      " 4 |     P---P---P     |\n"
      "   |   / | \\ | / | \\   |\n"
      " 3 | P---P---P---P---P |\n"
      "   |   \\ | / | \\ | /   |\n"
      " 2 `-----P---P---P-----'\n"
      "           \\ | /\n"
      " 1           P\n"
      "     a   b   c   d   e\n"
      "P = Player 1 (base c1), p = Player 2 (base c9)\n";
  EXPECT_EQ(text, expected) << text;
}

}  // namespace
}  // namespace triad::games::ivesdama::testing
