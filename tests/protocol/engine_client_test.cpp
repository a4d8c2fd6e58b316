// EngineProcess and EngineClient against small bash "engines": timed reads, end of file,
// exit codes, killing hung process groups, stderr logs, and the UCI/UGI dialogue.
#include <unistd.h>
#include <chrono>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "protocol/client/engine_client.h"
#include "protocol/client/engine_process.h"

namespace triad::protocol {
namespace {

using std::chrono::milliseconds;

std::unique_ptr<EngineProcess> start_bash(const std::string& script,
                                          const std::filesystem::path& log = {}) {
  auto p = EngineProcess::start(ProcessSpec{"bash", {"-c", script}, {}, log, {}, {}});
  EXPECT_TRUE(p) << (p ? "" : p.error().message);
  return p ? std::move(*p) : nullptr;
}

TEST(EngineProcess, EchoesLinesAndTimesOutOnSilence) {
  auto p = start_bash("while read -r l; do echo \"got $l\"; done");
  ASSERT_TRUE(p);
  ASSERT_TRUE(p->write_line("hello"));
  ReadResult r = p->read_line(milliseconds(5000));
  ASSERT_EQ(r.status, ReadStatus::kLine);
  EXPECT_EQ(r.line, "got hello");
  EXPECT_EQ(p->read_line(milliseconds(30)).status, ReadStatus::kTimeout);
  EXPECT_TRUE(p->running());
  p->shut_down(milliseconds(2000));  // closing stdin ends the loop
  EXPECT_FALSE(p->running());
  EXPECT_EQ(p->exit_code(), 0);
}

TEST(EngineProcess, ReportsEndOfOutputExitCodeAndBrokenInput) {
  auto p = start_bash("printf 'bye\\r\\n'; exit 3");
  ASSERT_TRUE(p);
  ReadResult r = p->read_line(milliseconds(5000));
  ASSERT_EQ(r.status, ReadStatus::kLine);
  EXPECT_EQ(r.line, "bye");  // the \r of a CRLF line end is dropped
  EXPECT_EQ(p->read_line(milliseconds(5000)).status, ReadStatus::kClosed);
  p->shut_down(milliseconds(2000));
  EXPECT_EQ(p->exit_code(), 3);
  EXPECT_FALSE(p->write_line("anyone?"));
}

TEST(EngineProcess, CancelEndsEveryWaitAtOnceAndKillAllEndsTheGroups) {
  auto cancel = std::make_shared<CancelSignal>();
  auto p = EngineProcess::start(ProcessSpec{"bash", {"-c", "sleep 300"}, {}, {}, {}, cancel});
  ASSERT_TRUE(p) << p.error().message;
  // A wait of ten minutes, cancelled from another thread after a moment.
  std::thread canceller([cancel] {
    std::this_thread::sleep_for(milliseconds(200));
    cancel->cancel();
  });
  EXPECT_EQ((*p)->read_line(milliseconds(600000)).status, ReadStatus::kCancelled);
  canceller.join();
  EXPECT_TRUE(cancel->cancelled());
  // A process started after the cancellation is cancelled from the start.
  auto late = EngineProcess::start(ProcessSpec{"bash", {"-c", "sleep 300"}, {}, {}, {}, cancel});
  ASSERT_TRUE(late);
  EXPECT_EQ((*late)->read_line(milliseconds(600000)).status, ReadStatus::kCancelled);
  EXPECT_TRUE((*p)->running());
  cancel->kill_all();
  for (int i = 0; i < 100 && ((*p)->running() || (*late)->running()); ++i)
    std::this_thread::sleep_for(milliseconds(20));
  EXPECT_FALSE((*p)->running());
  EXPECT_FALSE((*late)->running());
}

TEST(EngineProcess, KillEndsAHungProcessGroup) {
  // The background sleep keeps stdout open; only a group kill ends the stream.
  auto p = start_bash("sleep 300 & echo started; sleep 300");
  ASSERT_TRUE(p);
  ASSERT_EQ(p->read_line(milliseconds(5000)).status, ReadStatus::kLine);
  EXPECT_EQ(p->read_line(milliseconds(20)).status, ReadStatus::kTimeout);
  p->kill();
  EXPECT_FALSE(p->running());
  EXPECT_EQ(p->read_line(milliseconds(5000)).status, ReadStatus::kClosed);
}

TEST(EngineProcess, StderrGoesToTheLog) {
  const auto log = std::filesystem::temp_directory_path() /
                   ("triad_engine_process_test_" + std::to_string(::getpid()) + ".log");
  std::filesystem::remove(log);
  auto p = start_bash("echo 'something went wrong' >&2; echo done", log);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->read_line(milliseconds(5000)).line, "done");
  p->shut_down(milliseconds(2000));
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_EQ(text.str(), "something went wrong\n");
  std::filesystem::remove(log);
}

TEST(EngineProcess, TranscriptRecordsBothDirections) {
  const auto log = std::filesystem::temp_directory_path() /
                   ("triad_engine_process_test_" + std::to_string(::getpid()) + ".io.log");
  std::filesystem::remove(log);
  auto started = EngineProcess::start(
      ProcessSpec{"bash", {"-c", "read -r l; echo \"got $l\""}, {}, {}, log, {}});
  ASSERT_TRUE(started) << started.error().message;
  auto& p = *started;
  ASSERT_TRUE(p->write_line("hello"));
  EXPECT_EQ(p->read_line(milliseconds(5000)).line, "got hello");
  p->shut_down(milliseconds(2000));
  // Lines are "<ms since start> <direction> <text>".
  std::ifstream in(log);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line.substr(line.find(' ') + 1));
  EXPECT_EQ(lines, (std::vector<std::string>{"> hello", "< got hello"}));
  std::filesystem::remove(log);
}

