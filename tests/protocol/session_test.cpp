// In-process session tests: handshakes, options, variants, positions, every query, d, eval,
// perft, help, the debug log, errors, and illegal-move forfeits.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "adapters/common/variants.h"
#include "adapters/nnue/builtin_nets.h"
#include "session_driver.h"
#include "tests/all_games.h"

namespace triad::protocol::testing {
namespace {

using Lines = std::vector<std::string>;

// `query moves`, sorted (the engine lists moves in generation order).
std::string sorted_moves(SessionDriver& d) {
  const std::string moves = d.query("moves");
  auto tokens = tokenize(moves);
  std::sort(tokens.begin(), tokens.end());
  std::string out;
  for (auto t : tokens) {
    if (!out.empty()) out += ' ';
    out += t;
  }
  return out;
}

TEST(Session, UciHandshakeListsEveryOptionThenVariant) {
  SessionDriver d;
  const auto out = d.send("uci");
  ASSERT_GE(out.size(), 4u);
  EXPECT_TRUE(starts_with(out[0], "id name Triad "));
  EXPECT_TRUE(starts_with(out[1], "id author "));
  for (const char* name :
       {"UCI_Variant type combo default razzledazzle var razzledazzle var razzledazzle-basic",
        "VariantPath type string", "Hash type spin", "Clear Hash type button", "Threads type spin",
        "MultiPV type spin", "Ponder type check default false", "Move Overhead type spin",
        "UCI_ShowWDL type check", "OwnBook type check default true",
        "BookFile type string default <empty>",
        "BookMode type combo default best var best var weighted",
        "EvalFile type string default <empty>", "DrawRepetitions type spin default 3 min 0",
        "MaxPlies type spin default 0 min 0", "Debug Log File type string"}) {
    EXPECT_EQ(count_prefix(out, std::string("option name ") + name), 1) << name;
  }
  EXPECT_EQ(out[out.size() - 2], "uciok");
  EXPECT_EQ(out.back(),
            "info string variant razzledazzle game razzledazzle startpos "
            "1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 0");
}

TEST(Session, UgiHandshakeEndsWithUgiok) {
  SessionDriver d;
  const auto out = d.send("ugi");
  EXPECT_EQ(count_prefix(out, "ugiok"), 1);
  EXPECT_EQ(count_prefix(out, "uciok"), 0);
  EXPECT_EQ(d.send("isready"), Lines{"readyok"});
}

TEST(Session, VariantSelectionAcknowledgesAndResets) {
  SessionDriver d;
  EXPECT_EQ(d.send("setoption name UCI_Variant value yinyang"),
            Lines{"info string variant yinyang game yinyang startpos 6/6/2DL2/2LD2/6/6 1 0"});
  EXPECT_EQ(d.query("fen"), "6/6/2DL2/2LD2/6/6 1 0");
  EXPECT_EQ(d.send("setoption name uci_variant value IVESDAMA"),
            Lines{"info string variant ivesdama game ivesdama startpos "
                  "p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 0"});
  const auto bad = d.send("setoption name UCI_Variant value chess");
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_TRUE(starts_with(bad[0], "info string error setoption UCI_Variant : "));
  EXPECT_EQ(d.query("fen"), "p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 1 0");  // unchanged
}

TEST(Session, EveryBuiltinVariantStarts) {
  SessionDriver d;
  for (const char* v : {"razzledazzle", "razzledazzle-basic", "razzledazzle-norepeat", "yinyang",
                        "ivesdama", "ivesdama-arc", "ivesdama-forward"}) {
    const auto out = d.send(std::string("setoption name UCI_Variant value ") + v);
    ASSERT_EQ(out.size(), 1u) << v;
    EXPECT_TRUE(starts_with(out[0], std::string("info string variant ") + v + " game ")) << out[0];
    EXPECT_EQ(d.query("gameover"), "false") << v;
  }
}

TEST(Session, QueriesOnYinYang) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  EXPECT_EQ(d.query("p1turn"), "true");
  EXPECT_EQ(d.query("turn"), "1");
  EXPECT_EQ(d.query("gameover"), "false");
  EXPECT_EQ(d.query("result"), "none");
  EXPECT_EQ(d.query("reason"), "none");
  EXPECT_EQ(sorted_moves(d), "c3b3 c3c2 c4b4 c4c5 d3d2 d3e3 d4d5 d4e4");
  EXPECT_EQ(d.query("islegal c4b4"), "true");
  EXPECT_EQ(d.query("islegal c4-b4"), "true");
  EXPECT_EQ(d.query("islegal a1a2"), "false");
  EXPECT_EQ(d.query("islegal"), "unknown");
  EXPECT_EQ(d.query("frobnicate"), "unknown");
  EXPECT_EQ(d.query(""), "unknown");
  EXPECT_TRUE(d.send("position startpos moves c4b4").empty());
  EXPECT_EQ(d.query("score"), "2 3");
  EXPECT_EQ(d.query("p1turn"), "false");
  EXPECT_EQ(d.query("turn"), "2");
  const auto board = d.query("board");
  EXPECT_TRUE(starts_with(board, "{\"game\":\"yinyang\"")) << board;
  EXPECT_EQ(board.find('\n'), std::string::npos);
}

TEST(Session, QueriesOnRazzleAndIvesDama) {
  SessionDriver d;
  EXPECT_EQ(d.query("score"), "none");
  EXPECT_EQ(sorted_moves(d),
            "b1a3 b1c3 b1d2 c1a2 c1b3 c1d3 c1e2 d1c1 d1c1b1 d1e1 d1e1f1 e1c2 e1d3 e1f3 e1g2 f1d2 "
            "f1e3 f1g3");
  d.send("setoption name UCI_Variant value ivesdama");
  EXPECT_EQ(sorted_moves(d), "b4c5 c4c5 d4c5");
  EXPECT_EQ(d.query("score"), "none");
}

TEST(Session, PositionFenAndMoves) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  EXPECT_TRUE(d.send("position fen 6/6/2DL2/2LD2/6/6 1 0 moves c4b4 c4c6").empty());
  const std::string after = d.query("fen");
  EXPECT_TRUE(d.send("position startpos moves c4b4 c4c6").empty());
  EXPECT_EQ(d.query("fen"), after);
  EXPECT_EQ(d.query("turn"), "1");
}

