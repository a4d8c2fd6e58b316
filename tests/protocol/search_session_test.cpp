// In-process tests of searching through the protocol: every go form, stop/ponderhit, commands
// during a search, the fastchess UCI compliance sequence and a CuteGames-style UGI game.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <set>
#include <sstream>
#include <thread>

#include "adapters/common/game_registry.h"
#include "protocol/output.h"
#include "session_driver.h"
#include "tests/all_games.h"

namespace triad::protocol::testing {
namespace {

using Lines = std::vector<std::string>;

// The lines of one search: >= 1 info, the last info carries the required fields, and exactly
// one bestmove, last. Returns the bestmove's move token.
std::string check_search(const Lines& out) {
  EXPECT_FALSE(out.empty());
  if (out.empty()) return "";
  EXPECT_EQ(count_prefix(out, "bestmove "), 1);
  EXPECT_TRUE(starts_with(out.back(), "bestmove ")) << out.back();
  const std::string* last_info = nullptr;
  for (const auto& l : out)
    if (starts_with(l, "info depth ")) last_info = &l;
  EXPECT_NE(last_info, nullptr) << "no info line before bestmove";
  if (last_info) {
    for (const char* field : {" score ", " nodes ", " nps ", " time ", " pv "})
      EXPECT_NE(last_info->find(field), std::string::npos) << field << " in " << *last_info;
  }
  return tokenize(out.back()).size() > 1 ? std::string(tokenize(out.back())[1]) : "";
}

std::set<std::string> legal_moves(SessionDriver& d) {
  std::set<std::string> out;
  const std::string moves = d.query("moves");
  for (auto t : tokenize(moves)) out.emplace(t);
  return out;
}

class GoForms : public ::testing::TestWithParam<std::string> {};

TEST_P(GoForms, EveryGoFormGivesInfoThenOneLegalBestmove) {
  SessionDriver d;
  d.send(std::string("setoption name UCI_Variant value ") + GetParam());
  const auto legal = legal_moves(d);
  for (const char* go :
       {"go depth 3", "go nodes 2000", "go movetime 50", "go wtime 100 btime 100",
        "go p1time 300 p2time 300 p1inc 10 p2inc 10", "go btime 100 wtime 1 binc 100 winc 1",
        "go wtime 5000 btime 5000 movestogo 3 depth 2", "go mate 1 depth 2"}) {
    const auto best = check_search(d.send(go));
    EXPECT_TRUE(legal.count(best)) << go << " -> " << best;
  }
}

INSTANTIATE_TEST_SUITE_P(Games, GoForms,
                         ::testing::ValuesIn(triad::testing::registered_game_names()));

TEST(SearchSession, SearchmovesRestrictsTheRoot) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  EXPECT_EQ(check_search(d.send("go depth 3 searchmoves d4e4")), "d4e4");
  // A move that is not legal here: one error line, and the go is still answered (every
  // move searched).
  const auto bad = d.send("go depth 3 searchmoves a1a2");
  ASSERT_FALSE(bad.empty());
  EXPECT_TRUE(starts_with(bad[0], "info string error go searchmoves : move 'a1a2': ")) << bad[0];
  EXPECT_EQ(count_prefix(bad, "info string error"), 1);
  const Lines search(bad.begin() + 1, bad.end());
  EXPECT_TRUE(legal_moves(d).count(check_search(search)));
}

// While the search runs on its own thread, the commands that only read the game are answered
// at once; those that would change it wait for the bestmove, and every line after them waits
// behind them (isready and queries included); stop ends the search and the searches of the
// queued go lines sent before it.
TEST(SearchSession, InfiniteRunsUntilStopAndLaterCommandsWaitInOrder) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  d.send_async("go infinite");
  d.send_async("isready");                       // answered at once
  d.send_async("query fen");                     // answered at once
  d.send_async("position startpos moves c4b4");  // waits for the bestmove
  d.send_async("go depth 1");                    // waits, then searches the new position
  d.send_async("setoption name Hash value 2");   // waits
  d.send_async("query fen");                     // waits behind them
  d.send_async("ucinewgame");                    // waits
  d.send_async("query fen");                     // waits behind it
  d.send_async("isready");                       // waits behind it
  const auto before_stop = d.take_now();
  d.send_async("stop");
  const auto after_stop = d.finish();
  EXPECT_EQ(count_prefix(before_stop, "bestmove"), 0);
  EXPECT_EQ(count_prefix(before_stop, "readyok"), 1);
  EXPECT_EQ(count_prefix(before_stop, "response "), 1);
  EXPECT_EQ(count_prefix(before_stop, "response 6/6/2DL2/2LD2/6/6 1 0"), 1);
  Lines out = before_stop;
  out.insert(out.end(), after_stop.begin(), after_stop.end());
  EXPECT_EQ(count_prefix(out, "info string error"), 0);
  Lines answers;  // everything but the info lines of the two searches
  for (const auto& l : after_stop)
    if (!starts_with(l, "info depth") && !starts_with(l, "info string")) answers.push_back(l);
  ASSERT_EQ(answers.size(), 5u) << ::testing::PrintToString(after_stop);
  EXPECT_TRUE(starts_with(answers[0], "bestmove "));
  EXPECT_TRUE(starts_with(answers[1], "bestmove "));  // go depth 1, stopped by the stop
  EXPECT_EQ(answers[2], "response 6/6/1DLL2/2LD2/6/6 2 1");
  EXPECT_EQ(answers[3], "response 6/6/2DL2/2LD2/6/6 1 0");
  EXPECT_EQ(answers[4], "readyok");
}

