// EngineState (state/engine_state.h) driven directly, without a protocol session: the one
// check-and-bind of nets, which net a variant gets, the settings the search is given, the
// position with its forfeit, and the book moves.
#include "state/engine_state.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/nnue/random_net_file.h"

namespace triad::state {
namespace {

namespace fs = std::filesystem;

const adapters::Variant& variant(const std::string& name) {
  static const auto registry = adapters::VariantRegistry::builtin();
  return *registry.find(name);
}

// An engine state that keeps its notes, at `name`'s start position.
struct Fixture {
  explicit Fixture(const std::string& name, SearchSettings settings = {})
      : state(
            settings, [this](const std::string& s) { notes.push_back(s); },
            [this](const std::string& s) { errors.push_back(s); }) {
    EXPECT_TRUE(state.select_variant(variant(name)));
  }
  std::vector<std::string> notes;
  std::vector<std::string> errors;
  EngineState state;
};

TEST(BindNet, RefusesANetForAnotherGameOrBoard) {
  Fixture razzle("razzledazzle");
  Fixture yinyang("yinyang");
  const auto net = adapters::nnue::random_razzle_net(1);
  auto bound = bind_net(net, razzle.state.engine());
  ASSERT_TRUE(bound) << bound.error().message;
  EXPECT_NE(bound->model, nullptr);
  EXPECT_EQ(bound->file.game, "razzledazzle");

  auto other_game = bind_net(net, yinyang.state.engine());
  ASSERT_FALSE(other_game);
  EXPECT_EQ(other_game.error().message, "a net for razzledazzle, not for yinyang");

  auto other_board = bind_net(adapters::nnue::random_net_file("razzledazzle", "PBX", 49, 8, 2),
                              razzle.state.engine());
  ASSERT_FALSE(other_board);
  EXPECT_NE(other_board.error().message.find("49"), std::string::npos)
      << other_board.error().message;
}

TEST(EngineState, EvalFileIsTheNetOfItsGamesVariantsOnly) {
  const fs::path file =
      fs::temp_directory_path() / ("triad-engine-state-" + std::to_string(::getpid()) + ".nnue");
  std::ofstream(file, std::ios::binary)
      << adapters::nnue::encode_net_file(adapters::nnue::random_razzle_net(7));

  Fixture f("yinyang");
  EXPECT_EQ(f.state.net(), nullptr);  // Yin Yang has no built-in net
  ASSERT_TRUE(f.state.load_eval_file(file.string()));
  EXPECT_EQ(f.state.net(), nullptr);
  ASSERT_EQ(f.notes.size(), 2u);
  EXPECT_NE(f.notes[1].find("is not used for yinyang: it is a net for razzledazzle"),
            std::string::npos)
      << f.notes[1];

  ASSERT_TRUE(f.state.select_variant(variant("razzledazzle")));
  ASSERT_NE(f.state.net(), nullptr);
  EXPECT_EQ(f.state.net()->file.path, file.string());
  EXPECT_EQ(f.state.search_config().learned, f.state.net()->model);
  f.state.set_learned(false);
  EXPECT_EQ(f.state.search_model(), nullptr);
  EXPECT_EQ(f.state.search_config().learned, nullptr);

  // "" goes back to the built-in net.
  f.state.set_learned(true);
  ASSERT_TRUE(f.state.load_eval_file(""));
  ASSERT_NE(f.state.net(), nullptr);
  EXPECT_EQ(f.state.net()->file.path, "<built-in razzledazzle>");
  EXPECT_TRUE(f.errors.empty());

  auto missing = f.state.load_eval_file((file.string() + ".missing"));
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("cannot open it"), std::string::npos);
  EXPECT_EQ(f.state.net()->file.path, "<built-in razzledazzle>");  // the net before stays
  fs::remove(file);
}

TEST(EngineState, TheSettingsReachTheSearchAndTheGame) {
  SearchSettings settings;
  settings.threads = 2;
  settings.draw_rules = {2, 40};
  Fixture f("razzledazzle", settings);
  EXPECT_EQ(f.state.search_config().threads, 2);
  EXPECT_EQ(f.state.game().draw_rules().max_plies, 40);

  ASSERT_TRUE(f.state.set_threads(3));
  f.state.set_multipv(4);
  f.state.set_move_overhead_ms(7);
  f.state.set_draw_rules({5, 0});
  const auto config = f.state.search_config();
  EXPECT_EQ(config.threads, 3);
  EXPECT_EQ(config.multipv, 4);
  EXPECT_EQ(config.move_overhead_ms, 7);
  EXPECT_EQ(config.draw.repetitions, 5);
  EXPECT_EQ(f.state.game().draw_rules().repetitions, 5);

  // A new variant keeps the settings.
  ASSERT_TRUE(f.state.select_variant(variant("yinyang")));
  EXPECT_EQ(f.state.search_config().threads, 3);
  EXPECT_EQ(f.state.game().draw_rules().repetitions, 5);
}

TEST(EngineState, AnIllegalMoveForfeitsUntilTheNextPosition) {
  Fixture f("razzledazzle");
  const std::string start = f.state.game().start_position_line();
  auto r = f.state.set_position(std::nullopt, {"zz"});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message.rfind("illegal move zz at ply 1 : ", 0), 0u) << r.error().message;
  const auto forfeit = f.state.outcome();
  EXPECT_TRUE(forfeit.over());
  EXPECT_EQ(forfeit.reason, engine::Reason::kIllegalMove);
  EXPECT_EQ(forfeit.result, engine::GameResult::kP2Win);

  // A bad position line changes nothing, a good one ends the forfeit.
  EXPECT_FALSE(f.state.set_position(std::string("nonsense"), {}));
  EXPECT_TRUE(f.state.outcome().over());
  ASSERT_TRUE(f.state.set_position(start, {}));
  EXPECT_FALSE(f.state.outcome().over());
}

TEST(EngineState, BookMovesComeFromTheBuiltInBookWithoutABookFile) {
  Fixture yinyang("yinyang");
  const auto answer = yinyang.state.book_move(false);
  ASSERT_TRUE(answer);
  EXPECT_TRUE(yinyang.state.game().is_legal(answer->move));
  EXPECT_NE(answer->note.find("built-in book: proved"), std::string::npos) << answer->note;
  EXPECT_GT(std::abs(answer->score), 0);

  Fixture razzle("razzledazzle");  // no built-in book, no BookFile
  EXPECT_FALSE(razzle.state.book_move(false));
}

}  // namespace
}  // namespace triad::state
