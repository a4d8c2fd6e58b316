// triad-analyse -review -tb on Íves dáma: inside the endgame tables the tables decide. A move
// that turns a won position into a draw or a loss is a blunder whatever the engine's score,
// moves that keep the value are never worse than good, and every line's exact values are the
// tables' own (read here with the table reader; the tables themselves are checked against a
// plain minimax in tests/tables). Also -tb's errors.
#include <algorithm>

#include <yaml-cpp/yaml.h>

#include <gtest/gtest.h>

#include "adapters/records/writer.h"
#include "adapters/tables/variant_tables.h"
#include "tables/builder.h"
#include "tests/analysis/analyse_support.h"

namespace triad::analysis::testing {
namespace {

namespace iv = games::ivesdama;

std::unique_ptr<adapters::AnyGame> new_game(const std::string& variant) {
  auto made = adapters::VariantRegistry::builtin().create(variant);
  EXPECT_TRUE(made.ok());
  return std::move(*made);
}

const iv::Game& rules_of(const adapters::AnyGame& game) {
  return dynamic_cast<const adapters::TypedGame<iv::Game>&>(game).game();
}

// The ≤ 4-stone tables of `variant` built into `dir`.
std::shared_ptr<const tables::VariantTables> build(const std::filesystem::path& dir,
                                                   const std::string& variant) {
  const auto game = new_game(variant);
  EXPECT_TRUE(tables::build_tables(rules_of(*game), {dir, 4, 2, {}, {}}).ok());
  auto opened = tables::VariantTables::open(dir, new_game(variant));
  EXPECT_TRUE(opened.ok()) << opened.error().message;
  return *opened;
}

struct Game {
  std::string start;
  std::vector<std::string> moves;
  std::vector<bool> keeps;  // each move keeps the position's value in the tables
};

// From a 2-against-2 position that Player 1 wins: first a move that gives the win away, then
// moves that keep the value (the first legal one each time), for up to eight plies.
Game throw_away_a_win(const tables::VariantTables& tb) {
  auto game = new_game("ivesdama");
  const iv::Game& g = rules_of(*game);
  const tables::SliceIndex slice(g.geometry().num_points, g.geometry().all, {2, 2});
  const auto result_after = [&tb](const adapters::AnyGame& at, const std::string& move) {
    auto child = at.clone();
    EXPECT_TRUE(child->play(move));
    if (const auto o = child->outcome(); o.over()) return std::optional(o.result);
    return tb.result(*child);
  };
  for (std::uint64_t i = 0; i < slice.placements(); ++i) {
    const auto pos = slice.position(g, i);
    if (tables::dont_care(g, pos)) continue;
    Game out{adapters::Notation<iv::Game>::format_position(g, pos), {}, {}};
    if (!game->reset(out.start) || game->side_to_move() != engine::Player::kOne ||
        tb.result(*game) != engine::GameResult::kP1Win)
      continue;
    for (const auto& m : game->legal_moves())
      if (result_after(*game, m) != engine::GameResult::kP1Win) out.moves = {m};
    if (out.moves.empty()) continue;  // every move keeps the win
    out.keeps = {false};
    EXPECT_TRUE(game->play(out.moves[0]));
    while (out.moves.size() < 8 && !game->outcome().over()) {
      const auto value = tb.result(*game);
      const auto moves = game->legal_moves();
      const auto keeping = std::find_if(moves.begin(), moves.end(), [&](const std::string& m) {
        return result_after(*game, m) == value;
      });
      if (keeping == moves.end()) {
        ADD_FAILURE() << "no move keeps the value of a position in the tables";
        break;
      }
      out.moves.push_back(*keeping);
      out.keeps.push_back(true);
      EXPECT_TRUE(game->play(*keeping));
    }
    return out;
  }
  ADD_FAILURE() << "no won 2-against-2 position with a move that gives the win away";
  return {};
}

std::string record_of(const Game& game) {
  adapters::records::Record r;
  r.tags = {{"Variant", "ivesdama"}, {"FEN", game.start}};
  for (const auto& m : game.moves) r.moves.push_back({m, {}});
  return adapters::records::write_record(r);
}

const std::vector<std::string> kSettings = {"-nodes",           "2000",   "-engine",
                                            "option.Threads=1", "-quiet", "-review"};

TEST(ReviewTables, MovesInsideTheTablesAreJudgedByThem) {
  TempDir dir("review_tables");
  const auto tb = build(dir / "tb", "ivesdama");
  const Game game = throw_away_a_win(*tb);
  ASSERT_GE(game.moves.size(), 2u);
  write_text(dir / "game.pgn", record_of(game));
  const auto r = run_analyse(
      with(kSettings, {"-tb", (dir / "tb").string(), (dir / "game.pgn").string()}), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), game.moves.size() + 1) << r.out;