TEST(Session, MalformedFenIsRejectedWholeAndStateKept) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  d.send("position startpos moves c4b4");
  const std::string before = d.query("fen");
  for (const char* bad :
       {"position fen 6/6/2DL2/2LD2/6 1 0", "position fen 6/6/2DL2/2LD2/6/6 3 0", "position fen x",
        "position fen 6/6/2DL2/2LD2/6/6 1 0 junk", "position startfen"}) {
    const auto out = d.send(bad);
    ASSERT_EQ(out.size(), 1u) << bad;
    EXPECT_TRUE(starts_with(out[0], "info string error position")) << out[0];
    EXPECT_NE(out[0].find(" : "), std::string::npos) << out[0];
    EXPECT_EQ(d.query("fen"), before) << bad;
  }
}

TEST(Session, IllegalMoveForfeitsForThePlayerToMove) {
  SessionDriver d;
  d.send("ugi");
  d.send("setoption name UCI_Variant value yinyang");
  const auto out = d.send("position startpos moves c4b4 a1a1 d3e3");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(starts_with(out[0], "info string error illegal move a1a1 at ply 2")) << out[0];
  EXPECT_EQ(d.query("score"), "2 3");  // the position before the illegal move
  EXPECT_EQ(d.query("p1turn"), "false");
  EXPECT_EQ(d.query("gameover"), "true");
  EXPECT_EQ(d.query("result"), "p1win");  // Player 2 sent the illegal move
  EXPECT_EQ(d.query("reason"), "illegal-move");
  EXPECT_EQ(d.query("moves"), "none");
  EXPECT_EQ(d.query("islegal d3e3"), "false");
  EXPECT_EQ(d.send("go depth 2"),
            (Lines{"info string game over p1win illegal-move", "bestmove (none)"}));
  // The next correct position clears the forfeit.
  d.send("position startpos moves c4b4");
  EXPECT_EQ(d.query("gameover"), "false");
  EXPECT_EQ(d.query("reason"), "none");
}

TEST(Session, MalformedFirstMoveForfeitsForPlayerOne) {
  SessionDriver d;
  const auto out = d.send("position startpos moves zz");
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(starts_with(out[0], "info string error illegal move zz at ply 1 : ")) << out[0];
  EXPECT_EQ(d.query("result"), "p2win");
  EXPECT_EQ(d.query("fen"), "1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 0");
}

TEST(Session, NewGameResetsPositionAndForfeit) {
  SessionDriver d;
  d.send("position startpos moves b1c3 zz");
  EXPECT_EQ(d.query("gameover"), "true");
  EXPECT_TRUE(d.send("ucinewgame").empty());
  EXPECT_EQ(d.query("gameover"), "false");
  EXPECT_EQ(d.query("fen"), "1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 0");
}

