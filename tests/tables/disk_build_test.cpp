// triad-tables -memory (docs/tables.md "Building under a memory limit"): a slice built in
// pieces whose moves cross from piece to piece has the one-piece build's values; children read
// from the slices kept in memory and from the files give the same values, and the slices kept
// are those a later slice needs, as many as fit beside the slice being built; a folder
// built under a limit, in one piece or in pieces, or continued from smaller slices' files, is
// the in-memory build's bytes and passes the verification; a build killed while a slice is half
// built in pieces is continued from its last pass by the same command; bad -memory values are
// one error.
#include <signal.h>

#include <chrono>
#include <initializer_list>
#include <thread>

#include "adapters/tables/table_file.h"
#include "engine/games/ivesdama/build_slice.h"
#include "tables/kept_slices.h"
#include "tests/tables/support.h"

namespace triad::tables {
namespace {

TEST_F(TablesTest, ASliceBuiltInPiecesHasTheValuesOfOnePiece) {
  for (const std::string variant : {"ivesdama", "ivesdama-forward"}) {
    const iv::Game& game = game_of(variant);
    const fs::path dir = folder(variant);
    build(game, dir, 3);
    SliceSet known(game);
    ASSERT_NO_FATAL_FAILURE(load_slices(known, game, dir, 3));
    const ChildCode child = [&](const iv::Position& c) { return known.code(c); };
    const Material m{2, 2};
    const auto whole = build_slice(game, child, m, 2);
    // Pieces of four blocks: 19 of them, and many un-steps land in another piece.
    SliceBuild pieces(game, m, 2, 4 * kBlockEntries, dir / "work");
    ASSERT_TRUE(pieces.run(child).value());
    EXPECT_EQ(pieces.pieces(), (whole.size() + 4 * kBlockEntries - 1) / (4 * kBlockEntries));
    EXPECT_TRUE(fs::exists(dir / "work" / "state"));
    std::vector<std::int16_t> joined;
    for (std::size_t k = 0; k < pieces.pieces(); ++k) {
      const auto part = pieces.take_values(k).value();
      joined.insert(joined.end(), part.begin(), part.end());
    }
    EXPECT_TRUE(joined == whole) << variant;
  }
}

TEST_F(TablesTest, ABuildUnderAMemoryLimitWritesTheInMemoryBytes) {
  const iv::Game& game = game_of("ivesdama");
  const fs::path memory = folder("memory");
  build(game, memory, 5);
  // 64M: every slice in one piece, the smaller slices read from their files; 1M: pieces of
  // 262144 entries, so every 5-stone slice but 0-5 and 5-0 is built in 2 to 5 pieces.
  EXPECT_EQ(piece_entries(1 << 20), 262144u);
  for (const std::uint64_t limit : {std::uint64_t{64} << 20, std::uint64_t{1} << 20}) {
    const fs::path dir = folder("limit-" + std::to_string(limit));
    const BuildReport report = build(game, dir, 5, 2, {}, limit);
    EXPECT_EQ(report.built, 21);
    for (const Material m : materials_up_to(5))
      EXPECT_EQ(read_bytes(dir / slice_file_name(m)), read_bytes(memory / slice_file_name(m)))
          << slice_file_name(m) << " under " << limit;
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 21)
        << "no work folder or spill file is left";
    auto verified = verify_tables(game, {dir, 5, 2, {}, {}});
    ASSERT_TRUE(verified.ok()) << verified.error().message;
    EXPECT_EQ(verified->disagreements, 0u);
  }
  // Continued from a folder of at most 4 stones: those slices are decoded from their files into
  // memory, and the 5-stone slices are built on them.
  const fs::path resumed = folder("resumed");
  build(game, resumed, 4, 2, {}, 64 << 20);
  EXPECT_EQ(build(game, resumed, 5, 2, {}, 64 << 20).reused, 15);
  for (const Material m : materials_up_to(5))
    EXPECT_EQ(read_bytes(resumed / slice_file_name(m)), read_bytes(memory / slice_file_name(m)))
        << slice_file_name(m) << " continued";
}

TEST_F(TablesTest, AKilledBuildInPiecesIsFinishedByTheSameCommand) {
  const iv::Game& game = game_of("ivesdama");
  const fs::path memory = folder("memory");
  build(game, memory, 5);
  const fs::path dir = folder("killed");
  const std::vector<std::string> args = {"-stones", "5",        "-dir", "t",     "-memory",
                                         "1M",      "-threads", "1",    "-quiet"};
  std::vector<std::string> words = {TRIAD_BINARY_DIR "/triad-tables"};
  words.insert(words.end(), args.begin(), args.end());
  triad::testing::ChildProcess child({words, dir / "out", dir / "err", dir});
  // Killed once a slice built in pieces has passed a checkpoint (1-4, the first slice of more
  // than one piece).
  const fs::path piece = dir / "t" / (slice_file_name({1, 4}) + ".work") / "state";
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  std::error_code ec;
  while (!fs::exists(piece, ec) && std::chrono::steady_clock::now() < give_up)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_TRUE(fs::exists(piece, ec)) << "no checkpoint of a slice in pieces";
  ASSERT_NE(::kill(child.pid(), SIGKILL), -1) << "the build ended before it was killed";
  child.wait(std::chrono::seconds(10));
  EXPECT_FALSE(fs::exists(dir / "t" / slice_file_name({1, 4})));
  const auto [code, err] = run_tables(dir, args);
  EXPECT_EQ(code, 0) << err;
  // The slice goes on from its last checkpoint, not from the start.
  EXPECT_EQ(err.rfind("triad-tables: ives-1-4.tbl: continued from pass ", 0), 0u) << err;
  EXPECT_NE(err.find(" of a build that was stopped\n"), std::string::npos) << err;
  const std::string out = read_bytes(dir / "out");
  EXPECT_NE(out.find("kept"), std::string::npos) << out;
  EXPECT_EQ(out.find(" 0 kept"), std::string::npos) << out;  // what was written is kept
  for (const Material m : materials_up_to(5))
    EXPECT_EQ(read_bytes(dir / "t" / slice_file_name(m)), read_bytes(memory / slice_file_name(m)))
        << slice_file_name(m);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir / "t"), fs::directory_iterator()), 21);
}