  auto replay = new_game("ivesdama");
  ASSERT_TRUE(replay->reset(game.start));
  for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
    const YAML::Node line = YAML::Load(out[ply]);
    ASSERT_EQ(line["move"].as<std::string>(), game.moves[ply]) << r.out;
    ASSERT_TRUE(line["exact"]) << "inside the tables every move has its exact value: " << out[ply];
    const auto before = tb->result(*replay);
    ASSERT_TRUE(replay->play(game.moves[ply]));
    const auto after = replay->outcome().over() ? replay->outcome().result : *tb->result(*replay);
    EXPECT_EQ(line["exact"]["before"].as<std::string>(), adapters::records::result_token(*before));
    EXPECT_EQ(line["exact"]["played"].as<std::string>(), adapters::records::result_token(after));
    // A table result is shown as such (or as the engine's mate), never as a huge number.
    for (const char* key : {"before", "played"}) {
      const YAML::Node s = line[key];
      if (s["mate"]) continue;
      ASSERT_TRUE(s["proven"]) << key << " " << out[ply];
      EXPECT_EQ(s["by"].as<std::string>(), "table") << out[ply];
    }
    EXPECT_EQ(line["played"]["proven"] ? line["played"]["proven"].as<std::string>()
                                       : line["exact"]["played"].as<std::string>(),
              line["exact"]["played"].as<std::string>())
        << out[ply];
    const std::string cls = line["class"].as<std::string>();
    if (game.keeps[ply]) {
      EXPECT_TRUE(cls == "best" || cls == "excellent" || cls == "good") << out[ply];
      EXPECT_EQ(line["loss"].as<double>(), 0.0) << out[ply];
    } else {
      EXPECT_EQ(cls, "blunder") << out[ply];
      EXPECT_GE(line["loss"].as<double>(), 0.5) << out[ply];  // a won game drawn or lost
    }
  }

  // Without -tb the same game has no table values (the tables made the difference): no exact
  // value before the last move (whose position may be known without tables when every move
  // there ends the game).
  const auto plain = run_analyse(with(kSettings, {(dir / "game.pgn").string()}), dir.path());
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const auto plain_lines = lines_of(plain.out);
  ASSERT_EQ(plain_lines.size(), out.size()) << plain.out;
  for (std::size_t ply = 0; ply + 1 < game.moves.size(); ++ply)
    EXPECT_FALSE(YAML::Load(plain_lines[ply])["exact"]) << plain_lines[ply];
  EXPECT_EQ(plain.out.find("\"table\""), std::string::npos) << plain.out;
}

TEST(ReviewTables, BadTablesAreOneClearErrorBeforeAnyWork) {
  TempDir dir("review_tables_errors");
  build(dir / "arc", "ivesdama-arc");
  std::filesystem::create_directories(dir / "empty");
  write_text(dir / "game.pgn", "[Variant \"ivesdama\"]\n\n*\n");
  for (const auto& [args, why] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"-nodes", "100", "-tb", (dir / "arc").string()}, "-tb DIR needs -review"},
           {with(kSettings, {"-tb", (dir / "missing").string()}), "not a folder of table files"},
           {with(kSettings, {"-tb", (dir / "game.pgn").string()}), "not a folder of table files"},
           {with(kSettings, {"-tb", (dir / "empty").string()}), "no table files"}}) {
    const auto r = run_analyse(with(args, {(dir / "game.pgn").string()}), dir.path());
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // Tables of the arc rules for games of the base rules: reviewed without them, and told so.
  const auto other = run_analyse(
      with(kSettings, {"-tb", (dir / "arc").string(), (dir / "game.pgn").string()}), dir.path());
  EXPECT_EQ(other.exit_code, 0) << other.err;
  EXPECT_NE(other.err.find("no tables for variant 'ivesdama'"), std::string::npos) << other.err;
}

}  // namespace
}  // namespace triad::analysis::testing
