// The engine's Íves dáma endgame tables through the protocol (in process), on table files of
// up to 5 stones that the CTest fixture protocol_session_tables builds once per ctest run with
// triad-tables (tests/protocol/CMakeLists.txt; `ctest -R TablesSession` runs it first): TablePath
// loads them and refuses a bad folder with one error (the engine plays on without tables), a won
// root plays the tables' fastest win (also after a repetition, when the values are not proved) and
// reports tbhits (none at a limited strength level or with TableProbeLimit 0), a search below the
// root probes them, and `go solve` answers from them and refuses outside them.
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <utility>

#include "adapters/common/variants.h"
#include "adapters/ivesdama/notation.h"
#include "adapters/tables/table_file.h"
#include "adapters/tables/table_set.h"
#include "session_driver.h"

namespace triad::protocol::testing {
namespace {

namespace fs = std::filesystem;
namespace iv = games::ivesdama;
using iv::EndgameValue;
using Lines = std::vector<std::string>;
using N = adapters::Notation<iv::Game>;

class TablesSession : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    // This process's own folder, for the damaged copy of the tables and missing paths: the
    // fixture's folder is shared by the test processes and only read.
    root_ = fs::temp_directory_path() / ("triad-tables-session-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    fs::create_directories(root_);
    holder_ = adapters::VariantRegistry::builtin().create("ivesdama").value();
    auto set = tables::TableSet::open(dir(), game());
    ASSERT_TRUE(set.ok()) << set.error().message
                          << " (the ctest fixture protocol_session_tables builds them)";
    ASSERT_EQ(set->max_stones(), 5);
    tables_ = std::make_unique<tables::TableSet>(std::move(*set));
  }
  static void TearDownTestSuite() {
    tables_.reset();
    holder_.reset();
    std::error_code ec;
    fs::remove_all(root_, ec);
  }
  static const iv::Game& game() {
    return dynamic_cast<const adapters::TypedGame<iv::Game>&>(*holder_).game();
  }
  static std::string dir() { return TRIAD_SESSION_TABLES; }

  // The first position of material (a, b), Player 1 to move, that is not over, has no
  // capture and whose table value `wanted` accepts.
  template <class Wanted>
  static std::optional<iv::Position> find(tables::Material m, Wanted&& wanted) {
    const auto& t = game().geometry();
    const tables::SliceIndex slice(t.num_points, t.all, m);
    for (std::uint64_t i = 0; i < slice.placements(); ++i) {
      const iv::Position pos = slice.position(game(), i);
      if (tables::dont_care(game(), pos)) continue;
      if (const auto v = tables_->probe(pos); v && wanted(*v)) return pos;
    }
    return std::nullopt;
  }

  // Calls `root(pos, value)` on the positions of material (a, b), Player 1 to move, that are
  // not over, have no capture and are in the tables, until it has accepted (returned true)
  // `count` of them; returns how many it accepted.
  template <class Root>
  static int accept_roots(tables::Material m, int count, Root&& root) {
    const auto& t = game().geometry();
    const tables::SliceIndex slice(t.num_points, t.all, m);
    int accepted = 0;
    for (std::uint64_t i = 0; i < slice.placements() && accepted < count; ++i) {
      const iv::Position pos = slice.position(game(), i);
      if (tables::dont_care(game(), pos)) continue;
      if (const auto v = tables_->probe(pos); v && root(pos, *v)) ++accepted;
    }
    return accepted;
  }

  // A position with `stones` stones, Player 1 to move, whose every move is a capture.
  static iv::Position capture_position(int stones) {
    std::mt19937_64 rng(7);
    const auto& t = game().geometry();
    for (;;) {
      std::array<std::uint32_t, 2> pieces{};
      for (int k = 0; k < stones; ++k) {
        std::uint32_t bit;
        do bit = 1u << (rng() % static_cast<unsigned>(t.num_points));
        while ((pieces[0] | pieces[1]) & bit);
        pieces[k % 2] |= bit;
      }
      const auto pos = game().make_position(pieces[0], pieces[1], engine::Player::kOne, 0);
      iv::Game::MoveList moves;
      game().generate(pos, {}, moves);
      if (!game().terminal(pos).over() && !moves.empty() && moves.begin()->is_capture()) return pos;
    }
  }