TEST(EngineProcess, StartErrorsNameTheProblem) {
  auto missing = EngineProcess::start(ProcessSpec{"no-such-engine-triad-test", {}, {}, {}, {}, {}});
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("PATH"), std::string::npos);
  auto bad_path = EngineProcess::start(ProcessSpec{"./no/such/file", {}, {}, {}, {}, {}});
  ASSERT_FALSE(bad_path);
  EXPECT_NE(bad_path.error().message.find("does not exist"), std::string::npos);
  auto bad_dir = EngineProcess::start(ProcessSpec{"bash", {}, "/no/such/dir", {}, {}, {}});
  ASSERT_FALSE(bad_dir);
  EXPECT_NE(bad_dir.error().message.find("working directory"), std::string::npos);
}

// A scripted engine: answers the handshake, isready, and `go` with two info lines.
constexpr const char* kFakeEngine = R"(
while read -r cmd rest; do
  case "$cmd" in
    uci) echo 'id name Fake Engine 1.0'; echo 'option name Hash type spin'; echo uciok ;;
    ugi) echo 'id name Fake Engine 1.0'; echo ugiok ;;
    isready) echo readyok ;;
    go) echo "info string $rest"; echo 'info depth 3 score mate 2 nodes 10';
        echo 'info depth 4 score cp -35 nodes 99 pv a1a2'; echo 'bestmove a1a2 ponder b1b2' ;;
    quit) exit 0 ;;
  esac
done)";

TEST(EngineClient, HandshakeSyncAndSearch) {
  auto p = start_bash(kFakeEngine);
  ASSERT_TRUE(p);
  EngineClient client(std::move(p), Dialect::kUci);
  EXPECT_FALSE(client.handshake(milliseconds(5000)));
  EXPECT_EQ(client.id_name(), "Fake Engine 1.0");
  EXPECT_FALSE(client.set_option("Hash", "16"));
  EXPECT_FALSE(client.sync(milliseconds(5000)));
  EXPECT_FALSE(client.new_game());
  EXPECT_FALSE(client.position("6/6/2DL2/2LD2/6/6 1 0", {"c4b4"}));
  GoLimits limits;
  limits.depth = 4;
  SearchReply reply = client.go(limits, milliseconds(5000));
  ASSERT_FALSE(reply.failure) << reply.failure->message;
  EXPECT_EQ(reply.move, "a1a2");
  ASSERT_TRUE(reply.info.score);
  EXPECT_FALSE(reply.info.score->mate);
  EXPECT_EQ(reply.info.score->value, -35);
  EXPECT_EQ(reply.info.depth, 4);
  EXPECT_EQ(reply.info.nodes, 99u);
  client.quit(milliseconds(2000));
  EXPECT_FALSE(client.alive());
}

// A faulty engine that prints every bestmove twice: the copy, already received when the next
// `go` is sent, must not be taken as that search's reply.
TEST(EngineClient, AStrayBestmoveIsNotTheNextReply) {
  auto p = start_bash(R"(n=0
while read -r cmd rest; do
  case "$cmd" in
    go) n=$((n + 1)); echo "bestmove m$n"; echo "bestmove m$n" ;;
  esac
done)");
  ASSERT_TRUE(p);
  EngineClient client(std::move(p), Dialect::kUci);
  EXPECT_EQ(client.go(GoLimits{}, milliseconds(5000)).move, "m1");
  std::this_thread::sleep_for(milliseconds(200));  // the copy arrives meanwhile
  EXPECT_EQ(client.go(GoLimits{}, milliseconds(5000)).move, "m2");
  client.kill();
}