// The lines waiting for a search are bounded: a flood during `go infinite` is refused beyond
// 10 000 lines (one error line each), and the session goes on.
TEST(SearchSession, TheLinesWaitingForASearchAreBounded) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  d.send_async("go infinite");
  for (int i = 0; i < 10002; ++i) d.send_async("position startpos");
  const auto flood = d.take_now();
  EXPECT_EQ(count_prefix(flood, "info string error input line : 10000 lines already wait"), 2);
  d.send_async("stop");
  d.finish();
  EXPECT_EQ(d.query("fen"), "6/6/2DL2/2LD2/6/6 1 0");
}

TEST(SearchSession, CommandsAfterStopWaitForTheBestmove) {
  SessionDriver d;
  d.send_async("go infinite");
  d.send_async("stop");
  d.send_async("position startpos moves b1c3");  // would be refused without the stop
  d.send_async("go depth 1");
  const auto out = d.finish();
  EXPECT_EQ(count_prefix(out, "info string error"), 0);
  ASSERT_EQ(count_prefix(out, "bestmove "), 2);
  const auto first = std::find_if(out.begin(), out.end(),
                                  [](const std::string& l) { return starts_with(l, "bestmove"); });
  check_search(Lines(first + 1, out.end()));
  EXPECT_EQ(d.query("turn"), "2");
}

TEST(SearchSession, PonderThenPonderhitFinishesAsNormalSearch) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value ivesdama");
  d.send_async("go ponder wtime 200 btime 200");
  d.send_async("ponderhit");
  check_search(d.finish());
}

TEST(SearchSession, PonderThenStopGivesBestmove) {
  SessionDriver d;
  d.send_async("go ponder depth 2");  // ends its depth, then waits for stop
  d.send_async("stop");
  check_search(d.finish());
}

TEST(SearchSession, QuitDuringSearchPrintsBestmove) {
  std::istringstream in("go infinite\n");  // EOF right after: quit
  std::ostringstream out;
  Session s(out, adapters::VariantRegistry::builtin());
  EXPECT_EQ(s.run(in), 0);
  std::istringstream text(out.str());
  Lines lines;
  for (std::string l; std::getline(text, l);) lines.push_back(l);
  check_search(lines);
}