  static inline fs::path root_;
  static inline std::unique_ptr<adapters::AnyGame> holder_;
  static inline std::unique_ptr<tables::TableSet> tables_;
};

std::string joined(const Lines& lines) {
  std::string all;
  for (const auto& l : lines) all += l + "\n";
  return all;
}

int count_errors(const Lines& lines) {
  int n = 0;
  for (const auto& l : lines) n += l.rfind("info string error", 0) == 0 ? 1 : 0;
  return n;
}

std::string bestmove(const Lines& lines) {
  for (const auto& l : lines)
    if (l.rfind("bestmove ", 0) == 0) return l.substr(9, l.find(' ', 9) - 9);
  return "";
}

TEST_F(TablesSession, TablePathLoadsAndBadFoldersAreOneError) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value ivesdama");
  const Lines loaded = d.send("setoption name TablePath value " + dir());
  EXPECT_EQ(count_errors(loaded), 0) << joined(loaded);
  EXPECT_NE(joined(loaded).find("tables of up to 5 stones"), std::string::npos) << joined(loaded);

  // A folder of another variant's tables is no error, and not used for this variant.
  const Lines other = d.send("setoption name UCI_Variant value ivesdama-arc");
  EXPECT_EQ(count_errors(other), 0) << joined(other);
  EXPECT_NE(joined(other).find("no tables for the variant ivesdama-arc"), std::string::npos)
      << joined(other);
  d.send("setoption name UCI_Variant value ivesdama");

  // A truncated slice file in a copy of the folder.
  const fs::path damaged = root_ / "damaged";
  fs::remove_all(damaged);
  fs::copy(dir(), damaged);
  fs::resize_file(damaged / "ives-2-1.tbl", fs::file_size(damaged / "ives-2-1.tbl") - 3);
  for (const std::string& bad :
       {(root_ / "missing").string(), (fs::path(dir()) / "ives-1-1.tbl").string(),
        dir() + ":" + (root_ / "missing").string(), damaged.string()}) {
    const Lines out = d.send("setoption name TablePath value " + bad);
    ASSERT_EQ(out.size(), 1u) << bad << "\n" << joined(out);
    EXPECT_EQ(out[0].rfind("info string error setoption TablePath : ", 0), 0u) << out[0];
    // The engine plays on, without tables.
    d.send("position fen " + N::format_position(game(), capture_position(6)));
    const Lines search = d.send("go depth 2");
    EXPECT_FALSE(bestmove(search).empty()) << joined(search);
    EXPECT_EQ(joined(search).find("tbhits"), std::string::npos) << joined(search);
  }
  EXPECT_NE(d.send("setoption name TablePath value " + damaged.string())[0].find("ives-2-1.tbl"),
            std::string::npos);
}

TEST_F(TablesSession, AWonRootPlaysTheFastestWinAndReportsTbhits) {
  // Five stones: beyond the engine's in-memory table (4 stones), inside the files.
  const auto won = find({3, 2}, [](const EndgameValue& v) {
    return v.result == EndgameValue::Result::kWin && v.plies >= 7;
  });
  ASSERT_TRUE(won);
  const int plies = tables_->probe(*won)->plies;
  SessionDriver d;
  d.send("setoption name UCI_Variant value ivesdama");
  d.send("setoption name TablePath value " + dir());
  d.send("position fen " + N::format_position(game(), *won));
  const Lines out = d.send("go depth 1");
  const std::string move = bestmove(out);
  ASSERT_FALSE(move.empty()) << joined(out);
  auto played = N::parse_move(game(), *won, {}, move);
  ASSERT_TRUE(played.ok()) << move;
  const auto child = tables_->probe(game().make(*won, *played));
  ASSERT_TRUE(child);
  EXPECT_EQ(*child, (EndgameValue{EndgameValue::Result::kLoss, plies - 1})) << move;
  // UCI counts mate in moves of the side to move.
  EXPECT_NE(joined(out).find("score mate " + std::to_string((plies + 1) / 2) + " "),
            std::string::npos)
      << joined(out);
  EXPECT_NE(joined(out).find(" tbhits "), std::string::npos) << joined(out);

  // Not at a strength level below 5 (docs/strength.md: the weakest levels use no exact
  // knowledge; UCI_Elo 212 is below Íves dáma's Level 2), nor with TableProbeLimit 0.
  d.send("setoption name UCI_LimitStrength value true");
  d.send("setoption name UCI_Elo value 212");
  const Lines limited = d.send("go depth 2");
  EXPECT_EQ(joined(limited).find("tbhits"), std::string::npos) << joined(limited);
  d.send("setoption name UCI_LimitStrength value false");
  d.send("setoption name TableProbeLimit value 0");
  const Lines off = d.send("go depth 1");
  EXPECT_EQ(joined(off).find("tbhits"), std::string::npos) << joined(off);
}