TEST(EngineClient, TimeoutsAndDisconnectsAreReportedAsSuch) {
  auto silent = start_bash("while read -r l; do :; done");
  ASSERT_TRUE(silent);
  EngineClient client(std::move(silent), Dialect::kUgi);
  auto f = client.handshake(milliseconds(50));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FailureKind::kTimeout);
  EXPECT_NE(f->message.find("ugiok"), std::string::npos);
  SearchReply reply = client.go(GoLimits{}, milliseconds(50));
  ASSERT_TRUE(reply.failure);
  EXPECT_EQ(reply.failure->kind, FailureKind::kTimeout);
  EXPECT_FALSE(client.drain_bestmove(milliseconds(20)));
  client.kill();

  auto dying = start_bash("read -r l; echo 'info depth 1'; exit 1");
  ASSERT_TRUE(dying);
  EngineClient dead(std::move(dying), Dialect::kUci);
  SearchReply gone = dead.go(GoLimits{}, milliseconds(5000));
  ASSERT_TRUE(gone.failure);
  EXPECT_EQ(gone.failure->kind, FailureKind::kDisconnected);

  auto bare = start_bash("read -r l; echo bestmove");
  ASSERT_TRUE(bare);
  EngineClient broken(std::move(bare), Dialect::kUci);
  SearchReply empty = broken.go(GoLimits{}, milliseconds(5000));
  ASSERT_TRUE(empty.failure);
  EXPECT_EQ(empty.failure->kind, FailureKind::kProtocol);
}

TEST(InfoLine, ScoresPerDialect) {
  auto info = parse_info(Dialect::kUci, "info depth 9 score mate 2 nodes 5");
  EXPECT_TRUE(info.score->mate);
  EXPECT_EQ(info.score->value, 3);  // 2 moves of the side to move = 3 plies
  EXPECT_EQ(info.depth, 9);
  EXPECT_EQ(info.nodes, 5u);
  EXPECT_EQ(parse_info(Dialect::kUci, "info score mate -2").score->value, -4);
  EXPECT_EQ(parse_info(Dialect::kUgi, "info score mate 3 pv a1a2").score->value, 3);  // plies
  info = parse_info(Dialect::kUgi, "info score cp 12 lowerbound");
  EXPECT_FALSE(info.score->mate);
  EXPECT_EQ(info.score->value, 12);
  EXPECT_EQ(info.bound, ScoreBound::kLower);
  info = parse_info(Dialect::kUgi, "info string score  cp 999");  // free text
  EXPECT_TRUE(info.text);
  EXPECT_EQ(info.message, "score cp 999");
  EXPECT_FALSE(info.score);
}

TEST(InfoLine, EveryField) {
  const auto info = parse_info(Dialect::kUci,
                               "info multipv 2 depth 12 seldepth 20 time 1500 nodes 9000000000 "
                               "nps 6000000 hashfull 421 score cp -35 upperbound wdl 100 300 600 "
                               "currmove e2e4 currmovenumber 1 pv e2e4 e7e5 g1f3");
  EXPECT_EQ(info.problem, "");
  EXPECT_EQ(info.multipv, 2);
  EXPECT_EQ(info.depth, 12);
  EXPECT_EQ(info.seldepth, 20);
  EXPECT_EQ(info.time_ms, 1500);
  EXPECT_EQ(info.nodes, 9'000'000'000u) << "nodes are read into 64 bits";
  EXPECT_EQ(info.nps, 6'000'000u);
  EXPECT_EQ(info.hashfull, 421);
  EXPECT_EQ(info.score->value, -35);
  EXPECT_EQ(info.bound, ScoreBound::kUpper);
  EXPECT_EQ(info.wdl, (std::array<int, 3>{100, 300, 600}));
  EXPECT_EQ(info.pv, (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
}

// A number that is not one, or does not fit its field, is left out and named: never a
// wrapped-around value (score cp 99999999999 once became 1215752191).
TEST(InfoLine, NumbersOutOfRangeAreRefusedAndNamed) {
  auto info = parse_info(Dialect::kUci, "info depth 3 score cp 99999999999 pv a1a2");
  EXPECT_FALSE(info.score);
  EXPECT_EQ(info.depth, 3);
  EXPECT_EQ(info.problem, "score cp '99999999999' is outside -1000000000..1000000000");
  info = parse_info(Dialect::kUci, "info nodes 99999999999999999999 depth 2");
  EXPECT_FALSE(info.nodes);
  EXPECT_EQ(info.problem, "nodes '99999999999999999999' is not a 64-bit integer");
  info = parse_info(Dialect::kUci, "info depth -1 nodes 4");
  EXPECT_FALSE(info.depth);
  EXPECT_EQ(info.nodes, 4u);
  EXPECT_EQ(info.problem, "depth '-1' is outside 0..2147483647");
  info = parse_info(Dialect::kUgi, "info score cp x depth y");  // garbage values
  EXPECT_FALSE(info.score);
  EXPECT_FALSE(info.depth);
  EXPECT_EQ(info.problem, "score cp 'x' is not a 64-bit integer");
  EXPECT_EQ(parse_info(Dialect::kUci, "info wdl 1 2").problem, "wdl without a value");
  EXPECT_EQ(parse_info(Dialect::kUci, "info hashfull 1001").problem,
            "hashfull '1001' is outside 0..1000");
}

}  // namespace
}  // namespace triad::protocol
