// triad-book as a process: build, show, merge, suite and expand on small inputs (node counts
// of a few hundred, so each run takes well under a second), and bad input — a malformed
// record, an unknown variant, an unwritable output, a damaged book — refused with one error
// line and exit code 2.
#include <sys/stat.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "adapters/book/book.h"
#include "adapters/common/variants.h"
#include "adapters/records/reader.h"
#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/reference_solver.h"
#include "runner/openings.h"
#include "tests/support/child_process.h"
#include "tests/support/sanitizer.h"
#include "tests/support/text_scan.h"

namespace triad::adapters::book {
namespace {

namespace fs = std::filesystem;

const std::string kTool = TRIAD_BINARY_DIR "/triad-book";
const std::string kGames = TRIAD_SOURCE_DIR "/tests/data/book/razzle-8games.pgn";

struct ToolRun {
  int exit_code = -1;
  bool timed_out = false;
  std::string out, err;
};

using triad::testing::read_file;

class BookTool : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("triad-book-cli-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  ToolRun run(std::vector<std::string> args,
              std::chrono::seconds timeout = std::chrono::seconds(120)) {
    args.insert(args.begin(), kTool);
    const auto done = triad::testing::run_to_end({args}, dir_, timeout);
    ToolRun r;
    r.timed_out = !done.exit_code;
    if (r.timed_out) ADD_FAILURE() << "triad-book timed out";
    r.exit_code = done.exit_code.value_or(-1);
    r.out = done.out;
    r.err = done.err;
    return r;
  }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // One line on standard error, exit code 2, containing `what`.
  void expect_one_error(const ToolRun& r, const std::string& what) {
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
  }