TEST_F(TablesSession, TheSearchProbesTheTablesBelowTheRoot) {
  // Six stones, every move a capture: each child is a 5-stone table position.
  SessionDriver d;
  d.send("setoption name UCI_Variant value ivesdama");
  d.send("setoption name TablePath value " + dir());
  d.send("position fen " + N::format_position(game(), capture_position(6)));
  const Lines out = d.send("go depth 3");
  EXPECT_NE(joined(out).find(" tbhits "), std::string::npos) << joined(out);
}

// A step of `pos` from `from` to `to`, if it is legal there (no capture is compulsory).
std::optional<iv::Move> step(const iv::Game& g, const iv::Position& pos, int from, int to) {
  iv::Game::MoveList moves;
  g.generate(pos, {}, moves);
  for (const iv::Move& m : moves)
    if (!m.is_capture() && m.from == from && m.to == to) return m;
  return std::nullopt;
}

// Four steps from `pos` back to it, one of each side there and back (tokens), if there are.
std::vector<std::string> four_step_cycle(const iv::Game& g, const iv::Position& pos) {
  iv::Game::MoveList moves;
  g.generate(pos, {}, moves);
  for (const iv::Move& m1 : moves) {
    if (m1.is_capture()) break;
    const auto a = g.make(pos, m1);
    iv::Game::MoveList replies;
    g.generate(a, {}, replies);
    for (const iv::Move& m2 : replies) {
      if (m2.is_capture()) break;
      const auto b = g.make(a, m2);
      const auto back1 = step(g, b, m1.to, m1.from);
      if (!back1) continue;
      const auto c = g.make(b, *back1);
      const auto back2 = step(g, c, m2.to, m2.from);
      if (!back2) continue;
      return {N::format_move(g, pos, m1), N::format_move(g, a, m2), N::format_move(g, b, *back1),
              N::format_move(g, c, *back2)};
    }
  }
  return {};
}

// The `position` line that reaches `pos` through `cycle` twice, from the position after its
// first step: that position and `pos` come twice before the root (which is `pos` again), so
// a repetition may interfere and the tables' decided values are not proved there.
std::string after_the_cycle_twice(const iv::Game& g, const iv::Position& pos,
                                  const std::vector<std::string>& cycle) {
  const auto first = N::parse_move(g, pos, {}, cycle[0]);
  std::string line = "position fen " + N::format_position(g, g.make(pos, *first)) + " moves";
  for (int k = 1; k < 8; ++k) line += " " + cycle[static_cast<std::size_t>(k % 4)];
  return line;
}

// `go depth 2` with the tables at `pos`, reached through `cycle` twice: the position line,
// the output and the move played (an error if it is none of `pos`).
struct CycleSearch {
  std::string line;
  Lines out;
  Result<iv::Move> played;
};
CycleSearch search_after_the_cycle_twice(const iv::Game& g, const std::string& table_dir,
                                         const iv::Position& pos,
                                         const std::vector<std::string>& cycle) {
  const std::string line = after_the_cycle_twice(g, pos, cycle);
  SessionDriver d;
  d.send("setoption name UCI_Variant value ivesdama");
  d.send("setoption name TablePath value " + table_dir);
  d.send(line);
  Lines out = d.send("go depth 2");
  auto played = N::parse_move(g, pos, {}, bestmove(out));
  return {line, std::move(out), std::move(played)};
}