// -plan prints the slice sizes of the complete build (12 stones on the 25 points of the
// default board: 6 against 6 has 2 * C(25,6) * C(19,6) positions) and builds nothing.
TEST_F(TablesTest, ThePlanOfACompleteBuildGivesItsSliceSizes) {
  const fs::path dir = folder("plan");
  EXPECT_EQ(run_tables(dir, {"-stones", "12", "-memory", "16G", "-plan"}).first, 0);
  const std::string out = read_bytes(dir / "out");
  EXPECT_NE(out.find("\n    12     13     42600857600       6-6      9610154400       3     28.8 "
                     "GB          5\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("\n    11     12     18257510400       5-6      4118637600       1   in "
                     "memory          0\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("\n   all     91     70348133702                9610154400\n"),
            std::string::npos)
      << out;
  EXPECT_EQ(run_tables(dir, {"-stones", "3", "-plan", "-verify"}),
            std::make_pair(2, std::string("triad-tables: -plan builds nothing: leave out -mpi and "
                                          "-verify\n")));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 2)
      << "only the test's out and err";
}

TEST_F(TablesTest, ChildrenFromKeptSlicesAndFromFilesGiveTheSameValues) {
  const iv::Game& game = game_of("ivesdama");
  const fs::path dir = folder("kept");
  build(game, dir, 4);
  SliceSet known(game);
  ASSERT_NO_FATAL_FAILURE(load_slices(known, game, dir, 4));
  auto files = TableSet::open(dir, game);
  ASSERT_TRUE(files.ok()) << files.error().message;
  // 400000 bytes keep every slice of at most 4 stones but 2-2 and 3-1 (2 bytes an entry:
  // 303600 and 202400 bytes), offered in build order: 2-3 and 3-2 have children of both kinds.
  KeptSlices kept(game, 400000, 5);
  for (const Material m : materials_up_to(4)) {
    std::vector<std::int16_t> values = known.values(m);
    kept.offer(m, values);
  }
  EXPECT_TRUE(kept.has({1, 3}) && kept.has({2, 1}) && kept.has({4, 0}));
  EXPECT_FALSE(kept.has({2, 2}) || kept.has({3, 1}));
  std::atomic<bool> unreadable{false};
  for (const Material m : {Material{2, 3}, Material{3, 2}})
    EXPECT_TRUE(build_slice(game, kept.child(&*files, unreadable), m, 2) ==
                build_slice(
                    game, [&](const iv::Position& c) { return known.code(c); }, m, 2))
        << material_text(m);
  EXPECT_FALSE(unreadable);
  const auto offer = [&](KeptSlices& to, std::initializer_list<Material> ms) {
    for (const Material m : ms) {
      std::vector<std::int16_t> values = known.values(m);
      to.offer(m, values);
    }
  };
  // Up to 5 stones, the last slice, 5-0, reaches only 0-0 to 4-0: 1-3 is freed.
  KeptSlices last(game, 64 << 20, 5);
  offer(last, {{1, 3}, {3, 0}});
  last.make_room({5, 0});
  EXPECT_TRUE(last.has({3, 0}));
  EXPECT_FALSE(last.has({1, 3}));
  // Up to 6 stones 1-5 still needs 1-3. 5-0 has 106260 entries: in one piece under 425984
  // bytes, its state (318780 bytes) leaves 107204 for values, so of 1-3, 3-0 and 4-0 (202400,
  // 9200 and 50600 bytes) 1-3 is freed: the largest of those 5-0 does not reach.
  KeptSlices small(game, 425984, 6);
  offer(small, {{1, 3}, {3, 0}, {4, 0}});
  EXPECT_EQ(small.bytes(), 262200u);
  small.make_room({5, 0});
  EXPECT_TRUE(small.has({3, 0}) && small.has({4, 0}));
  EXPECT_FALSE(small.has({1, 3}));
  EXPECT_EQ(small.bytes(), 59800u);
}

