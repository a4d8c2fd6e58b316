// runner::ManagedEngine against real processes: the triad binary (start, handshake, options,
// a variant change, a search), programs that fail the handshake (missing, silent, never
// ready), and the misbehaving relay (tests/tournament/engines/misbehave.py) that crashes,
// hangs or answers late — each failure named, counted, and followed by a fresh process.
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "adapters/common/variants.h"
#include "runner/managed_engine.h"

namespace triad::runner {
namespace {

using protocol::FailureKind;
using std::chrono::milliseconds;

const std::string kTriad = TRIAD_BINARY_DIR "/triad";
const std::string kMisbehave = TRIAD_SOURCE_DIR "/tests/tournament/engines/misbehave.py";
// Generous waits: the machine running the tests may be loaded.
constexpr milliseconds kHandshake{10000};
constexpr milliseconds kSearch{20000};

EngineSpec triad_spec() {
  EngineSpec spec;
  spec.name = "Triad";
  spec.command = kTriad;
  spec.options = {{"Hash", "8"}};
  return spec;
}

// misbehave.py relaying triad, misbehaving at its `nth` go of each game in `mode`.
EngineSpec misbehaving(const std::string& mode, int nth) {
  EngineSpec spec;
  spec.name = "Misbehave";
  spec.command = kMisbehave;
  spec.args = {kTriad, mode, std::to_string(nth)};
  return spec;
}

ManagedEngineSettings settings_with(milliseconds handshake,
                                    const std::filesystem::path& io_log = {}) {
  ManagedEngineSettings settings;
  settings.handshake_timeout = handshake;
  settings.io_log = io_log;
  return settings;
}

protocol::GoLimits depth(int d) {
  protocol::GoLimits limits;
  limits.depth = d;
  return limits;
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct TempDir {
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "managed_engine_XXXXXX");
    path = ::mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::filesystem::path path;
};

// The start position of `variant` and a game core in it (to check the moves played).
struct Start {
  std::string fen;
  std::unique_ptr<adapters::AnyGame> game;
};
Start start_of(const std::string& variant) {
  auto made = adapters::VariantRegistry::builtin().create(variant);
  EXPECT_TRUE(made) << variant;
  Start s{(*made)->position_line(), std::move(*made)};
  return s;
}

TEST(ManagedEngine, StartsOnFirstUseAndSearchesEachVariantItIsGiven) {
  TempDir dir;
  ManagedEngineSettings settings = settings_with(kHandshake, dir.path / "io.log");
  // OwnBook is offered by triad (set); NoSuchOption is not (never sent).
  settings.defaults = {{"OwnBook", "false"}, {"NoSuchOption", "1"}};
  ManagedEngine engine(triad_spec(), settings);
  EXPECT_FALSE(engine.running());
  for (const std::string variant : {"razzledazzle", "yinyang", "yinyang"}) {
    ASSERT_EQ(engine.prepare(variant), std::nullopt) << variant;
    ASSERT_TRUE(engine.running());
    Start start = start_of(variant);
    const auto reply = engine.search(start.fen, {}, depth(2), kSearch);
    ASSERT_FALSE(reply.failure) << reply.failure->message;
    EXPECT_TRUE(start.game->is_legal(reply.move)) << variant << ": " << reply.move;
  }
  EXPECT_EQ(engine.id_name().rfind("Triad ", 0), 0u) << engine.id_name();
  EXPECT_EQ(engine.failures(), 0);
  engine.quit(milliseconds(2000));
  EXPECT_FALSE(engine.running());

  const std::string log = read_text(dir.path / "io.log");
  // One process, one handshake; the defaults before the variant, the user's options after it,
  // the variant sent again only when it changed.
  auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (auto at = log.find(what); at != std::string::npos; at = log.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("> uci\n"), 1u) << log;
  EXPECT_EQ(count("setoption name UCI_Variant value"), 2u) << log;
  EXPECT_EQ(count("ucinewgame"), 3u) << log;
  EXPECT_EQ(count("NoSuchOption"), 0u) << log;
  const auto own_book = log.find("setoption name OwnBook value false");
  const auto variant = log.find("setoption name UCI_Variant value razzledazzle");
  const auto hash = log.find("setoption name Hash value 8");
  ASSERT_NE(own_book, std::string::npos) << log;
  EXPECT_LT(own_book, variant);
  EXPECT_LT(variant, hash);
}

TEST(ManagedEngine, OptionsAreCheckedAgainstTheEnginesOwnBeforeARun) {
  TempDir dir;
  const auto transcript = dir.path / "io.log";
  EngineSpec spec = triad_spec();
  spec.options = {{"Hash", "8"}, {"skill level", "3"}, {"OwnBook", "false"}};
  ManagedEngine good(spec, settings_with(kHandshake, transcript));
  EXPECT_TRUE(good.check_options("razzledazzle"));
  EXPECT_FALSE(good.running());  // started for the check only, and quit
  // Checked, not sent: the engine only saw the variant, two handshakes and `quit`.
  EXPECT_EQ(read_text(transcript).find("setoption name Hash"), std::string::npos)
      << read_text(transcript);

  // A range that is the game's own is checked in the run's variant: Íves dáma's weakest
  // level is rated below Razzle Dazzle's.
  spec.options = {{"UCI_LimitStrength", "true"}, {"UCI_Elo", "212"}};
  EXPECT_TRUE(ManagedEngine(spec, settings_with(kHandshake)).check_options("ivesdama"));
  const auto razzle = ManagedEngine(spec, settings_with(kHandshake)).check_options("razzledazzle");
  ASSERT_FALSE(razzle);
  EXPECT_NE(razzle.error().message.find("option 'UCI_Elo' takes a whole number from 395 to"),
            std::string::npos)
      << razzle.error().message;

  const std::vector<std::pair<std::pair<std::string, std::string>, std::string>> bad = {
      {{"Threds", "1"}, "the engine offers no option 'Threds'"},
      {{"Hash", "abc"}, "option 'Hash' takes a whole number from 1 to "},
      {{"Skill Level", "21"}, "option 'Skill Level' takes a whole number from 0 to 20, not '21'"},
      {{"OwnBook", "maybe"}, "option 'OwnBook' takes true or false, not 'maybe'"},
      {{"Evaluation", "banana"}, "option 'Evaluation' takes one of "},
  };
  for (const auto& [option, message] : bad) {
    spec.options = {{"Hash", "8"}, option};
    const auto checked = ManagedEngine(spec, settings_with(kHandshake)).check_options("yinyang");
    ASSERT_FALSE(checked) << option.first;
    EXPECT_NE(checked.error().message.find(message), std::string::npos) << checked.error().message;
  }
  // An engine that does not start is the run's failure to meet, not the check's.
  spec.command = "/nonexistent/engine";
  EXPECT_TRUE(ManagedEngine(spec, settings_with(kHandshake)).check_options("yinyang"));
}

TEST(ManagedEngine, AHandshakeFailureSaysWhatFailedAndEndsTheProcess) {
  EngineSpec missing = triad_spec();
  missing.command = "/nonexistent/engine";
  ManagedEngine absent(missing, settings_with(kHandshake));
  auto failure = absent.prepare("yinyang");
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->kind, FailureKind::kDisconnected);
  EXPECT_NE(failure->message.find("/nonexistent/engine"), std::string::npos) << failure->message;
  EXPECT_FALSE(absent.running());
  EXPECT_EQ(absent.failures(), 1);

