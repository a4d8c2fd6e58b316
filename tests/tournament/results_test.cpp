// Merging finished games: any order, duplicates ignored, pentanomial counts from complete
// pairs only, bounded bookkeeping, and a resume-state round trip.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "adapters/common/json_writer.h"
#include "tests/tournament/finished_game.h"
#include "tournament/results.h"

namespace triad::tournament {
namespace {

using engine::GameResult;

TEST(Results, OutOfOrderGamesDuplicatesAndPairs) {
  Results r(3);
  // Pair 0: A (0) wins with Player 1, then draws with Player 2: pair score 1.5 for A.
  EXPECT_TRUE(r.add(finished_game(2, 1, 0, GameResult::kDraw, 0)));  // the second game first
  EXPECT_FALSE(r.done(1));
  EXPECT_TRUE(r.done(2));
  ASSERT_EQ(r.encounters().size(), 1u);
  EXPECT_EQ(r.encounters()[0].all.pairs(), 0);  // half a pair counts no pentanomial
  EXPECT_TRUE(r.add(finished_game(1, 0, 1, GameResult::kP1Win, 0)));
  EXPECT_FALSE(r.add(finished_game(1, 0, 1, GameResult::kP2Win, 0)));  // a late duplicate
  // Pair 1 between B (1) and C (2): C wins both.
  EXPECT_TRUE(r.add(finished_game(3, 1, 2, GameResult::kP2Win, 1)));
  EXPECT_TRUE(r.add(finished_game(4, 2, 1, GameResult::kP1Win, 1)));
  EXPECT_EQ(r.played(), 4);
  const auto e = r.encounters();
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].a, 0);
  EXPECT_EQ(e[0].b, 1);
  EXPECT_EQ(e[0].all.wins, 1);
  EXPECT_EQ(e[0].all.draws, 1);
  EXPECT_EQ(e[0].all.pentanomial[3], 1);  // WD
  EXPECT_EQ(e[1].a, 1);
  EXPECT_EQ(e[1].all.losses, 2);
  EXPECT_EQ(e[1].all.pentanomial[0], 1);  // LL from B's side
  EXPECT_EQ(e[1].paired.games(), 2);
  EXPECT_EQ(r.engine_tally(2).wins, 2);
  EXPECT_EQ(r.engine_tally(1).losses, 3);
  EXPECT_EQ(r.engine_tally(1).draws, 1);
  EXPECT_EQ(r.terminations().at("normal"), 4);
}

TEST(Results, ResumeStateRoundTripKeepsOpenPairsAndGaps) {
  Results r(2);
  r.add(finished_game(1, 0, 1, GameResult::kP1Win, 0));
  r.add(finished_game(2, 1, 0, GameResult::kP1Win, 0));
  r.add(finished_game(3, 0, 1, GameResult::kDraw, 1));   // its twin (4) is still being played
  r.add(finished_game(6, 1, 0, GameResult::kP2Win, 2));  // 5 is being played
  adapters::JsonWriter j;
  r.write(j);
  auto back = Results::read(YAML::Load(j.text()), 2, 100);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(back->played(), 4);
  for (int n : {1, 2, 3, 6}) EXPECT_TRUE(back->done(n)) << n;
  for (int n : {4, 5, 7}) EXPECT_FALSE(back->done(n)) << n;
  // The open half of pair 1 completes after the resume: DD, pair score 1.
  back->add(finished_game(4, 1, 0, GameResult::kDraw, 1));
  EXPECT_EQ(back->encounters()[0].all.pentanomial[2], 2);  // WL and DD
  EXPECT_EQ(back->encounters()[0].paired.games(), 4);

  // Damaged or foreign states are refused with a reason.
  EXPECT_FALSE(Results::read(YAML::Load(j.text()), 2, 5));    // game 6 beyond the schedule
  EXPECT_FALSE(Results::read(YAML::Load(j.text()), 1, 100));  // engine 1 unknown
  EXPECT_FALSE(Results::read(YAML::Load("{\"played\": 3}"), 2, 100));
}

}  // namespace
}  // namespace triad::tournament
