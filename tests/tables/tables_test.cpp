// The table files against independent answers: today's in-memory EndgameTable (every position
// up to 4 stones, all three rule sets) and a plain depth-limited minimax (a sample of 5-stone
// positions); every file refused that is truncated, damaged, foreign or of other rules or
// board; a build stopped between slices (as a kill leaves it) resumed to the same bytes.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <tuple>

#include <gtest/gtest.h>

#include "adapters/common/variants.h"
#include "adapters/ivesdama/notation.h"
#include "adapters/tables/table_set.h"
#include "tables/builder.h"
#include "tests/tables/support.h"

namespace triad::tables {
namespace {

using iv::EndgameValue;

// Every position of every slice up to `stones`.
template <class Visit>
void for_each_position(const iv::Game& game, int stones, Visit&& visit) {
  for (const Material m : materials_up_to(stones)) {
    const SliceIndex slice(game.geometry().num_points, game.geometry().all, m);
    for (std::uint64_t i = 0; i < slice.size(); ++i) visit(slice.position(game, i));
  }
}

TEST_F(TablesTest, FilesAgreeWithTheInMemoryTableOnEveryPositionUpToFourStones) {
  // The sizes of the files and of their win/draw/loss parts: the writer's bytes (what a
  // don't-care entry repeats, across blocks too). Files written differently change them;
  // then the format version (table_file.cpp) must change with them.
  const std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> sizes = {
      {"ivesdama", {79741, 24363}},
      {"ivesdama-arc", {81495, 23794}},
      {"ivesdama-forward", {81236, 24209}}};
  for (const std::string variant : {"ivesdama", "ivesdama-arc", "ivesdama-forward"}) {
    const iv::Game& game = game_of(variant);
    const fs::path dir = folder(variant);
    const BuildReport report = build(game, dir, 4);
    EXPECT_EQ(report.built, 15);
    EXPECT_EQ(report.entries, 444102u);
    EXPECT_EQ(std::make_pair(report.file_bytes, report.wdl_bytes), sizes.at(variant)) << variant;
    auto set = TableSet::open(dir, game);
    ASSERT_TRUE(set.ok()) << set.error().message;
    EXPECT_EQ(set->max_stones(), 4);
    std::uint64_t decided = 0;
    for_each_position(game, 4, [&](const iv::Position& pos) {
      const auto want = game.endgame().probe(pos);
      const auto got = set->probe(pos);
      ASSERT_EQ(got.has_value(), want.has_value());
      if (!want) return;
      ASSERT_EQ(got->result, want->result)
          << variant << " " << pos.pieces[0] << " " << pos.pieces[1];
      ASSERT_EQ(got->plies, want->plies) << variant << " " << pos.pieces[0] << " " << pos.pieces[1];
      decided += want->result != EndgameValue::Result::kDraw;
    });
    EXPECT_GT(decided, 100000u) << variant;  // the comparison covers many won and lost entries
    EXPECT_FALSE(set->probe(game.start_position()).has_value());  // 24 stones: not covered
  }
}

// A plain minimax, written for this test: whether the side to move can force a win within
// `plies` plies, or must lose within them, searching forwards with a memo (no tables).
class Minimax {
 public:
  explicit Minimax(const iv::Game& game) : game_(game) {}
  bool wins_within(const iv::Position& pos, int plies) { return solve(pos, plies, true); }
  bool loses_within(const iv::Position& pos, int plies) { return solve(pos, plies, false); }