  // A program that never says uciok: the wait ends at the handshake timeout.
  EngineSpec silent;
  silent.command = "sleep";
  silent.args = {"60"};
  ManagedEngine mute(silent, settings_with(milliseconds(300)));
  failure = mute.prepare("yinyang");
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->kind, FailureKind::kTimeout);
  EXPECT_EQ(failure->message, "no 'uciok' within 300 ms after 'uci'");
  EXPECT_FALSE(mute.running());

  // An engine that never answers isready: refused after its handshake, every time.
  // (6 s: the relay is a Python script that starts triad, which took more than 3 s to say
  // uciok on a machine at load 10)
  ManagedEngine unready(misbehaving("noready", 1), settings_with(milliseconds(6000)));
  for (int attempt = 1; attempt <= 2; ++attempt) {
    failure = unready.prepare("yinyang");
    ASSERT_TRUE(failure);
    EXPECT_EQ(failure->kind, FailureKind::kTimeout);
    EXPECT_NE(failure->message.find("'readyok'"), std::string::npos) << failure->message;
    EXPECT_EQ(unready.failures(), attempt);
  }
}

TEST(ManagedEngine, ACrashedEngineIsStartedAfreshByTheNextPrepare) {
  ManagedEngine engine(misbehaving("crash", 2), settings_with(kHandshake));
  Start start = start_of("yinyang");
  ASSERT_EQ(engine.prepare("yinyang"), std::nullopt);
  auto reply = engine.search(start.fen, {}, depth(1), kSearch);
  ASSERT_FALSE(reply.failure) << reply.failure->message;
  reply = engine.search(start.fen, {}, depth(1), kSearch);  // its 2nd go: it exits
  ASSERT_TRUE(reply.failure);
  EXPECT_EQ(reply.failure->kind, FailureKind::kDisconnected);
  EXPECT_FALSE(engine.recover(*reply.failure, milliseconds(1000)));
  EXPECT_FALSE(engine.running());
  EXPECT_EQ(engine.failures(), 1);
  // A new process (its count of go commands starts again) that searches normally.
  ASSERT_EQ(engine.prepare("yinyang"), std::nullopt);
  reply = engine.search(start.fen, {}, depth(1), kSearch);
  ASSERT_FALSE(reply.failure) << reply.failure->message;
  EXPECT_TRUE(start.game->is_legal(reply.move));
  EXPECT_EQ(engine.failures(), 1);
}