  fs::path dir_;
};

TEST_F(BookTool, BuildThenShowTheStartPosition) {
  auto r = run({"build", "-variant", "razzledazzle", "-records", kGames, "-out", path("b.book"),
                "-plies", "6", "-min-games", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("from 8 games"), std::string::npos) << r.out;
  auto book = Book::load(path("b.book"));
  ASSERT_TRUE(book) << book.error().message;
  EXPECT_EQ(book->variant().variant, "razzledazzle");
  r = run({"show", "-book", path("b.book")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The first move of the first game is listed with its statistics.
  EXPECT_NE(r.out.find("d1c1b1"), std::string::npos) << r.out;
  r = run({"show", "-book", path("b.book"), "-moves", "d1c1b1", "b8c6", "f1e3", "f8e6", "c1d3",
           "c8b6", "d3f4"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("not in the book"), std::string::npos) << r.out;  // ply 7 > -plies
}

// Issue 28, item 12: a row is never cut, so a long move token keeps its mark and newline.
TEST_F(BookTool, ShowPrintsLongMoveTokensWhole) {
  ASSERT_EQ(run({"build", "-variant", "razzledazzle", "-records", kGames, "-out", path("b.book"),
                 "-plies", "2", "-min-games", "1"})
                .exit_code,
            0);
  auto r = run({"show", "-book", path("b.book")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto at = r.out.find("\nposition ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const std::string start = r.out.substr(at + 10, r.out.find('\n', at + 1) - at - 10);
  auto book = Book::load(path("b.book"));
  ASSERT_TRUE(book) << book.error().message;
  const std::string token = std::string(150, 'z') + "9";  // no legal move looks like it
  book->at(start).add(token).weight = 1;
  {
    std::ofstream out(path("long.book"), std::ios::binary);
    out << book->encode();
  }
  r = run({"show", "-book", path("long.book")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(token + "       1 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" (illegal here: never played)\n"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.back(), '\n');
}

TEST_F(BookTool, MergeAddsTheStatisticsOfBothBooks) {
  ASSERT_EQ(run({"build", "-variant", "razzledazzle", "-records", kGames, "-out", path("a.book"),
                 "-min-games", "1"})
                .exit_code,
            0);
  auto r = run({"merge", "-books", path("a.book"), path("a.book"), "-out", path("m.book")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto a = Book::load(path("a.book"));
  auto m = Book::load(path("m.book"));
  ASSERT_TRUE(a && m);
  ASSERT_EQ(a->size(), m->size());
  const auto& first = a->entries().begin()->second.moves.front();
  const auto& merged = m->entries().begin()->second.moves.front();
  EXPECT_EQ(merged.stats.games(), 2 * first.stats.games());
  // A book of another variant cannot be merged.
  ASSERT_EQ(
      run({"expand", "-book", path("y.book"), "-variant", "yinyang", "-expansions", "0"}).exit_code,
      0);
  expect_one_error(run({"merge", "-books", path("a.book"), path("y.book"), "-out", path("x.book")}),
                   "a book of variant 'yinyang' cannot be merged into one of 'razzledazzle'");
}

// Game counts are 32-bit in the file: two books of 3e9 wins each once merged to 1705032704.
TEST_F(BookTool, MergedCountsStopAtTheLimitAndTheToolSaysSo) {
  ASSERT_EQ(run({"build", "-variant", "razzledazzle", "-records", kGames, "-out", path("a.book"),
                 "-min-games", "1"})
                .exit_code,
            0);
  auto a = Book::load(path("a.book"));
  ASSERT_TRUE(a);
  BookMove& move = a->entries().begin()->second.moves.front();
  move.stats.wins = 3'000'000'000u;
  { std::ofstream(path("big.book"), std::ios::binary) << a->encode(); }
  auto r = run({"merge", "-books", path("big.book"), path("big.book"), "-out", path("m.book")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("note: 1 summed weights or game counts exceeded 4294967295 and were kept "
                       "at 4294967295"),
            std::string::npos)
      << r.out;
  auto m = Book::load(path("m.book"));
  ASSERT_TRUE(m);
  const BookMove& merged = m->entries().begin()->second.moves.front();
  EXPECT_EQ(merged.stats.wins, kMaxCount);
  EXPECT_EQ(merged.stats.draws, 2 * move.stats.draws);
}

TEST_F(BookTool, SuiteWritesDistinctPositionsTriadMatchReads) {
  auto r = run({"suite", "-variant", "ivesdama", "-plies", "4", "-count", "5", "-nodes", "300",
                "-window=-100000,100000", "-out", path("s.txt"), "-concurrency", "2", "-pgn",
                path("s.pgn")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto registry = VariantRegistry::builtin();
  const auto* variant = registry.find("ivesdama");
  auto openings = runner::load_openings(path("s.txt"), variant->factory);
  ASSERT_TRUE(openings) << openings.error().message;
  ASSERT_EQ(openings->size(), 5u);
  std::set<PositionKey> keys;
  for (const auto& o : *openings) {
    auto game = variant->factory();
    ASSERT_TRUE(game->reset(o.fen));
    EXPECT_EQ(game->ply(), 4);
    keys.insert(position_key(o.fen));
  }
  EXPECT_EQ(keys.size(), 5u);  // no transpositions
  // The same openings as records: each replays to its line.
  const std::string suite_records = read_file(path("s.pgn"));
  const auto records = records::read_records(suite_records, "s.pgn");
  ASSERT_TRUE(records) << records.error().message;
  ASSERT_EQ(records->size(), 5u);
  for (std::size_t i = 0; i < records->size(); ++i) {
    auto game = variant->factory();
    for (const auto& m : (*records)[i].tokens()) ASSERT_TRUE(game->play(m)) << m;
    EXPECT_EQ(position_key(game->position_line()), position_key((*openings)[i].fen));
  }
  // A window no position can meet: one error, nothing half-written.
  expect_one_error(run({"suite", "-variant", "ivesdama", "-plies", "2", "-count", "3", "-nodes",
                        "100", "-window=31000,31000", "-max-tries", "10", "-out", path("t.txt")}),
                   "no position found in the window");
  // ... and a suite that finds nothing keeps the earlier suite of its -out (issue: it was
  // emptied).
  const std::string earlier = read_file(path("s.txt"));
  expect_one_error(run({"suite", "-variant", "ivesdama", "-plies", "2", "-count", "3", "-nodes",
                        "100", "-window=31000,31000", "-max-tries", "10", "-out", path("s.txt"),
                        "-pgn", path("s.pgn")}),
                   "no position found in the window");
  EXPECT_EQ(read_file(path("s.txt")), earlier);
  EXPECT_EQ(records::read_records(read_file(path("s.pgn")), "s.pgn")->size(), 5u);
  // -max-tries reached with some found: still an error, but the ones found are written.
  expect_one_error(run({"suite", "-variant", "ivesdama", "-plies", "4", "-count", "5", "-nodes",
                        "100", "-window=-100000,100000", "-max-tries", "3", "-out", path("p.txt")}),
                   "only 3 of 5 positions found");
  auto partial = runner::load_openings(path("p.txt"), variant->factory);
  ASSERT_TRUE(partial) << partial.error().message;
  EXPECT_EQ(partial->size(), 3u);
}

TEST_F(BookTool, SolvedSuitePositionsHaveTheirExactMarginInTheWindow) {
  // Yin Yang 22 plies in (10 empty squares): each position's margin, as the records give it,
  // is the one the reference solver (another algorithm than the engine's) finds, in the window.
  // Six positions; two in a sanitizer build (the release run solves all six).
  const std::size_t count = triad::testing::kSanitizedBuild ? 2 : 6;
  auto r = run({"suite", "-variant", "yinyang", "-solve", "-plies", "22", "-count",
                std::to_string(count), "-window=-1,2", "-seed", "5", "-concurrency", "2", "-hash",
                "4", "-out", path("y.txt"), "-pgn", path("y.pgn")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(read_file(path("y.txt"))
                .find("final margin of the side to move under perfect play "
                      "(solved) in [-1, 2] points"),
            std::string::npos);
  const auto records = records::read_records(read_file(path("y.pgn")), "y.pgn");
  ASSERT_TRUE(records) << records.error().message;
  ASSERT_EQ(records->size(), count);
  const games::yinyang::Game g;
  const auto registry = VariantRegistry::builtin();
  for (const auto& record : *records) {
    auto game = registry.find("yinyang")->factory();
    for (const auto& m : record.tokens()) ASSERT_TRUE(game->play(m)) << m;
    const auto pos = Notation<games::yinyang::Game>::parse_position(g, game->position_line());
    ASSERT_TRUE(pos) << pos.error().message;
    games::yinyang::ReferenceSolver solver(16);
    const auto solution = solver.solve(*pos);
    ASSERT_TRUE(solution);
    EXPECT_GE(solution->margin, -1);
    EXPECT_LE(solution->margin, 2);
    const std::string comment = record.moves.back().comment;
    EXPECT_EQ(comment, "margin " + std::to_string(solution->margin) + ", side to move");
  }
  // A game without a solver: one error.
  expect_one_error(run({"suite", "-variant", "razzledazzle", "-solve", "-out", path("r.txt")}),
                   "-solve: variant razzledazzle (game razzledazzle) has no whole-game solver");
}

TEST_F(BookTool, SuiteKeepsOnlyPositionsWhoseSelfPlayScoreIsInRange) {
  // Every position in the window, then self-play: the records say the games' results, and
  // with the range 100..100 only positions whose side to move won every game are kept.
  const std::vector<std::string> common = {"suite",
                                           "-variant",
                                           "ivesdama",
                                           "-plies",
                                           "4",
                                           "-nodes",
                                           "200",
                                           "-window=-100000,100000",
                                           "-selfplay",
                                           "2",
                                           "-selfplay-nodes",
                                           "40",
                                           "-concurrency",
                                           "2",
                                           "-hash",
                                           "1"};
  auto with = [&](std::vector<std::string> more) {
    auto args = common;
    args.insert(args.end(), more.begin(), more.end());
    return run(args);
  };
  auto r = with(
      {"-count", "6", "-selfplay-score=0,100", "-out", path("all.txt"), "-pgn", path("all.pgn")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string all = read_file(path("all.pgn"));
  const auto results = triad::testing::scan_numbers(all, "self-play +{} ={} -{}}");
  for (const auto& r : results) EXPECT_EQ(r[0] + r[1] + r[2], 2) << r[0] << " " << r[1];
  EXPECT_EQ(results.size(), 6u);
  r = with(
      {"-count", "2", "-selfplay-score=100,100", "-out", path("won.txt"), "-pgn", path("won.pgn")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string won = read_file(path("won.pgn"));
  EXPECT_EQ(triad::testing::scan_numbers(won, "self-play +{} ={} -{}}"),
            (std::vector<std::vector<long>>{{2, 0, 0}, {2, 0, 0}}));
  EXPECT_NE(read_file(path("won.txt")).find("scoring 100..100 % in 2 self-play games"),
            std::string::npos);
  // With odds (pairs of games, the side to move searching twice the nodes, then half):
  // only positions where the side to move gains at least 50 points with the odds.
  r = with({"-count", "2", "-selfplay-score=0,100", "-selfplay-odds", "2", "-selfplay-gain", "50",
            "-out", path("odds.txt"), "-pgn", path("odds.pgn")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string odds = read_file(path("odds.pgn"));
  const auto gains = triad::testing::scan_numbers(odds, ", gain {}}");
  for (const auto& g : gains) EXPECT_GE(g[0], 50);
  EXPECT_EQ(gains.size(), 2u);
  // A range no position can meet, and a malformed one: one error each.
  expect_one_error(
      with({"-count", "2", "-selfplay-score=101,200", "-max-tries", "6", "-out", path("n.txt")}),
      "self-play score range");
  expect_one_error(with({"-selfplay-score", "most", "-out", path("n.txt")}),
                   "-selfplay-score 'most': expected LOW,HIGH");
  expect_one_error(with({"-selfplay-odds", "0.5", "-out", path("n.txt")}), "-selfplay-odds");
}

TEST_F(BookTool, ExpandGrowsTheBookAndResumes) {
  auto r = run({"expand", "-book", path("e.book"), "-variant", "razzledazzle", "-nodes", "200",
                "-expansions", "2", "-concurrency", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto first = Book::load(path("e.book"));
  ASSERT_TRUE(first) << first.error().message;
  const auto registry = VariantRegistry::builtin();
  auto start = registry.find("razzledazzle")->factory();
  const BookEntry* root = first->find(start->position_line());
  ASSERT_NE(root, nullptr);
  EXPECT_EQ(root->moves.size(), start->legal_moves().size());  // the root was expanded
  int expanded = 0;
  for (const auto& [k, e] : first->entries()) expanded += !e.moves.empty();
  EXPECT_EQ(expanded, 2);
  // The best move's weight is 100 and its evaluation is the root's.
  bool best_found = false;
  for (const auto& m : root->moves) best_found |= m.weight == 100 && m.eval == root->eval;
  EXPECT_TRUE(best_found);
  // Running again continues from the file.
  r = run({"expand", "-book", path("e.book"), "-nodes", "200", "-expansions", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto second = Book::load(path("e.book"));
  ASSERT_TRUE(second);
  expanded = 0;
  for (const auto& [k, e] : second->entries()) expanded += !e.moves.empty();
  EXPECT_EQ(expanded, 3);
}

// A form feed or a vertical tab is a blank; other control bytes (a binary file) are one
// error naming the record and the line. Either way the tool ends (it once spun for ever).
TEST_F(BookTool, OddBytesInRecordsNeitherHangNorPassSilently) {
  for (const char* blank : {"\f", "\v"}) {
    std::ofstream(path("blank.pgn"))
        << "[Variant \"razzledazzle\"]\n\n1. b1c3 " << blank << " c8d6 1-0\n";
    const auto r = run({"build", "-variant", "razzledazzle", "-records", path("blank.pgn"), "-out",
                        path("b.book"), "-min-games", "1"},
                       std::chrono::seconds(20));
    ASSERT_FALSE(r.timed_out);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("from 1 games"), std::string::npos) << r.out;
  }
  std::ofstream(path("binary.pgn"), std::ios::binary)
      << "[Variant \"razzledazzle\"]\n\n1. b1c3\n"
      << std::string("\x00\x01\x02", 3) << "c8d6 1-0\n";
  const auto r = run(
      {"build", "-variant", "razzledazzle", "-records", path("binary.pgn"), "-out", path("b.book")},
      std::chrono::seconds(20));
  ASSERT_FALSE(r.timed_out);
  expect_one_error(r, "record 1 (line 1): byte 0x00 on line 4 is not text");
}

// An output that exists and is not a regular file (a FIFO here; /dev/null run as root was
// destroyed) is refused by every command that writes one, and left as it was.
TEST_F(BookTool, OutputsThatAreNotRegularFilesAreRefused) {
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  ASSERT_EQ(run({"build", "-variant", "razzledazzle", "-records", kGames, "-out", path("g.book"),
                 "-min-games", "1"})
                .exit_code,
            0);
  const std::vector<std::vector<std::string>> commands = {
      {"build", "-variant", "razzledazzle", "-records", kGames, "-min-games", "1", "-out"},
      {"merge", "-books", path("g.book"), path("g.book"), "-out"},
      {"suite", "-variant", "ivesdama", "-plies", "2", "-count", "1", "-nodes", "100", "-out"},
  };
  for (auto words : commands) {
    words.push_back(path("fifo"));
    expect_one_error(run(words), "is not a regular file");
    EXPECT_TRUE(fs::is_fifo(path("fifo"))) << words[0];
  }
}

TEST_F(BookTool, BadInputGivesOneErrorAndExitCodeTwo) {
  {
    std::ofstream bad(path("bad.pgn"));
    bad << "[Variant \"razzledazzle\"]\n1. d1c1b1 {unterminated\n";
  }
  expect_one_error(run({"build", "-variant", "razzledazzle", "-records", path("bad.pgn"), "-out",
                        path("o.book")}),
                   "unterminated comment");
  {
    std::ofstream bad(path("illegal.pgn"));
    bad << "1. d1c1b1 z9z9 1-0\n";
  }
  expect_one_error(run({"build", "-variant", "razzledazzle", "-records", path("illegal.pgn"),
                        "-out", path("o.book")}),
                   "records file '" + path("illegal.pgn") + "', record 1 (line 1): ply 2: ");
  expect_one_error(run({"build", "-variant", "chess", "-records", kGames, "-out", path("o.book")}),
                   "unknown variant 'chess'");
  expect_one_error(run({"build", "-variant", "razzledazzle", "-records", kGames, "-out",
                        "/nonexistent-folder/o.book"}),
                   "book file");
  expect_one_error(run({"suite", "-variant", "yinyang", "-out", "/nonexistent-folder/s.txt"}),
                   "openings file");
  // Every command that takes a variant or writes a file refuses an unknown variant and an
  // output it cannot write, before any work.
  expect_one_error(run({"suite", "-variant", "chess", "-out", path("s.txt")}),
                   "unknown variant 'chess'");
  expect_one_error(run({"expand", "-book", path("n.book"), "-variant", "chess"}),
                   "unknown variant 'chess'");
  expect_one_error(run({"expand", "-book", "/nonexistent-folder/e.book", "-variant", "razzledazzle",
                        "-nodes", "100", "-expansions", "1"}),
                   "cannot create a file in the folder '/nonexistent-folder'");
  ASSERT_EQ(run({"build", "-variant", "razzledazzle", "-records", kGames, "-out", path("g.book"),
                 "-min-games", "1"})
                .exit_code,
            0);
  expect_one_error(run({"merge", "-books", path("g.book"), path("g.book"), "-out",
                        "/nonexistent-folder/m.book"}),
                   "cannot create a file in the folder '/nonexistent-folder'");
  expect_one_error(run({"show", "-book", path("g.book"), "-moves", "z9z9"}), "malformed move");
  expect_one_error(run({"show", "-book", path("missing.book")}), "cannot open it");
  {
    std::ofstream junk(path("junk.book"));
    junk << "TRIADBK\nnot really";
  }
  expect_one_error(run({"show", "-book", path("junk.book")}), "truncated");
  expect_one_error(run({"frobnicate"}), "unknown command");
  const auto help = run({"suite", "-help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--window"), std::string::npos) << help.out;
  // A usage error: the one line names the command and points to its help.
  expect_one_error(run({"build", "-variant"}),
                   "triad-book: build: the required argument for option '--variant' is missing "
                   "(see triad-book build -help)\n");
  EXPECT_FALSE(fs::exists(path("o.book")));
}

// Every number is read whole and range-checked in one wording (runner::parse_int): the option
// parser once wrapped a negative node count into a huge unsigned one, and the expansion ran.
TEST_F(BookTool, EveryNumberIsRangeCheckedBeforeAnyWork) {
  const auto r = run({"expand", "-book", path("x.book"), "-variant", "razzledazzle",
                      "-nodes=-9223372036854775809"},
                     std::chrono::seconds(30));
  expect_one_error(r,
                   "triad-book: expand: -nodes '-9223372036854775809' is outside "
                   "1..9223372036854775807\n");
  EXPECT_FALSE(fs::exists(path("x.book")));
  expect_one_error(run({"expand", "-book", path("x.book"), "-variant", "razzledazzle", "-hash=-1"}),
                   "triad-book: expand: -hash '-1' is outside 1..65536");
  expect_one_error(run({"suite", "-variant", "razzledazzle", "-out", path("s.txt"), "-count=-1"}),
                   "triad-book: suite: -count '-1' is outside 1..1000000");
  expect_one_error(run({"suite", "-variant", "razzledazzle", "-out", path("s.txt"), "-seed", "x1"}),
                   "triad-book: suite: -seed 'x1' is not an integer");
  expect_one_error(run({"build", "-variant", "razzledazzle", "-records", kGames, "-out",
                        path("o.book"), "-min-games=-1"}),
                   "triad-book: build: -min-games '-1' is outside 0..4294967295");
  EXPECT_FALSE(fs::exists(path("s.txt")));
  EXPECT_FALSE(fs::exists(path("o.book")));
}

}  // namespace
}  // namespace triad::adapters::book