 private:
  bool solve(const iv::Position& pos, int plies, bool win) {
    const auto key = std::make_tuple(pos.pieces[0], pos.pieces[1], pos.side_to_move, plies);
    auto& memo = win ? wins_ : losses_;
    if (const auto it = memo.find(key); it != memo.end()) return it->second;
    iv::Game::MoveList moves;
    game_.generate(pos, {}, moves);
    bool result;
    if (win) {
      result = false;
      for (const iv::Move& m : moves) {
        const iv::Position child = game_.make(pos, m);
        if (game_.terminal(child).over() || (plies >= 1 && loses_within(child, plies - 1))) {
          result = true;
          break;
        }
      }
      if (plies < 1) result = false;
    } else {
      result = true;  // without a move the side to move has lost
      for (const iv::Move& m : moves) {
        const iv::Position child = game_.make(pos, m);
        if (game_.terminal(child).over() || plies < 1 || !wins_within(child, plies - 1)) {
          result = false;
          break;
        }
      }
    }
    memo.emplace(key, result);
    return result;
  }
  const iv::Game& game_;
  std::map<std::tuple<std::uint32_t, std::uint32_t, engine::Player, int>, bool> wins_, losses_;
};

TEST_F(TablesTest, FiveStoneForwardPositionsAgreeWithAPlainMinimax) {
  // The forward rule still allows sideways steps, so positions can repeat: the minimax is
  // depth-limited, and a position the table calls drawn (or decided beyond the limit) must
  // be decided within the limit for neither side.
  const iv::Game& game = game_of("ivesdama-forward");
  const fs::path dir = folder("forward5");
  build(game, dir, 5);
  auto set = TableSet::open(dir, game);
  ASSERT_TRUE(set.ok()) << set.error().message;
  EXPECT_EQ(set->max_stones(), 5);
  constexpr int kLimit = 11;
  std::mt19937_64 rng(39);
  int counts[3] = {0, 0, 0};
  for (const Material m : {Material{3, 2}, Material{2, 3}, Material{4, 1}, Material{1, 4}}) {
    const SliceIndex slice(game.geometry().num_points, game.geometry().all, m);
    Minimax minimax(game);
    for (int n = 0; n < 60;) {
      const iv::Position pos = slice.position(game, rng() % slice.size());
      const auto v = set->probe(pos);
      if (!v) continue;
      ++n;
      ++counts[static_cast<int>(v->result)];
      if (v->result != EndgameValue::Result::kDraw && v->plies <= kLimit) {
        const bool win = v->result == EndgameValue::Result::kWin;
        auto within = [&](int p) {
          return win ? minimax.wins_within(pos, p) : minimax.loses_within(pos, p);
        };
        EXPECT_TRUE(within(v->plies)) << pos.pieces[0] << " " << pos.pieces[1];
        if (v->plies > 0) {
          EXPECT_FALSE(within(v->plies - 1)) << pos.pieces[0] << " " << pos.pieces[1];
        }
      } else {
        EXPECT_FALSE(minimax.wins_within(pos, kLimit)) << pos.pieces[0] << " " << pos.pieces[1];
        EXPECT_FALSE(minimax.loses_within(pos, kLimit)) << pos.pieces[0] << " " << pos.pieces[1];
      }
    }
  }
  EXPECT_GT(counts[0], 10);  // won, lost and drawn positions were all sampled
  EXPECT_GT(counts[1], 10);
  EXPECT_GT(counts[2], 2);
}

TEST_F(TablesTest, VerifyAcceptsBuiltFilesAndFindsAWrongEntry) {
  const iv::Game& game = game_of("ivesdama");
  const fs::path dir = folder("verify");
  build(game, dir, 3);
  auto ok = verify_tables(game, {dir, 3, 2, {}, {}});
  ASSERT_TRUE(ok.ok()) << ok.error().message;
  EXPECT_EQ(ok->files, 10u);
  EXPECT_EQ(ok->disagreements, 0u);
  EXPECT_GT(ok->entries, 20000u);

  // A slice written with one value changed (a draw of the 2-1 slice made a win in 7), with
  // valid checksums: the files are sound, the entry disagrees with its children.
  const Material m{2, 1};
  SliceSet known(game);
  ASSERT_NO_FATAL_FAILURE(load_slices(known, game, dir, 2));
  auto f = SliceFile::open(dir / slice_file_name(m), slice_key(game, m));
  ASSERT_TRUE(f.ok());
  auto values = (*f)->decode_all(known, 1).value();
  const SliceIndex slice(game.geometry().num_points, game.geometry().all, m);
  std::uint64_t changed = 0;
  while (values[changed] != 0 || dont_care(game, slice.position(game, changed))) ++changed;
  values[changed] = iv::endgame_code::win_in(7);
  std::ofstream(dir / slice_file_name(m), std::ios::binary) << encode_slice(known, m, values, 1);
  auto bad = verify_tables(game, {dir, 3, 2, {}, {}});
  ASSERT_TRUE(bad.ok()) << bad.error().message;
  EXPECT_GE(bad->disagreements, 1u);
  ASSERT_FALSE(bad->failures.empty());
  EXPECT_EQ(bad->failures[0].rfind("2-1 entry " + std::to_string(changed) + ": stored win in 7", 0),
            0u)
      << bad->failures[0];
}

TEST_F(TablesTest, TruncatedDamagedForeignAndOtherBoardOrRulesFilesAreRefused) {
  const iv::Game& game = game_of("ivesdama");
  const fs::path dir = folder("base");
  build(game, dir, 2);
  const fs::path arc = folder("arc");
  build(game_of("ivesdama-arc"), arc, 2);
  const fs::path alq = folder("alquerque");
  build(game_of("alquerque"), alq, 2);
  const std::string name = slice_file_name({1, 1});
  const fs::path file = dir / name;
  const std::string good = read_bytes(file);
  const auto refused = [&](const std::string& bytes, const std::string& why) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
    auto set = TableSet::open(dir, game);
    ASSERT_FALSE(set.ok()) << why;
    EXPECT_EQ(set.error().message, file.string() + ": " + why);
  };
  refused(good.substr(0, 100), "truncated: 100 bytes, shorter than the header");
  refused(good.substr(0, good.size() - 1),
          "truncated or extended: " + std::to_string(good.size() - 1) + " bytes, the header says " +
              std::to_string(good.size()));
  std::string flipped = good;
  flipped[good.size() - 3] ^= 0x10;
  refused(flipped, "damaged (checksum of the data differs)");
  std::string header = good;
  header[50] ^= 1;
  refused(header, "damaged header (checksum)");
  refused("this is not a table\n" + std::string(200, 'x'), "not a Triad table file");
  refused(read_bytes(arc / name),
          "built for other rules (arc_capture true, forward false; these are arc_capture false, "
          "forward false)");
  refused(read_bytes(alq / name), "built for another board (geometry hash differs)");
  refused(read_bytes(dir / slice_file_name({2, 0})), "holds material 2-0, not 1-1");