// An output buffer that counts overlapping use by two threads (a call nested in the same
// thread, e.g. xsputn calling overflow, is not one); its flush is slow so that an overlap is
// likely to be seen when one can happen.
class OverlapDetector : public std::stringbuf {
 public:
  int overlaps() const { return overlaps_.load(); }

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    Use use(*this);
    return std::stringbuf::xsputn(s, n);
  }
  int_type overflow(int_type c) override {
    Use use(*this);
    return std::stringbuf::overflow(c);
  }
  int sync() override {
    Use use(*this);
    std::this_thread::sleep_for(std::chrono::microseconds(200));
    return std::stringbuf::sync();
  }

 private:
  struct Use {
    explicit Use(OverlapDetector& d) : d(d) {
      if (depth++ == 0 && d.busy_.exchange(true)) ++d.overlaps_;
    }
    ~Use() {
      if (--depth == 0) d.busy_.store(false);
    }
    OverlapDetector& d;
    static thread_local int depth;
  };
  std::atomic<bool> busy_{false};
  std::atomic<int> overlaps_{0};
};

thread_local int OverlapDetector::Use::depth = 0;

// std::cin is tied to std::cout: reading a command flushes the output first, outside the
// session's output lock, while the search thread may be writing. That race once printed a
// bestmove twice (a runner then took the copy as the answer to its next go). The session
// unties the stream it reads, so only locked writes touch the output.
TEST(SearchSession, ReadingCommandsNeverTouchesTheOutputDuringASearch) {
  OverlapDetector buffer;
  std::ostream out(&buffer);
  std::string input = "setoption name UCI_Variant value ivesdama\n";
  for (int i = 0; i < 100; ++i) input += "go depth 2\nisready\nisready\nisready\n";
  std::istringstream in(input);
  in.tie(&out);
  Session s(out, adapters::VariantRegistry::builtin());
  EXPECT_EQ(s.run(in), 0);
  EXPECT_EQ(buffer.overlaps(), 0);
  EXPECT_EQ(in.tie(), nullptr);
}

TEST(SearchSession, UgiModeHasNoPonderAndUciModeMay) {
  SessionDriver d;
  d.send("ugi");
  const auto out = d.send("go depth 4");
  EXPECT_EQ(tokenize(out.back()).size(), 2u) << out.back();
  d.send("uci");
  const auto uci = d.send("go depth 4");
  const auto n = tokenize(uci.back()).size();
  EXPECT_TRUE(n == 2 || (n == 4 && tokenize(uci.back())[2] == "ponder")) << uci.back();
}

TEST(SearchSession, MultiPvAndWdl) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  d.send("setoption name MultiPV value 2");
  d.send("setoption name UCI_ShowWDL value true");
  const auto out = d.send("go depth 3");
  check_search(out);
  EXPECT_GT(count_prefix(out, "info depth 3 seldepth"), 0);
  bool second = false;
  for (const auto& l : out) {
    second = second || l.find(" multipv 2 ") != std::string::npos;
    if (starts_with(l, "info depth")) {
      EXPECT_NE(l.find(" wdl "), std::string::npos) << l;
    }
  }
  EXPECT_TRUE(second);
}

// With the classical evaluation, `wdl` comes from the game's own fitted model
// (GameDescriptor::classical_wdl): W = 1000 sigmoid(score / scale) less half the draws, and in
// Yin Yang, which has no draws, D = 0 (the generic fixed model gives a third of draws at even
// scores).
TEST(SearchSession, ClassicalWdlIsTheGamesFittedModel) {
  // Every registered game, by its base variant (named as the game).
  for (const auto* descriptor : adapters::all_games()) {
    const std::string variant(descriptor->name);
    SCOPED_TRACE(variant);
    const auto fit = descriptor->classical_wdl;
    ASSERT_GT(fit.scale, 0) << "no fitted classical model";
    SessionDriver d;
    d.send("setoption name UCI_Variant value " + variant);
    d.send("setoption name Evaluation value classical");
    d.send("setoption name OwnBook value false");
    d.send("setoption name UCI_ShowWDL value true");
    d.send("position startpos");
    int checked = 0;
    for (const auto& l : d.send("go depth 4")) {
      const auto tokens = tokenize(l);
      for (std::size_t i = 0; i + 6 < tokens.size(); ++i) {
        if (tokens[i] != "score" || tokens[i + 1] != "cp" || tokens[i + 3] != "wdl") continue;
        const double expected =
            1 / (1 + std::exp(-std::stod(std::string(tokens[i + 2])) / fit.scale));
        const int win = std::stoi(std::string(tokens[i + 4]));
        const int draw = std::stoi(std::string(tokens[i + 5]));
        EXPECT_NEAR(win + draw / 2.0, 1000 * expected, 1.0) << l;
        if (fit.draw_permille == 0) {
          EXPECT_EQ(draw, 0) << l;  // a game without draws (Yin Yang) never estimates one
        }
        ++checked;
      }
    }
    EXPECT_GT(checked, 0);
  }
}

