// The learned evaluation inside the search: along random games of every game that has one,
// the sums the search keeps move by move (engine/search/learned_eval.h, bound to the board by
// GameEngine::bind_net) give the score that the position line's inputs give from scratch
// (adapters/nnue/net_file.h: learned_evaluation, the trainer's layout), after every move and
// after taking moves back; a depth-1 search with a net plays the child that net likes best;
// and a net for another board is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "adapters/common/any_game.h"
#include "adapters/common/game_registry.h"
#include "adapters/common/variants.h"
#include "adapters/ivesdama/notation.h"
#include "adapters/nnue/net_file.h"
#include "adapters/razzle/notation.h"
#include "engine/games/ivesdama/search_hooks.h"
#include "engine/games/razzle/search_hooks.h"
#include "engine/search/learned_eval.h"
#include "learn/layouts.h"
#include "tests/nnue/random_network.h"

namespace triad {
namespace {

using adapters::nnue::NetFile;

// A random net for `variant`'s board, in its game's layout (learn/layouts.h).
template <class G>
NetFile random_net_for(const adapters::TypedGame<G>& game, std::mt19937& rng, int hidden) {
  using N = adapters::Notation<G>;
  NetFile file;
  file.path = "random";
  file.game = std::string(G::kName);
  file.letters = std::string(learn::layout_of(G::kName)->letters);
  for (const int i : N::net_line_index(game.game())) file.points += i >= 0 ? 1 : 0;
  const int inputs = 2 * static_cast<int>(file.letters.size()) * file.points;
  file.net = engine::nnue::random_network(inputs, hidden, rng);
  return file;
}

struct Played {
  std::unique_ptr<adapters::AnyGame> game;
  std::unique_ptr<adapters::GameEngine> engine;
};

Played make(const std::string& variant) {
  static const adapters::VariantRegistry registry = adapters::VariantRegistry::builtin();
  auto game = registry.create(variant);
  EXPECT_TRUE(game) << game.error().message;
  auto for_engine = registry.create(variant);
  auto engine = adapters::make_engine(std::move(*for_engine), 1);
  EXPECT_TRUE(engine) << engine.error().message;
  return {std::move(*game), std::move(*engine)};
}

template <class G>
void check_incremental_sums(const std::string& variant, unsigned seed) {
  std::mt19937 rng(seed);
  Played s = make(variant);
  auto& typed = dynamic_cast<adapters::TypedGame<G>&>(*s.game);
  const NetFile file = random_net_for(typed, rng, 48);
  auto model = s.engine->bind_net(file.net, file.letters, file.points);
  ASSERT_TRUE(model) << model.error().message;
  engine::detail::LearnedEvaluator<G> learned;
  learned.attach(*model, 400);
  int checked = 0;
  for (int game = 0; game < 6; ++game) {
    ASSERT_TRUE(s.game->reset(s.game->start_position_line()));
    learned.reset(typed.game(), typed.line().current());
    for (int ply = 0; ply < 120 && !s.game->outcome().over(); ++ply) {
      const auto moves = s.game->legal_moves();
      if (moves.empty()) break;
      // A sibling tried (evaluated or not) and taken back first: the sums of the line must be
      // as before.
      const auto sibling = moves[rng() % moves.size()];
      ASSERT_TRUE(s.game->play(sibling));
      learned.push(typed.game(), typed.line().current());
      if (rng() % 2 == 0) {
        const auto fresh = adapters::nnue::learned_evaluation(file, *s.game);
        ASSERT_TRUE(fresh) << fresh.error().message;
        ASSERT_EQ(learned.evaluate(s.game->side_to_move()), *fresh) << s.game->position_line();
      }
      learned.pop();
      ASSERT_TRUE(s.game->take_back());
      ASSERT_TRUE(s.game->play(moves[rng() % moves.size()]));
      learned.push(typed.game(), typed.line().current());
      // Evaluated at about every third ply: the sums of the plies between are made then.
      if (rng() % 3 != 0) continue;
      const auto fresh = adapters::nnue::learned_evaluation(file, *s.game);
      ASSERT_TRUE(fresh) << fresh.error().message;
      ASSERT_EQ(learned.evaluate(s.game->side_to_move()), *fresh)
          << variant << " game " << game << " ply " << ply << ": " << s.game->position_line();
      ++checked;
    }
  }
  EXPECT_GT(checked, 40);
}

TEST(LearnedSearch, IncrementalSumsEqualAFreshEvaluationAlongRandomGames) {
  check_incremental_sums<games::razzle::Game>("razzledazzle", 1);
  check_incremental_sums<games::razzle::Game>("razzledazzle-basic", 2);
  check_incremental_sums<games::ivesdama::Game>("ivesdama", 3);
  check_incremental_sums<games::ivesdama::Game>("ivesdama-arc", 4);
}

// At depth 1 every child of Razzle Dazzle's start is a leaf judged by the net (no goal in
// reach), so the root's score is the best of minus each child's learned score. (Íves dáma's
// leaves go on into quiescence over captures; its sums are checked above.)
TEST(LearnedSearch, ADepthOneSearchTakesTheChildTheNetLikesBest) {
  std::mt19937 rng(5);
  Played s = make("razzledazzle");
  const NetFile file =
      random_net_for(dynamic_cast<adapters::TypedGame<games::razzle::Game>&>(*s.game), rng, 16);
  auto model = s.engine->bind_net(file.net, file.letters, file.points);
  ASSERT_TRUE(model);
  int expected = -1000000;
  for (const auto& move : s.game->legal_moves()) {
    auto child = s.game->clone();
    ASSERT_TRUE(child->play(move));
    const auto score = adapters::nnue::learned_evaluation(file, *child);
    ASSERT_TRUE(score);
    expected = std::max(expected, -*score);
  }
  adapters::SearchRequest request;
  request.limits.depth = 1;
  request.config.learned = *model;
  ASSERT_TRUE(s.engine->prepare());
  int reported = 0;
  s.engine->search(request, [&](const adapters::TextInfo& info) { reported = info.score; });
  EXPECT_EQ(reported, expected);
  // The classical evaluation gives another score: the net was really used.
  request.config.learned = nullptr;
  int classical = 0;
  s.engine->search(request, [&](const adapters::TextInfo& info) { classical = info.score; });
  EXPECT_NE(classical, expected);
}

TEST(LearnedSearch, ANetForAnotherBoardOrGameIsRefused) {
  std::mt19937 rng(9);
  Played razzle = make("razzledazzle");
  const NetFile file =
      random_net_for(dynamic_cast<adapters::TypedGame<games::razzle::Game>&>(*razzle.game), rng, 8);
  auto wrong_letters = razzle.engine->bind_net(file.net, "PB", file.points);
  ASSERT_FALSE(wrong_letters);
  EXPECT_NE(wrong_letters.error().message.find("men are PB"), std::string::npos);
  Played ives = make("ivesdama");
  auto wrong_board = ives.engine->bind_net(file.net, "P", file.points);
  ASSERT_FALSE(wrong_board);
  EXPECT_NE(wrong_board.error().message.find("board of 56 points"), std::string::npos)
      << wrong_board.error().message;
  Played yinyang = make("yinyang");
  auto no_net = yinyang.engine->bind_net(file.net, file.letters, file.points);
  ASSERT_FALSE(no_net);
  EXPECT_NE(no_net.error().message.find("no learned evaluation"), std::string::npos);
}

}  // namespace
}  // namespace triad
