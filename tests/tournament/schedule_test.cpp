// The lazy schedule: any game computed on its own, in constant memory, with the pairings,
// colours, pairs and openings the eager schedule used to give.
#include <set>
#include <type_traits>

#include <gtest/gtest.h>

#include "tests/tournament/match_support.h"
#include "tournament/schedule.h"

namespace triad::tournament {
namespace {

// One GameFactory type: the schedule's and the openings' games come from the variant's own
// factory (adapters/common/game_descriptor.h), as every other program's do.
static_assert(std::is_same_v<GameFactory, adapters::GameFactory>);

using testing::config_from;

TournamentConfig three_engines(std::vector<std::string> extra) {
  std::vector<std::string> words = {
      "-engine", "name=A", "cmd=builtin:random", "-engine",  "name=B", "cmd=builtin:random",
      "-engine", "name=C", "cmd=builtin:random", "-variant", "yinyang"};
  words.insert(words.end(), extra.begin(), extra.end());
  return config_from(words);
}

TEST(Schedule, RoundRobinOrderColoursAndPairs) {
  const auto config = three_engines({"-games", "2", "-rounds", "2", "-repeat"});
  auto s = Schedule::create(config, testing::factory_for("yinyang"));
  ASSERT_TRUE(s) << s.error().message;
  ASSERT_EQ(s->size(), 12);  // 2 rounds x 3 encounters x 2 games
  // Round 1: A-B, B-A, A-C, C-A, B-C, C-B; round 2 the same (2 games per encounter).
  const int expected[12][2] = {{0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1},
                               {0, 1}, {1, 0}, {0, 2}, {2, 0}, {1, 2}, {2, 1}};
  for (int n = 1; n <= 12; ++n) {
    const ScheduledGame g = s->game(n);
    EXPECT_EQ(g.number, n);
    EXPECT_EQ(g.round, n <= 6 ? 1 : 2);
    EXPECT_EQ(g.engine[0], expected[n - 1][0]) << "game " << n;
    EXPECT_EQ(g.engine[1], expected[n - 1][1]) << "game " << n;
    EXPECT_EQ(g.pair, (n - 1) / 2) << "game " << n;  // both games of an encounter share one
    EXPECT_EQ(g.unit, g.pair);
  }
}

TEST(Schedule, ColoursAlternateAcrossRoundsWithOddGames) {
  const auto config = config_from({"-engine", "cmd=builtin:random", "-engine", "cmd=builtin:greedy",
                                   "-variant", "yinyang", "-games", "3", "-rounds", "2"});
  auto s = Schedule::create(config, testing::factory_for("yinyang"));
  ASSERT_TRUE(s) << s.error().message;
  for (int n = 1; n <= 6; ++n) {
    EXPECT_EQ(s->game(n).engine[0], (n - 1) % 2) << "game " << n;
    EXPECT_EQ(s->game(n).pair, -1);  // no -repeat: no pairs
    EXPECT_EQ(s->game(n).unit, n - 1);
  }
}

// Work units of a distributed run: each unit's game range holds exactly the games whose
// `unit` is that unit, and the units cover the schedule in order (odd -games with -repeat 2
// leave a one-game unit at the end of each encounter).
TEST(Schedule, UnitsCoverTheGamesInOrder) {
  for (const char* games : {"2", "3", "1"}) {
    const auto config = three_engines({"-games", games, "-rounds", "2", "-repeat"});
    auto s = Schedule::create(config, testing::factory_for("yinyang"));
    ASSERT_TRUE(s) << s.error().message;
    std::int64_t next = 1;
    for (std::int64_t u = 0; u < s->units(); ++u) {
      const auto [first, last] = s->unit_games(u);
      EXPECT_EQ(first, next) << "-games " << games << " unit " << u;
      EXPECT_LE(first, last);
      for (std::int64_t n = first; n <= last; ++n) EXPECT_EQ(s->game(n).unit, u) << n;
      next = last + 1;
    }
    EXPECT_EQ(next, s->size() + 1) << "-games " << games;
  }
}

TEST(Schedule, SequentialOpeningsFollowTheBookAcrossEncounters) {
  testing::TempDir dir("schedule_book");
  std::ofstream(dir / "book.txt") << "6/6/2DL2/2LD2/6/6 1 0\n"
                                     "6/6/2DL2/2LD2/6/6 1 0 moves c4b4\n";
  const auto config = three_engines(
      {"-games", "2", "-repeat", "-openings", "file=" + (dir / "book.txt").string(), "start=2"});
  auto s = Schedule::create(config, testing::factory_for("yinyang"));
  ASSERT_TRUE(s) << s.error().message;
  // Book lines 2, 1, 2 for the three encounters; both games of an encounter share theirs.
  const std::size_t moves[6] = {1, 1, 0, 0, 1, 1};
  for (int n = 1; n <= 6; ++n) {
    auto o = s->opening(s->game(n));
    ASSERT_TRUE(o) << o.error().message;
    EXPECT_EQ(o->moves.size(), moves[n - 1]) << "game " << n;
  }
}

TEST(Schedule, RandomOpeningsDependOnTheSeedAndUnitOnly) {
  auto make = [](const std::string& seed) {
    auto s = Schedule::create(
        config_from({"-engine", "cmd=builtin:random", "-engine", "cmd=builtin:greedy", "-variant",
                     "razzledazzle", "-games", "2", "-rounds", "50", "-repeat", "-openings",
                     "plies=6", "-seed", seed}),
        testing::factory_for("razzledazzle"));
    EXPECT_TRUE(s) << s.error().message;
    return std::move(*s);
  };
  const Schedule a = make("7"), b = make("7"), c = make("8");
  std::set<std::vector<std::string>> distinct;
  int differ = 0;
  for (int n = 99; n >= 1; n -= 2) {  // backwards: no game depends on an earlier one
    const auto first = a.opening(a.game(n)), twin = a.opening(a.game(n + 1));
    ASSERT_TRUE(first && twin);
    EXPECT_EQ(first->moves.size(), 6u);
    EXPECT_EQ(first->moves, twin->moves) << "game pair " << n;
    EXPECT_EQ(first->moves, b.opening(b.game(n))->moves);
    differ += first->moves != c.opening(c.game(n))->moves;
    distinct.insert(first->moves);
  }
  EXPECT_GT(distinct.size(), 40u);  // 50 pairs: almost all openings differ
  EXPECT_GT(differ, 40);            // another seed, other openings
}

TEST(Schedule, AHugeScheduleIsComputedWithoutStoringIt) {
  // 2 000 000 000 games per encounter: the eager schedule needed ~170 bytes per game.
  const auto config = three_engines({"-games", "2000000000", "-rounds", "1000000", "-repeat"});
  auto s = Schedule::create(config, testing::factory_for("yinyang"));
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->size(), 6000000000000000);
  const ScheduledGame last = s->game(s->size());
  EXPECT_EQ(last.round, 1000000);
  EXPECT_EQ(last.engine[0], 2);  // the last game of B-C, colours swapped
  EXPECT_EQ(last.engine[1], 1);
  EXPECT_EQ(last.pair, s->size() / 2 - 1);
  EXPECT_TRUE(s->opening(last));
}

TEST(Schedule, AScheduleAboveTheLimitIsRefused) {
  const auto config = three_engines({"-games", "2000000000", "-rounds", "2000000000"});
  auto s = Schedule::create(config, testing::factory_for("yinyang"));
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("larger than the limit"), std::string::npos);
}

}  // namespace
}  // namespace triad::tournament