TEST(SearchSession, ThreadsAndHashOptionsReachTheSearch) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value ivesdama");
  EXPECT_EQ(d.send("isready"), Lines{"readyok"});  // the hash exists now
  EXPECT_TRUE(d.send("setoption name Hash value 4").empty());
  EXPECT_TRUE(d.send("setoption name Threads value 2").empty());
  const auto legal = legal_moves(d);
  EXPECT_TRUE(legal.count(check_search(d.send("go depth 6"))));
  EXPECT_TRUE(d.send("setoption name Clear Hash").empty());
  EXPECT_TRUE(d.send("ucinewgame").empty());
  EXPECT_TRUE(legal.count(check_search(d.send("go nodes 5000"))));
}

// The `nodes` of the last info line of one search.
std::uint64_t last_nodes(const Lines& out) {
  std::uint64_t nodes = 0;
  for (const auto& l : out) {
    const auto tokens = tokenize(l);
    for (std::size_t i = 0; i + 1 < tokens.size(); ++i)
      if (tokens[0] == "info" && tokens[i] == "nodes")
        nodes = std::stoull(std::string(tokens[i + 1]));
  }
  return nodes;
}

// The Yin Yang solvers' tables belong to the search workers and last from one search to the
// next (they were thread_local on a thread made per `go`: every search started empty). The
// second search of a 16-empty root, which the solver answers, finds it in the table.
TEST(SearchSession, YinYangSolverTablesAreKeptBetweenSearches) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  const std::string position =
      "position startpos moves c3b3 c3c1 c4b4 b3b1 b3b2 c1d1 c1c2 b1a1 d1d2 d1e1 d3e3 e3e4 d2f2 "
      "e1e2 f2f1 f2f4";
  d.send(position);
  const auto first = d.send("go depth 1");
  const auto second = d.send("go depth 1");
  check_search(first);
  check_search(second);
  EXPECT_GT(last_nodes(first), 0u);
  EXPECT_LT(last_nodes(second), last_nodes(first));
  d.send("ucinewgame");  // forgets them
  d.send(position);
  EXPECT_EQ(last_nodes(d.send("go depth 1")), last_nodes(first));
}

TEST(SearchSession, FastchessUciComplianceSequence) {
  SessionDriver d;
  EXPECT_EQ(d.send("uci").back().rfind("info string variant", 0), 0u);
  EXPECT_EQ(d.send("isready"), Lines{"readyok"});
  EXPECT_TRUE(d.send("ucinewgame").empty());
  EXPECT_TRUE(d.send("position startpos").empty());
  EXPECT_TRUE(d.send("position fen 1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 0").empty());
  EXPECT_TRUE(d.send("position startpos moves b1c3").empty());
  d.send("position startpos");
  for (const char* go : {"go wtime 100", "go btime 100", "go wtime 100 winc 100 btime 100 binc 100",
                         "go btime 100 binc 100 wtime 100 winc 100", "go winc 100 wtime 100",
                         "go binc 100 btime 100 winc 100 wtime 100"}) {
    const auto best = check_search(d.send(go));
    EXPECT_TRUE(legal_moves(d).count(best)) << go;
  }
  EXPECT_EQ(d.send("isready"), Lines{"readyok"});
}

