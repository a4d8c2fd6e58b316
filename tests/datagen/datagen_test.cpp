// triad-datagen as a process: the data reads back with the C++ reader and with numpy, each
// kept position is what the settings say (opening, filters, results), K threads write the
// bytes of one thread, and a run killed with SIGKILL (or cut short) continues to the bytes
// of an uninterrupted run.
#include <signal.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>

#include "adapters/common/text.h"
#include "adapters/common/variants.h"
#include "adapters/ivesdama/notation.h"
#include "engine/search/search_types.h"
#include "tests/datagen/datagen_support.h"

namespace triad::datagen::testing {
namespace {

using namespace std::chrono_literals;

void write_text(const std::filesystem::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
}

// The settings of a small Razzle Dazzle run writing `file`.
std::vector<std::string> razzle_run(const std::filesystem::path& file, int games) {
  return {"-variant", "razzledazzle", "-games",  std::to_string(games), "-nodes", "1000", "-seed",
          "7",        "-quiet",       "-output", file.string()};
}

TEST(Datagen, RecordsReadBackAndFollowTheFilters) {
  TempDir dir("datagen_read");
  const auto file = dir / "data.bin";
  const auto r = run_datagen(razzle_run(file, 6), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("positions/s"), std::string::npos) << r.err;
  const auto data = read_ok(file);
  const learn::Header& h = data.header;
  EXPECT_EQ(h.game, "razzledazzle");
  EXPECT_EQ(h.variant, "razzledazzle");
  EXPECT_EQ(h.points, 56u);
  EXPECT_EQ(h.nodes, 1000u);
  EXPECT_EQ(h.seed, 7u);
  EXPECT_EQ(h.random_plies, 8u);
  EXPECT_EQ(h.games, 6u);
  ASSERT_EQ(h.records, data.records.size());
  ASSERT_GT(h.records, 20u);
  EXPECT_EQ(std::filesystem::file_size(file), learn::kHeaderBytes + h.records * h.record_bytes());
  std::set<std::pair<std::uint32_t, std::string>> seen;
  std::map<std::uint32_t, std::map<int, int>> result_by_side;  // game -> side -> result
  std::uint32_t last_game = 0;
  for (const auto& rec : data.records) {
    EXPECT_GE(rec.game, last_game) << "records in game order";
    last_game = rec.game;
    EXPECT_LT(rec.game, 6u);
    EXPECT_GE(rec.ply, 8) << "the random plies are not written";
    EXPECT_EQ(rec.board.size(), 56u);
    EXPECT_LE(rec.side, 1);
    EXPECT_FALSE(engine::is_mate_score(rec.score)) << "forced results are skipped";
    EXPECT_NE(rec.move, learn::kNoMove);
    EXPECT_TRUE(seen.insert({rec.game, rec.board + char('0' + rec.side)}).second)
        << "a position repeated within game " << rec.game;
    // One result per game: the side to move's, so the two sides' are opposite.
    auto& by_side = result_by_side[rec.game];
    by_side.emplace(rec.side, rec.result);
    EXPECT_EQ(by_side[rec.side], rec.result);
    if (by_side.size() == 2) {
      EXPECT_EQ(by_side[0], -by_side[1]);
    }
  }
  EXPECT_EQ(result_by_side.size(), 6u) << "every game kept positions";
}

// The position line of record `rec` on the board whose start position is `start`: the
// record's points cut into that line's ranks, each written back with its runs of empty points.
std::string record_line(const learn::Record& rec, const std::string& start) {
  std::string field;
  std::size_t at = 0;
  std::istringstream ranks(start.substr(0, start.find(' ')));
  for (std::string rank; std::getline(ranks, rank, '/');) {
    const std::size_t points = adapters::expand_board_field(rank).size();
    if (!field.empty()) field += '/';
    adapters::append_run_length(field, std::string_view(rec.board).substr(at, points));
    at += points;
  }
  return field + " " + std::to_string(rec.side + 1) + " " + std::to_string(rec.ply);
}

// The Íves dáma game core at the position of record `rec` (null, with a test failure, if
// it does not read back).
std::unique_ptr<adapters::AnyGame> ives_position(const learn::Record& rec) {
  auto position = adapters::VariantRegistry::builtin().create("ivesdama");
  if (!position) {
    ADD_FAILURE() << position.error().message;
    return nullptr;
  }
  const std::string line = record_line(rec, (*position)->start_position_line());
  if (auto read = (*position)->reset(line); !read) {
    ADD_FAILURE() << line << ": " << read.error().message;
    return nullptr;
  }
  return std::move(*position);
}

// Íves dáma's captures are compulsory: where one is possible every legal move captures, the
// quiescence search plays them all and the evaluation never judges that position, so it is
// not kept; every kept position has a move that captures nothing (read from the game core's
// moves, not from the filter's hook).
TEST(Datagen, PositionsWithACompulsoryCaptureAreNotKept) {
  TempDir dir("datagen_captures");
  const auto file = dir / "data.bin";
  const auto r = run_datagen({"-variant", "ivesdama", "-games", "8", "-nodes", "500", "-seed", "3",
                              "-quiet", "-output", file.string()},
                             dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto data = read_ok(file);
  ASSERT_EQ(data.header.points, 25u);
  ASSERT_GT(data.records.size(), 40u);
  for (const auto& rec : data.records) {
    const auto position = ives_position(rec);
    ASSERT_TRUE(position);
    const auto& typed = dynamic_cast<adapters::TypedGame<games::ivesdama::Game>&>(*position);
    games::ivesdama::Game::MoveList moves;
    typed.line().legal_moves(moves);
    EXPECT_TRUE(
        std::any_of(moves.begin(), moves.end(), [](const auto& m) { return !m.is_capture(); }))
        << "game " << rec.game << ": every move of " << position->position_line() << " captures";
  }
}

// Of the records of consecutive plies of one game (plies p and p + 1), how many there are and
// in how many the second position is not the first after the first's best move (the game
// core plays that move).
std::pair<int, int> pairs_and_moves_off_the_search(const learn::DataFile& data) {
  int pairs = 0;
  int off = 0;
  for (std::size_t i = 0; i + 1 < data.records.size(); ++i) {
    const learn::Record& rec = data.records[i];
    const learn::Record& next = data.records[i + 1];
    if (next.game != rec.game || next.ply != rec.ply + 1) continue;
    const auto position = ives_position(rec);
    if (!position) continue;
    const auto& actions = position->legal_actions();
    const auto best = std::find(actions.begin(), actions.end(), static_cast<int>(rec.move));
    EXPECT_NE(best, actions.end()) << "the best move is legal";
    if (best == actions.end()) continue;
    position->play_legal(static_cast<int>(best - actions.begin()));
    ++pairs;
    if (adapters::expand_board_field(position->position_line()) != next.board) ++off;
  }
  return {pairs, off};
}

// -randommoves N: about N % of the plies play a random legal move instead of the search's,
// and the game goes on from it; without it every next position follows the best move.
TEST(Datagen, RandomMovesLeaveTheSearchsPathAsOftenAsAsked) {
  TempDir dir("datagen_random_moves");
  const auto run = [&dir](const std::string& percent) {
    const auto file = dir / ("moves" + percent + ".bin");
    const auto r = run_datagen({"-variant", "ivesdama", "-games", "12", "-nodes", "500", "-seed",
                                "3", "-randommoves", percent, "-quiet", "-output", file.string()},
                               dir.path());
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return read_ok(file);
  };
  const auto searched = run("0");
  const auto random = run("30");
  EXPECT_EQ(searched.header.random_moves, 0u);
  EXPECT_EQ(random.header.random_moves, 30u);
  const auto [searched_pairs, searched_off] = pairs_and_moves_off_the_search(searched);
  ASSERT_GT(searched_pairs, 100);
  EXPECT_EQ(searched_off, 0);
  const auto [random_pairs, random_off] = pairs_and_moves_off_the_search(random);
  ASSERT_GT(random_pairs, 50);
  // About 30 % of the plies, less the random moves that hit the best move by chance.
  EXPECT_GT(random_off, random_pairs / 8) << random_off << " of " << random_pairs;
  EXPECT_LT(random_off, random_pairs / 2) << random_off << " of " << random_pairs;
}

// A variant of a -variants file (Íves dáma on the 5 x 5 Alquerque board of
// docs/games/ives-dama.md) is played like a built-in one; its name and board size go into the
// header.
TEST(Datagen, PlaysAVariantOfAVariantsFile) {
  TempDir dir("datagen_variants");
  std::filesystem::copy_file(TRIAD_SOURCE_DIR "/tests/ivesdama/alquerque-5x5.yaml",
                             dir / "alquerque.yaml");
  write_text(dir / "variants.yaml",
             "variants:\n  - name: ivesdama-alquerque\n    game: ivesdama\n"
             "    board: alquerque.yaml\n");
  const auto file = dir / "data.bin";
  const std::vector<std::string> run = {"-variants",  (dir / "variants.yaml").string(),
                                        "-variant",   "ivesdama-alquerque",
                                        "-games",     "3",
                                        "-nodes",     "300",
                                        "-quiet",     "-output",
                                        file.string()};
  const auto r = run_datagen(run, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto data = read_ok(file);
  EXPECT_EQ(data.header.game, "ivesdama");
  EXPECT_EQ(data.header.variant, "ivesdama-alquerque");
  EXPECT_EQ(data.header.points, 25u);
  ASSERT_GT(data.records.size(), 0u);
  for (const auto& rec : data.records) {
    ASSERT_EQ(rec.board.size(), 25u);
    EXPECT_EQ(rec.board.find_first_not_of("pP."), std::string::npos) << rec.board;
    EXPECT_LE(std::count(rec.board.begin(), rec.board.end(), 'p'), 12) << rec.board;
  }
  // Without the file the name is unknown, and nothing is written.
  const auto unknown = run_datagen({"-variant", "ivesdama-alquerque", "-games", "1", "-quiet",
                                    "-output", (dir / "none.bin").string()},
                                   dir.path());
  expect_refused(unknown, "-variant: unknown variant 'ivesdama-alquerque'");
  EXPECT_FALSE(std::filesystem::exists(dir / "none.bin"));
}

TEST(Datagen, NumpyReadsTheFileWithTheDocumentedDtype) {
  TempDir dir("datagen_numpy");
  const auto file = dir / "data.bin";
  ASSERT_EQ(run_datagen(razzle_run(file, 3), dir.path()).exit_code, 0);
  const auto data = read_ok(file);
  const auto numpy = run_command(
      {"/usr/bin/python3", TRIAD_SOURCE_DIR "/tests/datagen/read_with_numpy.py", file.string()},
      dir.path());
  ASSERT_EQ(numpy.exit_code, 0) << numpy.err;
  const std::string expected = "razzledazzle razzledazzle 3 " +
                               std::to_string(data.header.records) + "\n" + record_lines(data);
  EXPECT_EQ(numpy.out, expected);
}

// With an openings file and no random plies, game i starts at line i mod count: its first
// record is that position, with a legal move as its best move.
TEST(Datagen, GamesStartFromTheOpeningsInTurn) {
  TempDir dir("datagen_openings");
  const std::vector<std::string> lines = {"p/p1p/pp1pp/ppp/1/PPP/2PPP/PPP/P 1 8",
                                          "p/ppp/ppppp/2p/P/PP1/PP1P1/PPP/P 1 8"};
  write_text(dir / "openings.txt", "# two positions\n" + lines[0] + "\n\n" + lines[1] + "\n");
  const auto file = dir / "data.bin";
  const auto r = run_datagen(
      {"-variant", "ivesdama", "-games", "3", "-nodes", "500", "-randomplies", "0", "-openings",
       (dir / "openings.txt").string(), "-quiet", "-output", file.string()},
      dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto data = read_ok(file);
  EXPECT_EQ(data.header.points, 25u);
  EXPECT_NE(data.header.openings_digest, 0u);
  EXPECT_EQ(data.header.random_plies, 0u);
  const auto registry = adapters::VariantRegistry::builtin();
  for (std::uint32_t game = 0; game < 3; ++game) {
    const auto first = std::find_if(data.records.begin(), data.records.end(),
                                    [game](const learn::Record& rec) { return rec.game == game; });
    ASSERT_NE(first, data.records.end()) << "game " << game;
    const std::string& line = lines[game % 2];
    EXPECT_EQ(first->board, adapters::expand_board_field(line)) << "game " << game;
    EXPECT_EQ(first->side, 0);
    EXPECT_EQ(first->ply, 8);
    auto position = registry.create("ivesdama");
    ASSERT_TRUE(position);
    ASSERT_TRUE((*position)->reset(line));
    const auto& actions = (*position)->legal_actions();
    EXPECT_NE(std::find(actions.begin(), actions.end(), static_cast<int>(first->move)),
              actions.end());
  }
}

TEST(Datagen, ThreadsWriteTheBytesOfOneThread) {
  TempDir dir("datagen_threads");
  auto one = razzle_run(dir / "one.bin", 8);
  auto three = razzle_run(dir / "three.bin", 8);
  three.insert(three.end(), {"-concurrency", "3"});
  ASSERT_EQ(run_datagen(one, dir.path()).exit_code, 0);
  const auto r = run_datagen(three, dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_text(dir / "three.bin"), read_text(dir / "one.bin"));
  // Another seed gives other games.
  auto other = razzle_run(dir / "other.bin", 8);
  other[7] = "8";
  ASSERT_EQ(run_datagen(other, dir.path()).exit_code, 0);
  EXPECT_NE(read_ok(dir / "other.bin").records, read_ok(dir / "one.bin").records);
}

// Killed with SIGKILL in the middle, the same command continues: the file ends as the
// uninterrupted run's, byte for byte. The killed run asks for more games than any machine
// plays before the kill; the resumed and the uninterrupted runs ask for a few more than the
// header counted (a larger -games continues a file as if asked for from the start).
TEST(Datagen, AKilledRunResumesToTheBytesOfAnUninterruptedOne) {
  TempDir dir("datagen_killed");
  const auto file = dir / "killed.bin";
  const auto with_threads = [](std::vector<std::string> args) {
    args.insert(args.end(), {"-concurrency", "2"});
    return args;
  };
  {
    std::vector<std::string> words = {kTriadDatagen};
    const auto args = with_threads(razzle_run(file, 1000000));
    words.insert(words.end(), args.begin(), args.end());
    std::filesystem::create_directories(dir / "job");
    tournament::testing::MatchProcess job(tournament::testing::MatchProcess::FullCommand{words},
                                          dir / "job");
    // Until some games are counted in the header (it is rewritten about once a second).
    for (int i = 0; i < 3000; ++i) {
      const auto data = adapters::nnue::read_data_file(file);
      if (data && data->header.games >= 3) break;
      std::this_thread::sleep_for(10ms);
    }
    job.signal(SIGKILL);
    job.wait(10s);
  }
  const auto cut = read_ok(file);
  ASSERT_GE(cut.header.games, 3u);
  const int games = static_cast<int>(cut.header.games) + 20;
  const auto resumed = run_datagen(with_threads(razzle_run(file, games)), dir.path());
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  ASSERT_EQ(run_datagen(razzle_run(dir / "whole.bin", games), dir.path()).exit_code, 0);
  EXPECT_EQ(read_text(file), read_text(dir / "whole.bin"));
}

// A cut tail (an append interrupted half-way) is removed, a finished file is left as it is,
// and a larger -games continues it as if it had been asked for from the start.
TEST(Datagen, ACutTailIsRemovedAndMoreGamesContinueTheFile) {
  TempDir dir("datagen_more");
  const auto file = dir / "data.bin";
  ASSERT_EQ(run_datagen(razzle_run(file, 3), dir.path()).exit_code, 0);
  const std::string three = read_text(file);
  ASSERT_EQ(run_datagen(razzle_run(file, 3), dir.path()).exit_code, 0);
  EXPECT_EQ(read_text(file), three) << "nothing to add";
  std::ofstream(file, std::ios::binary | std::ios::app) << std::string(31, 'x');
  const auto more = run_datagen(razzle_run(file, 5), dir.path());
  ASSERT_EQ(more.exit_code, 0) << more.err;
  ASSERT_EQ(run_datagen(razzle_run(dir / "five.bin", 5), dir.path()).exit_code, 0);
  EXPECT_EQ(read_text(file), read_text(dir / "five.bin"));
  EXPECT_EQ(read_ok(file).header.games, 5u);
}

// -output through a symbolic link writes the file it points to, as every output of Triad's
// programs: an existing one is continued, a link that dangles creates its file when the first
// game is written, and a run refused before it leaves nothing behind.
TEST(Datagen, AnOutputLinkIsFollowed) {
  TempDir dir("datagen_links");
  ASSERT_EQ(run_datagen(razzle_run(dir / "three.bin", 3), dir.path()).exit_code, 0);
  ASSERT_EQ(run_datagen(razzle_run(dir / "data.bin", 2), dir.path()).exit_code, 0);
  std::filesystem::create_symlink("data.bin", dir / "link.bin");
  const auto more = run_datagen(razzle_run(dir / "link.bin", 3), dir.path());
  ASSERT_EQ(more.exit_code, 0) << more.err;
  EXPECT_EQ(read_text(dir / "data.bin"), read_text(dir / "three.bin"));
  EXPECT_TRUE(std::filesystem::is_symlink(dir / "link.bin"));

  std::filesystem::create_symlink("new.bin", dir / "dangling.bin");
  auto refused = razzle_run(dir / "dangling.bin", 3);
  refused[1] = "yinyang";
  refused.insert(refused.end(), {"-randomplies", "40"});
  expect_refused(run_datagen(refused, dir.path()), "-randomplies 40: ");
  EXPECT_FALSE(std::filesystem::exists(dir / "new.bin")) << "nothing written for a refused run";
  const auto created = run_datagen(razzle_run(dir / "dangling.bin", 3), dir.path());
  ASSERT_EQ(created.exit_code, 0) << created.err;
  EXPECT_EQ(read_text(dir / "new.bin"), read_text(dir / "three.bin"));
  EXPECT_TRUE(std::filesystem::is_symlink(dir / "dangling.bin"));

  // A link into a folder that does not exist: refused, the folder not made.
  std::filesystem::create_symlink("none/new.bin", dir / "nowhere.bin");
  expect_refused(run_datagen(razzle_run(dir / "nowhere.bin", 3), dir.path()), "does not exist");
  EXPECT_FALSE(std::filesystem::exists(dir / "none"));
}

// A file of format version 1 (made before -randommoves: its u32 of random plies is version
// 2's u16 of random plies and a u16 of no random moves) is continued as it is: the header
// keeps version 1 and every other byte is a version 2 run's.
TEST(Datagen, AVersion1FileIsContinued) {
  TempDir dir("datagen_version1");
  const auto file = dir / "data.bin";
  ASSERT_EQ(run_datagen(razzle_run(file, 2), dir.path()).exit_code, 0);
  std::string old = read_text(file);
  old[8] = 1;
  write_bytes(file, old);
  const auto more = run_datagen(razzle_run(file, 4), dir.path());
  ASSERT_EQ(more.exit_code, 0) << more.err;
  ASSERT_EQ(run_datagen(razzle_run(dir / "four.bin", 4), dir.path()).exit_code, 0);
  std::string continued = read_text(file);
  EXPECT_EQ(continued[8], 1);
  continued[8] = 2;
  EXPECT_EQ(continued, read_text(dir / "four.bin"));
  EXPECT_EQ(read_ok(file).header.random_moves, 0u);
}

}  // namespace
}  // namespace triad::datagen::testing