TEST(Session, ThirdRepetitionIsADrawUnlessTurnedOff) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value razzledazzle-basic");
  // Both balls go out and back: the start position recurs after 4 and 8 plies.
  const std::string cycle = " d1c1 d8c8 c1d1 c8d8";
  d.send("position startpos moves" + cycle);
  EXPECT_EQ(d.query("gameover"), "false");
  d.send("position startpos moves" + cycle + cycle);
  EXPECT_EQ(d.query("gameover"), "true");
  EXPECT_EQ(d.query("result"), "draw");
  EXPECT_EQ(d.query("reason"), "repetition");
  EXPECT_TRUE(d.send("setoption name DrawRepetitions value 0").empty());
  EXPECT_EQ(d.query("gameover"), "false");
  EXPECT_TRUE(d.send("setoption name DrawRepetitions value 2").empty());
  d.send("position startpos moves" + cycle);
  EXPECT_EQ(d.query("reason"), "repetition");
}

TEST(Session, MaxPliesDrawsAtTheLimit) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  EXPECT_TRUE(d.send("setoption name MaxPlies value 2").empty());
  d.send("position startpos moves c4b4");
  EXPECT_EQ(d.query("gameover"), "false");
  d.send("position startpos moves c4b4 c4c6");
  EXPECT_EQ(d.query("gameover"), "true");
  EXPECT_EQ(d.query("result"), "draw");
  EXPECT_EQ(d.query("reason"), "ply-limit");
  EXPECT_EQ(d.send("go depth 1"),
            (Lines{"info string game over draw ply-limit", "bestmove (none)"}));
  d.send("setoption name MaxPlies value 0");
  EXPECT_EQ(d.query("gameover"), "false");
}

TEST(Session, OptionErrorsAreOneLineAndChangeNothing) {
  SessionDriver d;
  for (const char* bad :
       {"setoption name Hash value 0", "setoption name Hash value lots",
        "setoption name Threads value 100000", "setoption name Ponder value maybe",
        "setoption name NoSuchOption value 1", "setoption name MaxPlies",
        "setoption name VariantPath value /nonexistent/variants.yaml"}) {
    const auto out = d.send(bad);
    ASSERT_EQ(out.size(), 1u) << bad;
    EXPECT_TRUE(starts_with(out[0], "info string error setoption")) << out[0];
    EXPECT_NE(out[0].find(" : "), std::string::npos) << out[0];
  }
  for (const char* good :
       {"setoption name hash value 1", "setoption name Clear Hash",
        "setoption name THREADS value 2", "setoption name MultiPV value 3",
        "setoption name Ponder value true", "setoption name Move Overhead value 50",
        "setoption name UCI_ShowWDL value true", "setoption name OwnBook value false",
        "setoption name DrawRepetitions value 0"}) {
    EXPECT_TRUE(d.send(good).empty()) << good;
  }
}

TEST(Session, UnknownCommandAndBadGoAreErrors) {
  SessionDriver d;
  EXPECT_EQ(d.send("xyzzy"),
            Lines{"info string error unknown command 'xyzzy' : type `help` for the list"});
  EXPECT_EQ(d.send("go depth deep"), Lines{"info string error go depth 'deep' : not an integer"});
  EXPECT_TRUE(d.send("# comment").empty());
  EXPECT_TRUE(d.send("").empty());
  EXPECT_TRUE(d.send("stop").empty());       // nothing to stop
  EXPECT_TRUE(d.send("ponderhit").empty());  // nothing to switch
}

TEST(Session, DisplayShowsBoardPositionSideMovesAndState) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  const auto out = d.send("d");
  ASSERT_GE(out.size(), 6u);
  EXPECT_EQ(count_prefix(out, "Variant: yinyang (game yinyang)"), 1);
  EXPECT_EQ(count_prefix(out, "Position: 6/6/2DL2/2LD2/6/6 1 0"), 1);
  EXPECT_EQ(count_prefix(out, "Side to move: 1"), 1);
  EXPECT_EQ(count_prefix(out, "Legal moves: 8"), 1);
  EXPECT_EQ(count_prefix(out, "State: ongoing"), 1);
}

TEST(Session, EvalTermsSumToTotal) {
  for (const std::string& v : triad::testing::registered_game_names()) {
    SessionDriver d;
    d.send(std::string("setoption name UCI_Variant value ") + v);
    const auto out = d.send("eval");
    ASSERT_GE(out.size(), 3u);
    // The terms, the total, then what the learned evaluation says (a net's score or none).
    std::size_t total = 1;
    while (total < out.size() && !starts_with(out[total], "Total: ")) ++total;
    ASSERT_LT(total, out.size()) << v;
    int sum = 0;
    for (std::size_t i = 1; i < total; ++i) {
      const auto colon = out[i].rfind(": ");
      ASSERT_NE(colon, std::string::npos) << out[i];
      sum += std::stoi(out[i].substr(colon + 2));
    }
    EXPECT_EQ(std::stoi(out[total].substr(7)), sum) << v;
    ASSERT_LT(total + 1, out.size()) << v;
    EXPECT_TRUE(starts_with(out[total + 1], "Learned evaluation")) << out[total + 1];
  }
}