// A CuteGames-style runner: the engine is the referee; two sessions play each other.
TEST(SearchSession, UgiRunnerPlaysAGameToItsEnd) {
  SessionDriver p1, p2;
  for (auto* e : {&p1, &p2}) {
    const auto hello = e->send("ugi");
    ASSERT_GE(hello.size(), 2u);
    EXPECT_EQ(hello[hello.size() - 2], "ugiok");
    EXPECT_EQ(e->send("setoption name UCI_Variant value yinyang").size(), 1u);
    EXPECT_EQ(e->send("isready"), Lines{"readyok"});
    EXPECT_TRUE(e->send("uginewgame").empty());
    EXPECT_EQ(e->send("isready"), Lines{"readyok"});
  }
  std::string moves;
  int plies = 0;
  for (; plies < 100; ++plies) {
    const std::string position =
        moves.empty() ? "position startpos" : "position startpos moves" + moves;
    for (auto* e : {&p1, &p2}) EXPECT_TRUE(e->send(position).empty());
    SessionDriver& mover = p1.query("p1turn") == "true" ? p1 : p2;
    if (mover.query("gameover") == "true") break;
    const auto out = mover.send("go p1time 1000 p2time 1000 p1inc 10 p2inc 10");
    ASSERT_EQ(tokenize(out.back()).size(), 2u) << out.back();
    moves += ' ';
    moves += tokenize(out.back())[1];
  }
  EXPECT_LT(plies, 100);
  for (auto* e : {&p1, &p2}) EXPECT_EQ(e->query("gameover"), "true");
  const auto result = p1.query("result");
  EXPECT_EQ(p2.query("result"), result);
  EXPECT_TRUE(result == "p1win" || result == "p2win" || result == "draw") << result;
  EXPECT_NE(p1.query("reason"), "none");
  EXPECT_NE(p1.query("reason"), "illegal-move");
  EXPECT_EQ(tokenize(p1.query("score")).size(), 2u);
}

TEST(FormatInfo, MateIsMovesInUciAndPliesInUgi) {
  adapters::TextInfo info;
  info.depth = 5;
  info.score = engine::kMateScore - 3;  // side to move wins in 3 plies
  info.pv = {"a1a2"};
  EXPECT_NE(format_info(info, Mode::kUci, std::nullopt).find(" score mate 2 "), std::string::npos);
  EXPECT_NE(format_info(info, Mode::kUgi, std::nullopt).find(" score mate 3 "), std::string::npos);
  info.score = -(engine::kMateScore - 4);  // side to move loses in 4 plies
  EXPECT_NE(format_info(info, Mode::kUci, std::nullopt).find(" score mate -2 "), std::string::npos);
  EXPECT_NE(format_info(info, Mode::kUgi, std::nullopt).find(" score mate -4 "), std::string::npos);
  info.score = 37;
  info.bound = engine::Bound::kLower;
  const auto line = format_info(info, Mode::kUci, state::WdlModel::classical());
  const std::string head = "info depth 5 seldepth 5 multipv 1 score cp 37 lowerbound wdl ";
  ASSERT_TRUE(starts_with(line, head)) << line;
  const auto wdl = tokenize(std::string_view(line).substr(head.size()));
  ASSERT_GE(wdl.size(), 3u);
  const int w = std::stoi(std::string(wdl[0])), dr = std::stoi(std::string(wdl[1])),
            l = std::stoi(std::string(wdl[2]));
  EXPECT_EQ(w + dr + l, 1000);
  EXPECT_GT(w, l);  // a positive score favours the side to move
  EXPECT_TRUE(line.ends_with(" nodes 0 nps 0 hashfull 0 time 0 pv a1a2")) << line;
}

TEST(FormatBestmove, PonderOnlyInUciMode) {
  EXPECT_EQ(format_bestmove({"a1a2", "b1b2"}, Mode::kUci), "bestmove a1a2 ponder b1b2");
  EXPECT_EQ(format_bestmove({"a1a2", "b1b2"}, Mode::kUgi), "bestmove a1a2");
  EXPECT_EQ(format_bestmove({"(none)", ""}, Mode::kUci), "bestmove (none)");
}

}  // namespace
}  // namespace triad::protocol::testing
