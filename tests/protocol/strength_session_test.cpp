// The weakened move choice (engine/search/skill.h), and strength levels through the protocol
// (in process): the options and their errors, a limited level's deterministic and sometimes
// weaker choice, full strength unchanged, and no book, endgame solver or endgame table at a
// limited level.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "adapters/common/game_registry.h"
#include "adapters/common/variants.h"
#include "engine/search/skill.h"
#include "session_driver.h"
#include "state/strength.h"
#include "tests/support/sanitizer.h"

namespace triad::protocol::testing {
namespace {

using Lines = std::vector<std::string>;

std::string bestmove(const Lines& out) {
  for (const auto& l : out)
    if (starts_with(l, "bestmove ")) return std::string(tokenize(l)[1]);
  return "";
}

bool any_mate_score(const Lines& out) {
  for (const auto& l : out)
    if (l.find(" score mate ") != std::string::npos) return true;
  return false;
}

// The move a fresh session plays in `variant` after `setup` lines, searching `go`.
Lines play(const std::string& variant, const Lines& setup, const std::string& position,
           const std::string& go = "go nodes 2000") {
  SessionDriver d;
  d.send("setoption name UCI_Variant value " + variant);
  for (const auto& l : setup) d.send(l);
  d.send("position " + position);
  return d.send(go);
}

TEST(Skill, TheChoiceFollowsTemperatureAndSeed) {
  engine::Skill skill;
  skill.active = true;
  skill.temperature = 1e-3;  // cold: always the best line
  const std::vector<int> scores{50, 40, -300};
  for (std::uint64_t hash = 0; hash < 200; ++hash)
    EXPECT_EQ(engine::choose_skill_move(skill, scores, hash), 0u);
  skill.temperature = 200;  // warm: the lines in proportion to exp(-d / 200)
  std::vector<int> picked(3, 0);
  for (std::uint64_t hash = 0; hash < 2000; ++hash) {
    const auto c = engine::choose_skill_move(skill, scores, hash);
    ASSERT_LT(c, scores.size());
    ++picked[c];
    // The same seed and position: the same choice.
    EXPECT_EQ(engine::choose_skill_move(skill, scores, hash), c);
  }
  EXPECT_GT(picked[1], 600);  // weight 0.95 of 2.12: about 900 of 2000
  EXPECT_GT(picked[2], 100);  // weight 0.17: about 160
  EXPECT_LT(picked[2], picked[1]);
  // A forced win is kept however warm: the other lines weigh exp(-(~31000) / 200).
  const std::vector<int> win{engine::kMateScore - 5, 100};
  for (std::uint64_t hash = 0; hash < 200; ++hash)
    EXPECT_EQ(engine::choose_skill_move(skill, win, hash), 0u);
  // A line into a forced loss is never drawn while another line does not lose.
  const std::vector<int> loss{-20, -engine::kMateScore + 4};
  for (std::uint64_t hash = 0; hash < 200; ++hash)
    EXPECT_EQ(engine::choose_skill_move(skill, loss, hash), 0u);
}

// A position of a random game where the side to move can win at once, or where some moves
// let the opponent win at once and others do not, with those two sets of moves.
struct Trap {
  std::string position;
  std::set<std::string> wins;    // moves that end the game won for the mover
  std::set<std::string> losing;  // moves after which the opponent has such a move
  std::size_t legal = 0;
};

bool wins_at_once(adapters::AnyGame& game, const std::string& move) {
  const auto mover = game.side_to_move();
  EXPECT_TRUE(game.play(move).ok());
  const auto o = game.outcome();
  game.take_back();
  return o.over() && o == engine::Outcome::win_for(mover, o.reason);
}

std::vector<Trap> traps_of(const std::string& variant, std::size_t wanted) {
  auto made = adapters::VariantRegistry::builtin().create(variant);
  EXPECT_TRUE(made.ok());
  auto& game = **made;
  std::mt19937_64 rng(11);
  std::vector<Trap> traps;
  for (int g = 0; g < 400 && traps.size() < wanted; ++g) {
    EXPECT_TRUE(game.reset(game.start_position_line()).ok());
    while (!game.outcome().over() && game.ply() < 300 && traps.size() < wanted) {
      Trap t{game.position_line(), {}, {}, game.legal_moves().size()};
      for (const auto& m : game.legal_moves()) {
        if (wins_at_once(game, m)) t.wins.insert(m);
        EXPECT_TRUE(game.play(m).ok());
        if (!game.outcome().over())
          for (const auto& reply : game.legal_moves())
            if (wins_at_once(game, reply)) {
              t.losing.insert(m);
              break;
            }
        game.take_back();
      }
      if (!t.wins.empty() || (!t.losing.empty() && t.losing.size() < t.legal)) traps.push_back(t);
      const auto legal = game.legal_moves();
      EXPECT_TRUE(game.play(legal[rng() % legal.size()]).ok());
    }
  }
  return traps;
}

// Up the ladder of every game a level sees at least as far and spends a larger budget; Level 0
// looks one ply ahead and from Level 1 every level also sees the reply.
TEST(Skill, EveryGamesLevelsSeeFurtherAndSearchMoreUpTheLadder) {
  for (const auto* game : adapters::all_games()) {
    SCOPED_TRACE(game->name);
    engine::Skill previous;
    for (int level = 0; level < 20; ++level) {
      const auto skill = state::skill_for_raw((level + 1) / 20.0, 70, game->level_search);
      EXPECT_EQ(skill.depth >= 2, level >= 1) << "level " << level;
      if (level > 0) {
        EXPECT_GE(skill.depth, previous.depth) << "level " << level;
        EXPECT_LE(skill.depth, previous.depth + 1) << "level " << level;
        EXPECT_GT(skill.nodes, previous.nodes) << "level " << level;
      }
      previous = skill;
    }
  }
}

// A level searches as its game says (GameDescriptor::level_search): Razzle Dazzle, whose plies
// are dear, gains a ply every few levels and spends a larger budget than the default shape.
TEST(StrengthSession, ALevelSearchesAsItsGameSays) {
  adapters::VariantRegistry variants;
  variants.add_default_variants();
  const auto* razzle = adapters::find_game("razzledazzle");
  ASSERT_NE(razzle, nullptr);
  for (const std::string game_name : {"razzledazzle", "yinyang"}) {
    auto game = variants.create(game_name);
    ASSERT_TRUE(game.ok());
    state::Options options;
    state::declare_strength_options(options);
    ASSERT_TRUE(options.set("Skill Level", "12").ok());
    std::mt19937_64 rng(1);
    const auto skill = state::strength_level(options, **game, 70, rng);
    ASSERT_TRUE(skill.has_value());
    const auto own = state::skill_for_raw(0.65, 70, adapters::find_game(game_name)->level_search);
    EXPECT_EQ(skill->depth, own.depth) << game_name;
    EXPECT_EQ(skill->nodes, own.nodes) << game_name;
  }
  const auto razzle12 = state::skill_for_raw(0.65, 70, razzle->level_search);
  const auto default12 = state::skill_for_raw(0.65, 70, adapters::LevelSearch{});
  EXPECT_LT(razzle12.depth, default12.depth);
  EXPECT_GT(razzle12.nodes, default12.nodes);
}

// No search lies between Level 0's one ply and Level 1's two: a UCI_Elo between their ratings
// plays each move as one of them, as Level 1 with the chance of its place between the two, so
// that the rating there is not Level 0's all the way up; a fixed Skill Seed plays one of them.
TEST(StrengthSession, ARatingBetweenLevels0And1PlaysEachMoveAsOneOfThem) {
  adapters::VariantRegistry variants;
  variants.add_default_variants();
  auto game = variants.create("razzledazzle");
  ASSERT_TRUE(game.ok());
  const auto ratings = adapters::find_game("razzledazzle")->strength_ratings;
  const auto share_of_two_plies = [&](double elo, const std::string& seed) {
    state::Options options;
    state::declare_strength_options(options);
    EXPECT_TRUE(options.set("UCI_LimitStrength", "true").ok());
    EXPECT_TRUE(options.set("UCI_Elo", std::to_string(std::lround(elo))).ok());
    EXPECT_TRUE(options.set("Skill Seed", seed).ok());
    std::mt19937_64 rng(7);
    int deeper = 0;
    for (int move = 0; move < 400; ++move) {
      const auto skill = state::strength_level(options, **game, 70, rng);
      EXPECT_TRUE(skill.has_value());
      EXPECT_TRUE(skill->depth == 1 || skill->depth == 2) << skill->depth;
      deeper += skill->depth == 2;
    }
    return deeper / 400.0;
  };
  EXPECT_EQ(share_of_two_plies(ratings[0], "0"), 0.0);
  EXPECT_EQ(share_of_two_plies(ratings[1], "0"), 1.0);
  // Level 1 with the chance 1 - sqrt(1 - q) at the place q between the two ratings: about
  // 13 % of the moves a quarter of the way up, half of them three quarters of the way up.
  const double quarter = share_of_two_plies(ratings[0] + (ratings[1] - ratings[0]) / 4, "0");
  EXPECT_GT(quarter, 0.08);
  EXPECT_LT(quarter, 0.19);
  const double three_quarters =
      share_of_two_plies(ratings[0] + 3 * (ratings[1] - ratings[0]) / 4, "0");
  EXPECT_GT(three_quarters, 0.43);
  EXPECT_LT(three_quarters, 0.57);
  const double fixed = share_of_two_plies((ratings[0] + ratings[1]) / 2, "5");
  EXPECT_TRUE(fixed == 0.0 || fixed == 1.0) << fixed;
}

TEST(StrengthSession, FromLevel1ALevelTakesAOneMoveWinAndAvoidsAOneMoveLoss) {
  // The levels' error is a plausible move, never one that throws the game at once: from
  // Skill Level 1 on (two plies; docs/strength.md) a level that can win at once does, and one that
  // can avoid losing at once does, whatever the draw.
  for (const std::string variant : {"razzledazzle", "yinyang", "ivesdama-forward"}) {
    const auto traps = traps_of(variant, 8);
    ASSERT_GE(traps.size(), 6u) << variant;
    for (const auto& t : traps)
      for (const char* level : {"1", "10"})
        for (int seed = 1; seed <= 2; ++seed) {
          const Lines setup{std::string("setoption name Skill Level value ") + level,
                            "setoption name Skill Seed value " + std::to_string(seed)};
          const auto move = bestmove(play(variant, setup, "fen " + t.position));
          const std::string where = variant + " level " + level + " seed " + std::to_string(seed) +
                                    ": fen " + t.position + " " + move;
          if (!t.wins.empty())
            EXPECT_TRUE(t.wins.count(move)) << where << " misses a win at once";
          else
            EXPECT_FALSE(t.losing.count(move)) << where << " lets the opponent win at once";
        }
  }
}

TEST(StrengthSession, OptionsAreDeclaredAndValidated) {
  SessionDriver d;
  const auto out = d.send("uci");
  EXPECT_EQ(count_prefix(out, "option name UCI_LimitStrength type check default false"), 1);
  // The default variant's own range (Razzle Dazzle's strongest level, docs/strength.md).
  EXPECT_EQ(count_prefix(out, "option name UCI_Elo type spin default 2659 min 395 max 2659"), 1);
  EXPECT_EQ(count_prefix(out, "option name Skill Level type spin default 20 min 0 max 20"), 1);
  EXPECT_EQ(count_prefix(out, "option name Skill Seed type spin default 0 min 0 max 2147483647"),
            1);
  EXPECT_EQ(d.send("setoption name Skill Level value 21"),
            Lines{"info string error setoption Skill Level : 21 is out of range 0..20"});
  EXPECT_EQ(d.send("setoption name UCI_Elo value 2660"),
            Lines{"info string error setoption UCI_Elo : 2660 is out of range 395..2659"});
  EXPECT_EQ(d.send("setoption name Skill Level value weak"),
            Lines{"info string error setoption Skill Level : 'weak' is not an integer"});
  EXPECT_EQ(d.send("setoption name skill level value 3"), Lines{});
}

TEST(StrengthSession, ALimitedLevelIsDeterministicUnderItsSeedAndSometimesNotTheBest) {
  const std::string start = "startpos moves c1d3 b8c6";
  const std::string best = bestmove(play("razzledazzle", {}, start));
  ASSERT_FALSE(best.empty());
  std::set<std::string> played;
  for (int seed = 1; seed <= 12; ++seed) {
    const Lines setup{"setoption name Skill Level value 4",
                      "setoption name Skill Seed value " + std::to_string(seed)};
    const std::string move = bestmove(play("razzledazzle", setup, start));
    EXPECT_EQ(bestmove(play("razzledazzle", setup, start)), move) << "seed " << seed;
    played.insert(move);
  }
  EXPECT_GT(played.size(), 2u);  // the seed matters
  played.erase(best);
  EXPECT_FALSE(played.empty());  // and some seeds play another move than the best
}

TEST(StrengthSession, LimitStrengthUsesUciEloOverSkillLevel) {
  // Yin Yang's start: full strength answers from the built-in book, any limited level
  // searches; UCI_LimitStrength with UCI_Elo limits even at Skill Level 20.
  const auto full = play("yinyang", {}, "startpos");
  EXPECT_EQ(count_prefix(full, "info string book move"), 1);
  const auto limited =
      play("yinyang",
           {"setoption name UCI_LimitStrength value true", "setoption name UCI_Elo value 125"},
           "startpos");
  EXPECT_EQ(count_prefix(limited, "info string book move"), 0);
  EXPECT_FALSE(bestmove(limited).empty());
  const auto skill = play("yinyang", {"setoption name Skill Level value 19"}, "startpos");
  EXPECT_EQ(count_prefix(skill, "info string book move"), 0);
}

TEST(StrengthSession, NoEndgameSolverOrTableBelowLevel5) {
  // A Yin Yang position with 10 empty squares (the solver proves it at once) and an Íves dáma
  // position of three stones (the endgame table's): full strength reports the forced result,
  // a level below 5 searches without that knowledge; from level 5 on a level's search meets
  // the table (and Yin Yang's in-tree solver, which this shallow search does not reach), from
  // level 11 on it also solves a small root outright.
  const std::string yinyang = "fen 1DLLL1/2DDDL/1LLLLD/DLLLLD/3LDD/1LDLL1 1 22";
  const std::string ivesdama = "fen p/3/5/3/1/3/5/1P1/P 1 0";
  EXPECT_TRUE(any_mate_score(play("yinyang", {}, yinyang, "go depth 1")));
  EXPECT_TRUE(any_mate_score(play("ivesdama", {}, ivesdama, "go depth 1")));
  for (const int level : {0, 4, 5, 10, 11, 19}) {
    const Lines setup{"setoption name Skill Level value " + std::to_string(level),
                      "setoption name Skill Seed value 5"};
    const auto yy = play("yinyang", setup, yinyang, "go depth 1");
    EXPECT_EQ(any_mate_score(yy), level >= 11) << level;  // solves the root from level 11
    EXPECT_FALSE(bestmove(yy).empty());
    const auto id = play("ivesdama", setup, ivesdama, "go depth 1");
    EXPECT_EQ(any_mate_score(id), level >= 5) << level;
    EXPECT_FALSE(bestmove(id).empty());
  }
}

TEST(StrengthSession, FullStrengthIsUnchanged) {
  // Skill Level 20 without UCI_LimitStrength searches exactly as without the options.
  const auto plain = play("ivesdama", {}, "startpos", "go nodes 3000");
  const auto full =
      play("ivesdama",
           {"setoption name Skill Level value 20", "setoption name Skill Seed value 9",
            "setoption name UCI_LimitStrength value false"},
           "startpos", "go nodes 3000");
  ASSERT_EQ(plain.size(), full.size());
  for (std::size_t i = 0; i < plain.size(); ++i) {
    // The same lines but for the time fields.
    auto a = tokenize(plain[i]), b = tokenize(full[i]);
    for (auto* t : {&a, &b})
      for (std::size_t k = 0; k + 1 < t->size(); ++k)
        if ((*t)[k] == "nps" || (*t)[k] == "time") (*t)[k + 1] = "-";
    EXPECT_EQ(a, b);
  }
}

// The node count `bench 3` prints after `setup`, in a session that has run `runs` benches.
std::string bench_nodes(const Lines& setup, int runs = 1) {
  SessionDriver d;
  for (const auto& l : setup) d.send(l);
  Lines out;
  for (int k = 0; k < runs; ++k) out = d.send("bench 3");
  for (const auto& l : out)
    if (starts_with(l, "Nodes searched: ")) return l;
  return "";
}

// bench honours a level set before it (Skill Seed 0: the seeds come from a generator fixed
// for each run), so that its signature is reproducible at that level.
TEST(StrengthSession, BenchSearchesAtTheLevelReproducibly) {
  const Lines level5{"setoption name Skill Level value 5"};
  const Lines elo{"setoption name UCI_LimitStrength value true",
                  "setoption name UCI_Elo value 500"};
  const std::string level = bench_nodes(level5);
  const std::string full = bench_nodes({});
  ASSERT_FALSE(level.empty());
  EXPECT_NE(level, full);
  EXPECT_NE(bench_nodes(elo), full);
  EXPECT_EQ(bench_nodes(level5, 2), level);
  EXPECT_EQ(bench_nodes(elo, 2), bench_nodes(elo));
}

}  // namespace
// A limited level's small budget ends its search early, but `go infinite`, `go ponder` and a
// go without limits still hold the bestmove until stop (docs/protocol.md), in every game.
TEST(StrengthSession, ALimitedLevelHoldsItsBestmoveUntilStop) {
  // Not Íves dáma under ThreadSanitizer: its session builds the game's endgame table, about
  // 25 s there (the release and ASan runs hold its bestmove too).
  std::vector<std::string> variants{"razzledazzle", "yinyang"};
  if (!triad::testing::kThreadSanitizedBuild) variants.push_back("ivesdama");
  for (const std::string& variant : variants)
    for (const std::string go : {"go infinite", "go ponder", "go"}) {
      SessionDriver d;
      d.send("setoption name UCI_Variant value " + variant);
      d.send("setoption name Skill Level value 0");
      d.send("position startpos");
      d.send_async(go);
      std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the budget is spent
      EXPECT_EQ(count_prefix(d.take_now(), "bestmove "), 0) << variant << ": " << go;
      d.send_async("stop");
      EXPECT_EQ(count_prefix(d.finish(), "bestmove "), 1) << variant << ": " << go;
    }
}

// UCI_Elo's range is the chosen game's own (from its weakest calibrated level to its
// strongest), so a GUI that reads the options at the handshake offers only ratings that make
// a difference.
TEST(StrengthSession, UciEloRangeIsTheChosenGamesOwn) {
  SessionDriver d;  // the default variant, Razzle Dazzle, first and last
  const auto range_line = [](const adapters::GameDescriptor& game) {
    const auto weakest = std::lround(game.strength_ratings.front());
    const auto strongest = std::lround(game.strength_ratings.back());
    return "option name UCI_Elo type spin default " + std::to_string(strongest) + " min " +
           std::to_string(weakest) + " max " + std::to_string(strongest);
  };
  const auto registered = adapters::all_games();
  std::vector<const adapters::GameDescriptor*> games(registered.begin(), registered.end());
  std::rotate(games.begin(),
              std::find_if(games.begin(), games.end(),
                           [](const auto* g) { return g->name == "razzledazzle"; }),
              games.end());
  games.push_back(games.front());
  for (std::size_t i = 0; i < games.size(); ++i) {
    const auto* game = games[i];
    SCOPED_TRACE(game->name);
    ASSERT_FALSE(game->strength_ratings.empty()) << "no calibration";
    if (i > 0) d.send("setoption name UCI_Variant value " + std::string(game->name));
    EXPECT_EQ(count_prefix(d.send("uci"), range_line(*game)), 1);
    const auto weakest = std::lround(game->strength_ratings.front());
    const auto strongest = std::lround(game->strength_ratings.back());
    EXPECT_EQ(count_prefix(d.send("setoption name UCI_Elo value " + std::to_string(strongest + 1)),
                           "info string error"),
              1);
    EXPECT_EQ(count_prefix(d.send("setoption name UCI_Elo value " + std::to_string(weakest - 1)),
                           "info string error"),
              1);
  }
}

}  // namespace triad::protocol::testing