TEST_F(TablesTest, BadMemoryLimitsAreOneClearError) {
  const fs::path dir = folder("memory-cli");
  const std::string size_help =
      " is not a size (a number of bytes, or with K, M, G or T: 512M, 16G)\n";
  for (const std::string bad : {"12X", "G", "", "-5M", "1.5G", "4 G"})
    EXPECT_EQ(run_tables(dir, {"-stones", "2", "-dir", "t", "-memory", bad}),
              std::make_pair(2, "triad-tables: -memory '" + bad + "'" + size_help))
        << bad;
  EXPECT_EQ(run_tables(dir, {"-stones", "2", "-dir", "t", "-memory", "100K"}),
            std::make_pair(2, std::string("triad-tables: -memory '100K' is less than the least a "
                                          "build works in (1M)\n")));
  EXPECT_EQ(run_tables(dir, {"-stones", "2", "-dir", "t", "-memory", "99999999999T"}),
            std::make_pair(2, std::string("triad-tables: -memory '99999999999T' is too large\n")));
  EXPECT_EQ(run_tables(dir, {"-stones", "2", "-dir", "t", "-memory", "4G", "-verify"}),
            std::make_pair(2, std::string("triad-tables: -memory is for a build: -verify keeps "
                                          "the values in memory\n")));
  EXPECT_FALSE(fs::exists(dir / "t"));
  for (const std::string good : {"16G", "512M", "3000000"})
    EXPECT_EQ(run_tables(dir, {"-stones", "2", "-dir", "t", "-memory", good, "-quiet"}).first, 0)
        << good;
}

}  // namespace
}  // namespace triad::tables