// Each built-in variant evaluates with its own built-in net if it has one (nets/<variant>.nnue),
// else with its game's (nets/<game>.nnue), else with none.
TEST(Session, EachVariantUsesItsOwnBuiltInNetElseItsGames) {
  const auto registry = adapters::VariantRegistry::builtin();
  for (const std::string& v : registry.names()) {
    auto any = registry.create(v);
    ASSERT_TRUE(any);
    const std::string game((*any)->game_name());
    const std::string net = adapters::nnue::builtin_net(v)      ? v
                            : adapters::nnue::builtin_net(game) ? game
                                                                : "";
    const std::string expected = net.empty() ? "Learned evaluation: none"
                                             : "Learned evaluation (net '<built-in " + net + ">')";
    SessionDriver d;
    d.send("setoption name UCI_Variant value " + v);
    const auto out = d.send("eval");
    const auto line = std::find_if(out.begin(), out.end(), [](const std::string& l) {
      return starts_with(l, "Learned evaluation");
    });
    ASSERT_NE(line, out.end()) << v;
    EXPECT_TRUE(starts_with(*line, expected)) << v << ": " << *line;
  }
}

TEST(Session, GoPerftDividesAndTotals) {
  SessionDriver d;
  d.send("setoption name UCI_Variant value yinyang");
  const auto out = d.send("go perft 2");
  ASSERT_EQ(out.size(), 10u);
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < 8; ++i) sum += std::stoull(out[i].substr(out[i].find(": ") + 2));
  EXPECT_EQ(out[8], "");
  EXPECT_EQ(out[9], "Nodes searched: 40");
  EXPECT_EQ(sum, 40u);
  EXPECT_EQ(count_prefix(out, "bestmove"), 0);
  d.send("setoption name UCI_Variant value razzledazzle");
  EXPECT_EQ(d.send("go perft 3").back(), "Nodes searched: 6768");
  d.send("setoption name UCI_Variant value ivesdama-forward");
  EXPECT_EQ(d.send("go perft 6").back(), "Nodes searched: 77");
}

TEST(Session, HelpListsTheCommands) {
  SessionDriver d;
  const auto out = d.send("help");
  std::string all;
  for (const auto& l : out) all += l + "\n";
  for (const char* cmd :
       {"uci", "isready", "setoption", "position", "go", "query", "bench", "quit", "eval", "perft"})
    EXPECT_NE(all.find(cmd), std::string::npos) << cmd;
}

TEST(Session, DebugLogFileCopiesInputAndOutput) {
  const auto path = std::filesystem::temp_directory_path() / "triad_session_log_test.txt";
  std::filesystem::remove(path);
  {
    SessionDriver d;
    d.send("setoption name Debug Log File value " + path.string());
    d.send("isready");
    d.send("setoption name Debug Log File value <empty>");
    d.send("isready");
  }
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, ">> setoption name Debug Log File value " + path.string() +
                      "\n>> isready\n<< readyok\n>> setoption name Debug Log File value <empty>\n");
  std::filesystem::remove(path);
}

TEST(Session, QuitEndsTheSession) {
  SessionDriver d;
  EXPECT_TRUE(d.send_async("isready"));
  EXPECT_FALSE(d.send_async("quit"));
}

TEST(Session, RunReadsUntilEndOfInputAndReturnsZero) {
  std::istringstream in("uci\r\nisready\n  query   turn  \nquit\nisready\n");
  std::ostringstream out;
  Session s(out, adapters::VariantRegistry::builtin());
  EXPECT_EQ(s.run(in), 0);
  const std::string text = out.str();
  EXPECT_NE(text.find("uciok\n"), std::string::npos);
  EXPECT_NE(text.find("response 1\n"), std::string::npos);
  EXPECT_EQ(text.find("readyok"), text.rfind("readyok"));  // the line after quit is not run
}

}  // namespace
}  // namespace triad::protocol::testing

namespace triad::protocol::testing {
namespace {

TEST(Session, BenchIsADeterministicSignature) {
  SessionDriver d;
  const auto first = d.send("bench 3");
  ASSERT_GE(first.size(), 3u);
  EXPECT_EQ(count_prefix(first, "info string bench position "), 9);  // 3 per game
  const std::string nodes = first[first.size() - 2];
  ASSERT_TRUE(starts_with(nodes, "Nodes searched: ")) << nodes;
  EXPECT_GT(std::stoull(nodes.substr(16)), 0u);
  EXPECT_TRUE(starts_with(first.back(), "Nodes/second: ")) << first.back();
  const auto second = d.send("bench 3");
  EXPECT_EQ(second[second.size() - 2], nodes);
  // bench leaves the game being played alone.
  EXPECT_EQ(d.query("fen"), "1ppbpp1/7/7/7/7/7/7/1PPBPP1 1 - - 0");
}

}  // namespace
}  // namespace triad::protocol::testing
