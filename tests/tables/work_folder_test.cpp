// The work folders of slices built in pieces (tables/work_folder.h): a build takes over the
// slice's folder of the latest lease, whoever left it (a one-process build, a -mpi worker of
// this job or an earlier one), and a lease that a later one superseded takes nothing; a
// build in one piece leaves no work folder behind.
#include "tables/work_folder.h"

#include "tests/tables/support.h"

namespace triad::tables {
namespace {

// A work folder of slice 2-3 with stamp `stamp` whose file "state" says `text`.
void leave_folder(const fs::path& dir, std::uint64_t stamp, const std::string& text) {
  const auto path = work_folder(dir, {2, 3}, stamp);
  fs::create_directories(path);
  std::ofstream(path / "state") << text;
}

TEST_F(TablesTest, ABuildTakesOverTheLatestWorkFolderOfItsSlice) {
  const fs::path dir = folder("work-folders");
  EXPECT_EQ(work_folder(dir, {2, 3}, kOneProcess), dir / "ives-2-3.tbl.work");
  EXPECT_EQ(work_folder(dir, {2, 3}, 12), dir / "ives-2-3.tbl.work-12");
  EXPECT_EQ(take_over_work_folder(dir, {2, 3}, 5).value(), true);  // nothing to take over
  EXPECT_TRUE(fs::is_empty(dir));
  EXPECT_EQ(highest_work_stamp(dir), 0u);

  leave_folder(dir, kOneProcess, "one process");
  leave_folder(dir, 3, "lease 3");
  leave_folder(dir, 7, "lease 7");
  leave_folder(dir, 4, "lease 4 of another slice");
  fs::rename(work_folder(dir, {2, 3}, 4), work_folder(dir, {3, 2}, 4));
  std::ofstream(dir / "ives-2-3.tbl.work-9.tbl") << "a worker's file, not a folder";
  EXPECT_EQ(highest_work_stamp(dir), 7u);
  // Lease 6 was superseded by lease 7: it touches nothing.
  EXPECT_EQ(take_over_work_folder(dir, {2, 3}, 6).value(), false);
  EXPECT_TRUE(fs::exists(work_folder(dir, {2, 3}, 3)));
  // Lease 10 continues lease 7's build; the slice's older folders go, another slice's stays.
  EXPECT_EQ(take_over_work_folder(dir, {2, 3}, 10).value(), true);
  EXPECT_EQ(read_bytes(work_folder(dir, {2, 3}, 10) / "state"), "lease 7");
  for (const std::uint64_t gone : {kOneProcess, std::uint64_t{3}, std::uint64_t{7}})
    EXPECT_FALSE(fs::exists(work_folder(dir, {2, 3}, gone))) << gone;
  EXPECT_TRUE(fs::exists(work_folder(dir, {3, 2}, 4)));
  // A one-process build continues whatever lease came last.
  EXPECT_EQ(take_over_work_folder(dir, {2, 3}, kOneProcess).value(), true);
  EXPECT_EQ(read_bytes(work_folder(dir, {2, 3}, kOneProcess) / "state"), "lease 7");
  EXPECT_FALSE(fs::exists(work_folder(dir, {2, 3}, 10)));

  remove_work_folders(dir);
  EXPECT_TRUE(fs::is_empty(dir));
}

// A work folder an earlier build left for a slice that is now built in one piece (a larger
// -memory) is taken over and removed with the rest: the folder holds the files only.
TEST_F(TablesTest, AWorkFolderOfASliceBuiltInOnePieceIsRemoved) {
  const fs::path dir = folder("one-piece");
  const auto left = work_folder(dir, {1, 1}, 7);
  fs::create_directories(left);
  std::ofstream(left / "state") << "a build in other pieces";
  build(game_of("ivesdama"), dir, 2, 1, {}, std::uint64_t{64} << 20);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 6);
}

}  // namespace
}  // namespace triad::tables