TEST(ManagedEngine, ASearchPastItsTimeoutIsKeptOnlyIfTheLateBestmoveComes) {
  Start start = start_of("yinyang");
  // Hangs at its first go: the search times out, no late bestmove, the process is ended.
  ManagedEngine hung(misbehaving("hang", 1), settings_with(kHandshake));
  ASSERT_EQ(hung.prepare("yinyang"), std::nullopt);
  auto reply = hung.search(start.fen, {}, depth(1), milliseconds(300));
  ASSERT_TRUE(reply.failure);
  EXPECT_EQ(reply.failure->kind, FailureKind::kTimeout);
  EXPECT_EQ(reply.failure->message, "no bestmove within 300 ms");
  EXPECT_FALSE(hung.recover(*reply.failure, milliseconds(300)));
  EXPECT_FALSE(hung.running());
  EXPECT_EQ(hung.failures(), 1);

  // Answers 1 s late: kept, in step again, and not counted as a failure.
  ManagedEngine slow(misbehaving("slow", 1), settings_with(kHandshake));
  ASSERT_EQ(slow.prepare("yinyang"), std::nullopt);
  reply = slow.search(start.fen, {}, depth(1), milliseconds(200));
  ASSERT_TRUE(reply.failure);
  EXPECT_EQ(reply.failure->kind, FailureKind::kTimeout);
  EXPECT_TRUE(slow.recover(*reply.failure, kSearch));
  EXPECT_TRUE(slow.running());
  EXPECT_EQ(slow.failures(), 0);
  reply = slow.search(start.fen, {}, depth(1), kSearch);  // its 2nd go, answered in time
  ASSERT_FALSE(reply.failure) << reply.failure->message;
  EXPECT_TRUE(start.game->is_legal(reply.move));
}

TEST(ManagedEngine, ACancelledRunIsNotTheEnginesFailure) {
  ManagedEngineSettings settings = settings_with(kHandshake);
  settings.cancel = std::make_shared<protocol::CancelSignal>();
  settings.cancel->cancel();
  ManagedEngine engine(triad_spec(), settings);
  const auto failure = engine.prepare("yinyang");
  ASSERT_TRUE(failure);
  EXPECT_EQ(failure->kind, FailureKind::kCancelled);
  EXPECT_EQ(engine.failures(), 0);
  EXPECT_FALSE(engine.running());
}

}  // namespace
}  // namespace triad::runner