TEST_F(TablesSession, ARepetitionBeforeTheRootDoesNotMakeATableLossLookPlayable) {
  // Drawn roots reached after a cycle of four steps (a repetition may interfere there) that
  // have a move into a lost position: the engine keeps the draw.
  using R = EndgameValue::Result;
  const int roots = accept_roots({3, 2}, 12, [](const iv::Position& pos, EndgameValue value) {
    if (value.result != R::kDraw) return false;
    iv::Game::MoveList moves;
    game().generate(pos, {}, moves);
    const bool losing_move = std::any_of(moves.begin(), moves.end(), [&](const iv::Move& m) {
      const auto child = game().make(pos, m);
      const auto v = game().terminal(child).over() ? std::nullopt : tables_->probe(child);
      return v && v->result == R::kWin;
    });
    const auto cycle = losing_move ? four_step_cycle(game(), pos) : std::vector<std::string>{};
    if (cycle.empty()) return false;
    const auto search = search_after_the_cycle_twice(game(), dir(), pos, cycle);
    EXPECT_TRUE(search.played.ok()) << joined(search.out);
    if (!search.played.ok()) return true;
    const auto child = game().make(pos, *search.played);
    const auto v = tables_->probe(child);
    EXPECT_TRUE(game().terminal(child).over() || (v && v->result != R::kWin)) << search.line << "\n"
                                                                              << joined(search.out);
    return true;
  });
  EXPECT_EQ(roots, 12);
}

TEST_F(TablesSession, AWonRootAfterARepetitionStillTakesTheFastestWin) {
  // Won roots reached after a cycle of four steps (the tables' values are not proved there)
  // whose winning moves end the game at different distances: the engine takes the fastest
  // win that is no repetition (the cycle's first step would be one: its position came twice),
  // so it makes progress instead of shuffling stones until a repetition draws a won game.
  using R = EndgameValue::Result;
  const int roots = accept_roots({3, 2}, 12, [](const iv::Position& pos, EndgameValue value) {
    if (value.result != R::kWin || value.plies < 5) return false;  // no win in one
    const auto cycle = four_step_cycle(game(), pos);
    if (cycle.empty()) return false;
    // The distances of the winning moves (the opponent's loss in plies after them).
    iv::Game::MoveList moves;
    game().generate(pos, {}, moves);
    int fastest = 1 << 20, slowest = -1;
    for (const iv::Move& m : moves) {
      if (N::format_move(game(), pos, m) == cycle[0]) continue;
      const auto child = game().make(pos, m);
      const auto v = game().terminal(child).over() ? std::nullopt : tables_->probe(child);
      if (!v || v->result != R::kLoss) continue;
      fastest = std::min(fastest, v->plies);
      slowest = std::max(slowest, v->plies);
    }
    if (slowest <= fastest) return false;  // one winning distance: nothing to choose
    const auto search = search_after_the_cycle_twice(game(), dir(), pos, cycle);
    EXPECT_TRUE(search.played.ok()) << joined(search.out);
    if (!search.played.ok()) return true;
    const auto v = tables_->probe(game().make(pos, *search.played));
    EXPECT_EQ(v, (EndgameValue{R::kLoss, fastest})) << search.line << "\n" << joined(search.out);
    return true;
  });
  EXPECT_EQ(roots, 12);
}

// The scores of a search's info lines ("cp" or "mate" and the number).
std::vector<std::pair<std::string, int>> scores_of(const Lines& lines) {
  std::vector<std::pair<std::string, int>> scores;
  for (const auto& l : lines) {
    const auto at = l.find(" score ");
    if (at == std::string::npos) continue;
    std::istringstream in(l.substr(at + 7));
    std::string unit;
    int value = 0;
    if (in >> unit >> value) scores.emplace_back(unit, value);
  }
  return scores;
}

TEST_F(TablesSession, AProvedResultAfterARepetitionAndACaptureIsAMateScore) {
  // Steps to and fro repeat a position, then Player 2 is left with captures only (six stones,
  // five after them): below a capture the positions of the repetition can never recur, so
  // the tables' loss is proved and reported as mate (moves, as UCI counts them), the same as
  // without the repetition, never as centipawns of a proved size.
  const auto search = [](const std::string& moves) {
    SessionDriver d;
    d.send("setoption name UCI_Variant value ivesdama");
    d.send("setoption name TablePath value " + dir());
    d.send("position fen 1/p1p/5/3/1/3/1P1P1/P1P/1 1 0 moves " + moves);
    return d.send("go depth 12");
  };
  const Lines direct = search("b3c3 d8c9 d2d8");
  const Lines repeated = search("b3c3 d8c9 c3b3 c9d8 b3c3 d8c9 d2d8");
  ASSERT_FALSE(scores_of(direct).empty()) << joined(direct);
  const auto proved = scores_of(direct).back();
  EXPECT_EQ(proved.first, "mate") << joined(direct);
  EXPECT_LT(proved.second, 0) << joined(direct);
  const auto scores = scores_of(repeated);
  ASSERT_FALSE(scores.empty()) << joined(repeated);
  EXPECT_EQ(scores.back(), proved) << joined(repeated);
  for (const auto& [unit, score] : scores)
    EXPECT_FALSE(unit == "cp" && std::abs(score) >= 10000) << joined(repeated);
}

