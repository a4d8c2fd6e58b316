// triad-datagen -option: games played at a strength level (the engine's strength options and
// level code, docs/strength.md) are other games than full strength's, the same bytes again
// for the same seed whatever the threads, and bad strength options are one error.
#include <string>
#include <vector>

#include "tests/datagen/datagen_support.h"

namespace triad::datagen::testing {
namespace {

// A small Razzle Dazzle run writing `name` in `dir`, with the -option words `options`.
ProcessResult razzle_at(const TempDir& dir, const std::string& name,
                        const std::vector<std::string>& options,
                        const std::string& concurrency = "1") {
  std::vector<std::string> args = {"-variant",
                                   "razzledazzle",
                                   "-games",
                                   "6",
                                   "-nodes",
                                   "1000",
                                   "-seed",
                                   "7",
                                   "-concurrency",
                                   concurrency,
                                   "-quiet",
                                   "-output",
                                   (dir / name).string()};
  for (const auto& o : options) args.insert(args.end(), {"-option", o});
  return run_datagen(args, dir.path());
}

TEST(DatagenLevel, ALevelPlaysOtherGamesReproducibly) {
  TempDir dir("datagen_level");
  ASSERT_EQ(razzle_at(dir, "full.bin", {}).exit_code, 0);
  const auto level = razzle_at(dir, "level.bin", {"Skill Level=3"});
  ASSERT_EQ(level.exit_code, 0) << level.err;
  // The same seed at the same level: the same bytes, with three threads too.
  const auto again = razzle_at(dir, "again.bin", {"skill level=3"}, "3");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(read_text(dir / "again.bin"), read_text(dir / "level.bin"));
  EXPECT_NE(read_text(dir / "level.bin"), read_text(dir / "full.bin"));
  // Skill Level 20 is full strength; a rating (UCI_Elo) is a level too.
  ASSERT_EQ(razzle_at(dir, "top.bin", {"Skill Level=20"}).exit_code, 0);
  EXPECT_EQ(read_text(dir / "top.bin"), read_text(dir / "full.bin"));
  const auto elo = razzle_at(dir, "elo.bin", {"UCI_LimitStrength=true", "UCI_Elo=600"});
  ASSERT_EQ(elo.exit_code, 0) << elo.err;
  EXPECT_NE(read_text(dir / "elo.bin"), read_text(dir / "full.bin"));
  // A fixed Skill Seed plays other games than the seeds drawn from each game's generator.
  ASSERT_EQ(razzle_at(dir, "seeded.bin", {"Skill Level=3", "Skill Seed=5"}).exit_code, 0);
  EXPECT_NE(read_text(dir / "seeded.bin"), read_text(dir / "level.bin"));
}

TEST(DatagenLevel, BadStrengthOptionsGetOneClearError) {
  TempDir dir("datagen_level_errors");
  expect_refused(razzle_at(dir, "a.bin", {"Hash=64"}), "-option 'Hash=64': not a strength option");
  expect_refused(razzle_at(dir, "b.bin", {"Skill Level=21"}), "21 is out of range 0..20");
  expect_refused(razzle_at(dir, "c.bin", {"Skill Level"}), "expected NAME=V");
  // UCI_Elo's range is the game's own (docs/strength.md).
  expect_refused(razzle_at(dir, "d.bin", {"UCI_Elo=3000"}), "out of range 395..2659");
  EXPECT_FALSE(std::filesystem::exists(dir / "a.bin"));
}

}  // namespace
}  // namespace triad::datagen::testing