  // A folder that is a file, and a folder without tables.
  auto not_folder = TableSet::open(file, game);
  ASSERT_FALSE(not_folder.ok());
  EXPECT_EQ(not_folder.error().message, file.string() + ": not a folder of table files");
  auto empty = TableSet::open(folder("empty"), game);
  ASSERT_FALSE(empty.ok());
  EXPECT_NE(empty.error().message.find("no table files"), std::string::npos);

  // The builder redoes a damaged slice, and refuses to overwrite another variant's.
  std::ofstream(file, std::ios::binary | std::ios::trunc) << flipped;
  const BuildReport redone = build(game, dir, 2);
  EXPECT_EQ(redone.built, 1);
  EXPECT_EQ(read_bytes(file), good);
  std::ofstream(file, std::ios::binary | std::ios::trunc) << read_bytes(arc / name);
  auto foreign = build_tables(game, {dir, 2, 1, {}, {}});
  ASSERT_FALSE(foreign.ok());
  EXPECT_NE(foreign.error().message.find("built for other rules"), std::string::npos);
  EXPECT_EQ(read_bytes(file), read_bytes(arc / name));
}

TEST_F(TablesTest, AStoppedBuildResumesToTheSameBytesAsOneRun) {
  const iv::Game& game = game_of("ivesdama");
  const fs::path whole = folder("whole");
  build(game, whole, 4, 2);
  const fs::path parts = folder("parts");
  // Stopped after 8 slices (a kill between two slices), then with one slice file cut short
  // (as a disk that filled up would leave it): the next runs keep what is complete.
  int slices = 0;
  const BuildReport first = build(game, parts, 4, 1, [&] { return slices++ == 8; });
  EXPECT_TRUE(first.stopped);
  EXPECT_EQ(first.built, 8);
  const fs::path cut = parts / slice_file_name({1, 2});
  const std::string bytes = read_bytes(cut);
  std::ofstream(cut, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() / 2);
  // A write killed before its rename leaves its temporary (".ives-1-3.tbl.XXXXXX"): the next
  // run removes it, and nothing that is not one.
  std::ofstream(parts / ".ives-1-3.tbl.k3Q9zA") << "half a file";
  std::ofstream(parts / ".ives-1-3.tbl.notes") << "someone's notes";
  const BuildReport second = build(game, parts, 4, 2);
  EXPECT_FALSE(fs::exists(parts / ".ives-1-3.tbl.k3Q9zA"));
  EXPECT_TRUE(fs::exists(parts / ".ives-1-3.tbl.notes"));
  EXPECT_FALSE(second.stopped);
  EXPECT_EQ(second.reused, 7);
  EXPECT_EQ(second.built, 15 - 7);
  ASSERT_EQ(second.notes.size(), 1u);
  EXPECT_NE(second.notes[0].find("truncated or extended"), std::string::npos) << second.notes[0];
  for (const Material m : materials_up_to(4))
    EXPECT_EQ(read_bytes(parts / slice_file_name(m)), read_bytes(whole / slice_file_name(m)))
        << slice_file_name(m);
}

TEST_F(TablesTest, BadInputsAreOneClearError) {
  const fs::path dir = folder("cli");
  std::ofstream(dir / "plain") << "a file\n";
  EXPECT_EQ(run_tables(dir, {"-stones", "2", "-dir", "plain"}),
            std::make_pair(2, std::string("triad-tables: -dir 'plain' is not a folder and cannot "
                                          "be created\n")));
  EXPECT_EQ(run_tables(dir, {"-stones", "13", "-dir", "t"}),
            std::make_pair(2, std::string("triad-tables: -stones '13' is outside 1..12\n")));
  EXPECT_EQ(run_tables(dir, {"-stones", "0", "-dir", "t"}),
            std::make_pair(2, std::string("triad-tables: -stones '0' is outside 1..12\n")));
  EXPECT_EQ(run_tables(dir, {"-dir", "t"}),
            std::make_pair(2, std::string("triad-tables: no -stones (see triad-tables -help)\n")));
  EXPECT_EQ(run_tables(dir, {"-variant", "yinyang", "-stones", "2", "-dir", "t"}),
            std::make_pair(2, std::string("triad-tables: -variant: 'yinyang' is a yinyang "
                                          "variant; tables are built for Íves dáma\n")));
  // A board without Player 2's base point is the board loader's one error.
  std::ofstream(dir / "board.yaml") << "points: [a1, a2, a3]\nlines:\n  - [a1, a2, a3]\n"
                                       "start: {1: [a1], 2: [a3]}\nbase: {1: a1}\n";
  std::ofstream(dir / "v.yaml") << "variants:\n  - name: tiny\n    game: ivesdama\n"
                                   "    board: board.yaml\n";
  const auto [code, err] =
      run_tables(dir, {"-variants", "v.yaml", "-variant", "tiny", "-stones", "2", "-dir", "t"});
  EXPECT_EQ(code, 2);
  EXPECT_EQ(err.rfind("triad-tables: -variants: ", 0), 0u) << err;
  EXPECT_NE(err.find("Player 2 has no base point"), std::string::npos) << err;
  EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << err;
  // -verify of a folder with a missing file: exit status 1, the file named.
  const auto [vcode, verr] = run_tables(dir, {"-stones", "2", "-dir", "t", "-verify"});
  EXPECT_EQ(vcode, 1);
  EXPECT_NE(verr.find("ives-0-0.tbl: No such file or directory"), std::string::npos) << verr;
}

}  // namespace
}  // namespace triad::tables