// The tokens after " pv " in the `solved` line.
std::vector<std::string> pv_of(const std::string& line) {
  std::vector<std::string> pv;
  const auto at = line.find(" pv ");
  if (at == std::string::npos) return pv;
  std::istringstream in(line.substr(at + 4));
  for (std::string t; in >> t;) pv.push_back(t);
  return pv;
}

TEST_F(TablesSession, GoSolveAgreesWithTheTablesAndRefusesOutsideThem) {
  using R = EndgameValue::Result;
  const auto won =
      find({3, 2}, [](const EndgameValue& v) { return v.result == R::kWin && v.plies >= 5; });
  const auto lost =
      find({2, 3}, [](const EndgameValue& v) { return v.result == R::kLoss && v.plies >= 4; });
  const auto drawn = find({3, 2}, [](const EndgameValue& v) { return v.result == R::kDraw; });
  ASSERT_TRUE(won && lost && drawn);
  SessionDriver d;
  d.send("setoption name UCI_Variant value ivesdama");
  d.send("position fen " + N::format_position(game(), *won));
  const Lines without = d.send("go solve");
  ASSERT_EQ(without.size(), 1u) << joined(without);
  EXPECT_EQ(without[0].rfind("info string error go solve : ", 0), 0u) << without[0];

  d.send("setoption name TablePath value " + dir());
  for (const auto& [pos, verdict] :
       {std::pair{*won, "p1win"}, std::pair{*lost, "p2win"}, std::pair{*drawn, "draw"}}) {
    const EndgameValue value = *tables_->probe(pos);
    d.send("position fen " + N::format_position(game(), pos));
    const Lines out = d.send("go solve");
    ASSERT_EQ(out.size(), 2u) << joined(out);
    const std::string expected =
        std::string(" string solved ") + verdict + " plies " + std::to_string(value.plies) + " pv ";
    EXPECT_NE(out[0].find(expected), std::string::npos) << out[0];
    const auto pv = pv_of(out[0]);
    ASSERT_FALSE(pv.empty()) << out[0];
    EXPECT_EQ(bestmove(out), pv[0]);
    // The line is legal; a decided one is perfect: each move keeps the value, and it ends
    // the game after the announced plies.
    iv::Position at = pos;
    EndgameValue expect = value;
    for (const auto& token : pv) {
      auto m = N::parse_move(game(), at, {}, token);
      ASSERT_TRUE(m.ok()) << token << " in " << out[0];
      at = game().make(at, *m);
      if (game().terminal(at).over()) break;
      const auto next = tables_->probe(at);
      ASSERT_TRUE(next);
      const R flipped = expect.result == R::kWin    ? R::kLoss
                        : expect.result == R::kLoss ? R::kWin
                                                    : R::kDraw;
      expect = {flipped, expect.plies > 0 ? expect.plies - 1 : 0};
      EXPECT_EQ(*next, expect) << token << " in " << out[0];
    }
    if (value.result != R::kDraw) {
      EXPECT_EQ(pv.size(), static_cast<std::size_t>(value.plies)) << out[0];
      iv::Game::MoveList moves;
      game().generate(at, {}, moves);
      EXPECT_TRUE(game().terminal(at).over() || moves.empty()) << out[0];
    }
  }

  // Outside the tables: seven stones.
  d.send("position fen " + N::format_position(game(), capture_position(7)));
  const Lines outside = d.send("go solve");
  ASSERT_EQ(outside.size(), 1u) << joined(outside);
  EXPECT_NE(
      outside[0].find("info string error go solve : the position has 7 stones, outside the tables"),
      std::string::npos)
      << outside[0];
}

// A new set copied over the one in use (`cp` truncates each file, then writes it): the next
// search or `go solve` drops the tables with one error line and never answers from the
// changed files — no "solved draw" for a won position, no signal when a file is cut.
TEST_F(TablesSession, FilesReplacedUnderTheEngineAreDroppedWithOneErrorNeverRead) {
  using R = EndgameValue::Result;
  const auto won =
      find({3, 2}, [](const EndgameValue& v) { return v.result == R::kWin && v.plies >= 5; });
  ASSERT_TRUE(won);
  const fs::path copy = root_ / "replaced";
  fs::remove_all(copy);
  fs::copy(dir(), copy);
  SessionDriver d;
  d.send("setoption name UCI_Variant value ivesdama");
  d.send("setoption name TablePath value " + copy.string());
  d.send("position fen " + N::format_position(game(), *won));
  ASSERT_NE(joined(d.send("go solve")).find("solved p1win"), std::string::npos);

  // The won position's slice rewritten in place with another slice's bytes (same file, same
  // inode: what `cp` of another set does), then the files of 5 stones cut to nothing.
  const fs::path slice = copy / tables::slice_file_name({3, 2});
  std::stringstream other;
  other << std::ifstream(copy / tables::slice_file_name({2, 2}), std::ios::binary).rdbuf();
  std::ofstream(slice, std::ios::binary | std::ios::trunc) << other.str();
  const Lines out = d.send("go solve");
  ASSERT_EQ(out.size(), 2u) << joined(out);
  EXPECT_EQ(
      out[0].rfind("info string error TablePath : " + slice.string() + ": changed while in use", 0),
      0u)
      << out[0];
  EXPECT_NE(out[0].find("the tables are no longer used"), std::string::npos) << out[0];
  EXPECT_EQ(out[1].rfind("info string error go solve : ", 0), 0u) << out[1];
  EXPECT_EQ(joined(out).find("string solved"), std::string::npos) << joined(out);
  // The search plays on without them: no table hit, no error again.
  const Lines searched = d.send("go depth 3");
  EXPECT_EQ(joined(searched).find("tbhits"), std::string::npos) << joined(searched);
  EXPECT_EQ(joined(searched).find("error"), std::string::npos) << joined(searched);
  EXPECT_FALSE(bestmove(searched).empty());
  // Setting TablePath again loads what is there now (here: no sound set of these rules).
  EXPECT_EQ(
      joined(d.send("setoption name TablePath value " + copy.string())).find("tables of up to"),
      std::string::npos);
}

// A file cut while a set is open: the probe that meets it answers nothing (it used to read
// as a draw, or fault on a mapped file), as does every later probe, and check() says why.
TEST_F(TablesSession, AProbeOfAFileCutWhileOpenAnswersNothing) {
  using R = EndgameValue::Result;
  const auto won =
      find({3, 2}, [](const EndgameValue& v) { return v.result == R::kWin && v.plies >= 5; });
  const auto small = find({2, 1}, [](const EndgameValue&) { return true; });
  // A covered position of the same slice in another block than `won`'s (a probe reads the
  // file only for a block this thread has not inflated last).
  std::optional<iv::Position> late;
  const auto& t = game().geometry();
  const tables::SliceIndex slice(t.num_points, t.all, {3, 2});
  for (std::uint64_t i = slice.placements(); i-- > 0 && !late;)
    if (const iv::Position pos = slice.position(game(), i); !tables::dont_care(game(), pos))
      late = pos;
  ASSERT_TRUE(won && small && late);
  const fs::path copy = root_ / "cut";
  fs::remove_all(copy);
  fs::copy(dir(), copy);
  auto set = tables::TableSet::open(copy, game());
  ASSERT_TRUE(set.ok()) << set.error().message;
  EXPECT_TRUE(set->probe(*won));
  EXPECT_TRUE(set->check());
  fs::resize_file(copy / tables::slice_file_name({3, 2}), 200);
  EXPECT_FALSE(set->probe(*late));
  EXPECT_FALSE(set->probe(*won));    // nothing from this set any more,
  EXPECT_FALSE(set->probe(*small));  // whatever file or block
  const auto checked = set->check();
  ASSERT_FALSE(checked);
  EXPECT_NE(checked.error().message.find("changed while in use (200 bytes now"), std::string::npos)
      << checked.error().message;
}

}  // namespace
}  // namespace triad::protocol::testing
