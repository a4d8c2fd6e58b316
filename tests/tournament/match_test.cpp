// Whole tournaments with the built-in players on every game: schedule, colours, records
// checked against the rules, adjudication, openings, statistics, SPRT stop, resume.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <map>
#include <set>
#include <tuple>

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "adapters/ivesdama/notation.h"
#include "adapters/tables/table_set.h"
#include "tables/builder.h"
#include "tests/all_games.h"
#include "tests/tournament/match_support.h"

namespace triad::tournament {
namespace {

using testing::config_from;

using testing::parse_records;
using testing::read_text;
using testing::run_match;
using testing::TempDir;

TEST(Match, RoundRobinOnEveryGameWithValidRecords) {
  for (const std::string& variant : triad::testing::registered_game_names()) {
    SCOPED_TRACE(variant);
    TempDir dir("round_robin_" + variant);
    const auto config = config_from({"-engine",
                                     "name=R1",
                                     "cmd=builtin:random",
                                     "-engine",
                                     "name=R2",
                                     "cmd=builtin:random",
                                     "-engine",
                                     "name=G",
                                     "cmd=builtin:greedy",
                                     "-variant",
                                     variant,
                                     "-games",
                                     "2",
                                     "-repeat",
                                     "-concurrency",
                                     "2",
                                     "-maxplies",
                                     "300",
                                     "-pgnout",
                                     (dir / "games.pgn").string(),
                                     "-jsonout",
                                     (dir / "summary.json").string()});
    const auto run = run_match(config);
    ASSERT_TRUE(run.ok) << run.error;
    ASSERT_EQ(run.finished.size(), 6u);  // 3 pairs x 2 games
    const auto records = parse_records(read_text(dir / "games.pgn"));
    ASSERT_EQ(records.size(), 6u);
    std::set<std::string> numbers;
    for (const auto& r : records) {
      testing::expect_valid_record(r);
      numbers.insert(r.tags.at("Game"));
      EXPECT_EQ(r.tags.at("Variant"), variant);
    }
    EXPECT_EQ(numbers.size(), 6u);
    // Colours swap within each encounter.
    for (const auto& r : records) {
      const int n = std::stoi(r.tags.at("Game"));
      const auto& twin = *std::find_if(records.begin(), records.end(), [&](const auto& o) {
        return std::stoi(o.tags.at("Game")) == (n % 2 == 1 ? n + 1 : n - 1);
      });
      EXPECT_EQ(r.tags.at("Player1"), twin.tags.at("Player2"));
    }
    const YAML::Node summary = YAML::LoadFile((dir / "summary.json").string());
    EXPECT_EQ(summary["games_played"].as<int>(), 6);
    EXPECT_EQ(summary["pairs"].size(), 3u);
    int games = 0;
    for (const auto& p : summary["pairs"]) {
      games += p["games"].as<int>();
      const int paired = p["pentanomial"][0].as<int>() + p["pentanomial"][1].as<int>() +
                         p["pentanomial"][2].as<int>() + p["pentanomial"][3].as<int>() +
                         p["pentanomial"][4].as<int>();
      EXPECT_EQ(paired, 1);
    }
    EXPECT_EQ(games, 6);
    EXPECT_NE(run.output.find("Elo difference"), std::string::npos);
    // Standings: every game counts for both engines, points add up to the games played.
    ASSERT_EQ(summary["standings"].size(), 3u);
    int standing_games = 0;
    double points = 0;
    for (const auto& s : summary["standings"]) {
      standing_games += s["games"].as<int>();
      points += s["wins"].as<int>() + 0.5 * s["draws"].as<int>();
      EXPECT_EQ(s["games"].as<int>(), 4);
    }
    EXPECT_EQ(standing_games, 12);
    EXPECT_DOUBLE_EQ(points, 6.0);
    EXPECT_GE(summary["standings"][0]["score"].as<double>(),
              summary["standings"][2]["score"].as<double>());
    EXPECT_NE(run.output.find("Rank Name"), std::string::npos);
  }
}

TEST(Match, GauntletPlaysOnlyTheFirstEngine) {
  const auto config =
      config_from({"-engine", "name=G", "cmd=builtin:greedy", "-engine", "name=A",
                   "cmd=builtin:random", "-engine", "name=B", "cmd=builtin:random", "-tournament",
                   "gauntlet", "-variant", "yinyang", "-rounds", "2"});
  const auto run = run_match(config);
  ASSERT_TRUE(run.ok) << run.error;
  ASSERT_EQ(run.finished.size(), 4u);
  for (const auto& g : run.finished) EXPECT_TRUE(g.engine[0] == 0 || g.engine[1] == 0);
  // Colours alternate over the rounds when each encounter is a single game.
  int g_first = 0;
  for (const auto& g : run.finished) g_first += g.engine[0] == 0;
  EXPECT_EQ(g_first, 2);
}

TEST(Match, MaxPliesAdjudicatesADraw) {
  TempDir dir("maxplies");
  const auto config = config_from({"-engine", "name=A", "cmd=builtin:random", "-engine", "name=B",
                                   "cmd=builtin:random", "-variant", "razzledazzle", "-games", "2",
                                   "-maxplies", "4", "-pgnout", (dir / "games.pgn").string()});
  const auto run = run_match(config);
  ASSERT_TRUE(run.ok) << run.error;
  for (const auto& r : parse_records(read_text(dir / "games.pgn"))) {
    EXPECT_EQ(r.result, "1/2-1/2");
    EXPECT_EQ(r.tags.at("Termination"), "adjudication");
    EXPECT_EQ(r.moves.size(), 4u);
    testing::expect_valid_record(r);
  }
}

// -tb: games started from positions inside Íves dáma's endgame tables (built here, up to 4
// stones) end at once with the tables' result; a bad folder or another game is one error.
TEST(Match, EndgameTablesAdjudicateGamesThatReachThem) {
  namespace iv = games::ivesdama;
  TempDir dir("tables");
  const auto game = testing::factory_for("ivesdama")();
  const auto& g = dynamic_cast<const adapters::TypedGame<iv::Game>&>(*game).game();
  ASSERT_TRUE(tables::build_tables(g, {dir / "tb", 4, 2, {}, {}}).ok());
  auto set = tables::TableSet::open(dir / "tb", g);
  ASSERT_TRUE(set) << set.error().message;
  // A won, a lost and a drawn position of Player 1 to move, 2 against 2 stones.
  const tables::SliceIndex slice(g.geometry().num_points, g.geometry().all, {2, 2});
  std::map<iv::EndgameValue::Result, std::string> fens;
  for (std::uint64_t i = 0; i < slice.placements() && fens.size() < 3; ++i) {
    const auto pos = slice.position(g, i);
    if (tables::dont_care(g, pos)) continue;
    if (const auto v = set->probe(pos); v && !fens.count(v->result))
      fens[v->result] = adapters::Notation<iv::Game>::format_position(g, pos);
  }
  ASSERT_EQ(fens.size(), 3u);
  using R = iv::EndgameValue::Result;
  std::ofstream(dir / "book.txt") << fens[R::kWin] << "\n"
                                  << fens[R::kLoss] << "\n"
                                  << fens[R::kDraw] << "\n";
  const auto config = config_from({"-engine", "name=A", "cmd=builtin:random", "-engine", "name=B",
                                   "cmd=builtin:random", "-variant", "ivesdama", "-rounds", "3",
                                   "-openings", "file=" + (dir / "book.txt").string(), "-tb",
                                   (dir / "tb").string(), "-pgnout", (dir / "games.pgn").string()});
  const auto run = run_match(config);
  ASSERT_TRUE(run.ok) << run.error;
  const std::string pgn = read_text(dir / "games.pgn");
  const auto records = parse_records(pgn);
  ASSERT_EQ(records.size(), 3u);
  std::map<std::string, std::string> result_of;  // by the opening position
  for (const auto& r : records) {
    EXPECT_EQ(r.tags.at("Termination"), "adjudication");
    EXPECT_TRUE(r.moves.empty());
    result_of[r.tags.at("FEN")] = r.result;
  }
  EXPECT_EQ(result_of[fens[R::kWin]], "1-0");
  EXPECT_EQ(result_of[fens[R::kLoss]], "0-1");
  EXPECT_EQ(result_of[fens[R::kDraw]], "1/2-1/2");
  EXPECT_NE(pgn.find("the endgame tables: Player 1 wins in "), std::string::npos) << pgn;

  for (const auto& [variant, tb, why] :
       {std::tuple<std::string, std::string, std::string>{"ivesdama", (dir / "none").string(),
                                                          "not a folder of table files"},
        {"ivesdama-arc", (dir / "tb").string(), "built for other rules"},
        {"yinyang", (dir / "tb").string(), "endgame tables exist for Íves dáma only"}}) {
    const auto bad = config_from({"-engine", "name=A", "cmd=builtin:random", "-engine", "name=B",
                                  "cmd=builtin:random", "-variant", variant, "-tb", tb});
    const auto failed = run_match(bad);
    ASSERT_FALSE(failed.ok) << variant;
    EXPECT_NE(failed.error.find(why), std::string::npos) << failed.error;
  }
}

TEST(Match, ScoreAdjudicationEndsGamesAsDraws) {
  TempDir dir("draw_adjudication");
  // Every score is within +-1000000 from the start: a draw after one move of each side.
  const auto config = config_from({"-engine", "name=A", "cmd=builtin:greedy", "-engine", "name=B",
                                   "cmd=builtin:greedy", "-variant", "yinyang", "-games", "2",
                                   "-draw", "movenumber=0", "movecount=1", "score=1000000",
                                   "-pgnout", (dir / "games.pgn").string()});
  const auto run = run_match(config);
  ASSERT_TRUE(run.ok) << run.error;
  const auto records = parse_records(read_text(dir / "games.pgn"));
  ASSERT_EQ(records.size(), 2u);
  for (const auto& r : records) {
    EXPECT_EQ(r.result, "1/2-1/2");
    EXPECT_EQ(r.tags.at("Termination"), "adjudication");
    EXPECT_EQ(r.moves.size(), 2u);
  }
  // The greedy player reports its evaluation: comments carry a score and depth 1.
  EXPECT_NE(read_text(dir / "games.pgn").find("/1 "), std::string::npos);
}

TEST(Match, OpeningsFromFileAndRandomPlies) {
  TempDir dir("openings");
  std::ofstream(dir / "book.txt") << "# two openings\n"
                                     "6/6/2DL2/2LD2/6/6 1 0\n"
                                     "\n"
                                     "6/6/2DL2/2LD2/6/6 1 0 moves c4b4\n";
  const auto config = config_from(
      {"-engine", "name=A", "cmd=builtin:greedy", "-engine", "name=B", "cmd=builtin:random",
       "-variant", "yinyang", "-games", "2", "-rounds", "2", "-repeat", "-openings",
       "file=" + (dir / "book.txt").string(), "plies=2", "-pgnout", (dir / "games.pgn").string()});
  const auto run = run_match(config);
  ASSERT_TRUE(run.ok) << run.error;
  const auto records = parse_records(read_text(dir / "games.pgn"));
  ASSERT_EQ(records.size(), 4u);
  for (const auto& r : records) {
    testing::expect_valid_record(r);
    const int n = std::stoi(r.tags.at("Game"));
    // Round 1 uses the first line (2 random plies), round 2 the second (1 + 2 plies).
    const std::size_t book = n <= 2 ? 2 : 3;
    ASSERT_GE(r.moves.size(), book);
    if (n > 2) {
      EXPECT_EQ(r.moves[0], "c4b4");
    }
  }
  // Both games of a pair start with the same book moves.
  auto by_game = [&](int n) {
    return *std::find_if(records.begin(), records.end(),
                         [&](const auto& r) { return r.tags.at("Game") == std::to_string(n); });
  };
  for (int n : {1, 3}) {
    const auto a = by_game(n), b = by_game(n + 1);
    const std::size_t book = n == 1 ? 2 : 3;
    EXPECT_TRUE(std::equal(a.moves.begin(), a.moves.begin() + book, b.moves.begin()));
  }

  std::ofstream(dir / "bad.txt") << "6/6/2DL2/2LD2/6/6 1 0 moves c4b4 z9z9\n";
  const auto bad =
      config_from({"-engine", "cmd=builtin:greedy", "-engine", "cmd=builtin:random", "-variant",
                   "yinyang", "-openings", "file=" + (dir / "bad.txt").string()});
  const auto failed = run_match(bad);
  ASSERT_FALSE(failed.ok);
  // The line, then the ply as every tool names a refused move (the notation names the token).
  EXPECT_NE(failed.error.find("line 1: ply 2: move 'z9z9': "), std::string::npos) << failed.error;
}

TEST(Match, ShippedOpeningsAreLegal) {
  auto book = load_openings(TRIAD_SOURCE_DIR "/tournament/examples/yinyang-openings.txt",
                            testing::factory_for("yinyang"));
  ASSERT_TRUE(book) << book.error().message;
  EXPECT_EQ(book->size(), 8u);
}

TEST(Match, SprtStopsEarlyWhenTheResultIsClear) {
  TempDir dir("sprt");
  const auto config = config_from({"-engine",
                                   "name=G",
                                   "cmd=builtin:greedy",
                                   "-engine",
                                   "name=R",
                                   "cmd=builtin:random",
                                   "-variant",
                                   "yinyang",
                                   "-games",
                                   "2",
                                   "-rounds",
                                   "500",
                                   "-repeat",
                                   "-concurrency",
                                   "2",
                                   "-sprt",
                                   "elo0=0",
                                   "elo1=100",
                                   "alpha=0.05",
                                   "beta=0.05",
                                   "-jsonout",
                                   (dir / "summary.json").string()});
  const auto run = run_match(config);
  ASSERT_TRUE(run.ok) << run.error;
  EXPECT_EQ(run.stop_reason, "SPRT: H1 accepted");
  EXPECT_LT(run.finished.size(), 1000u);
  const YAML::Node summary = YAML::LoadFile((dir / "summary.json").string());
  EXPECT_EQ(summary["pairs"][0]["sprt"]["status"].as<std::string>(), "H1 accepted");
  EXPECT_GE(summary["pairs"][0]["sprt"]["llr"].as<double>(),
            summary["pairs"][0]["sprt"]["upper"].as<double>());
  EXPECT_TRUE(summary["pairs"][0]["sprt"]["pentanomial"].as<bool>());
}

// The local run leases units from the cluster scheduler, as a distributed run does, and
// counts them in unit order: with four game slots the games are counted and recorded in
// game order, the records the same as one slot's (as the records of triad-match -mpi).
TEST(Match, GameSlotsCountGamesInGameOrder) {
  TempDir dir("game_order");
  const auto words = [&dir](const std::string& slots) {
    return std::vector<std::string>{"-engine",
                                    "name=G",
                                    "cmd=builtin:greedy",
                                    "-engine",
                                    "name=R",
                                    "cmd=builtin:random",
                                    "-variant",
                                    "yinyang",
                                    "-games",
                                    "2",
                                    "-rounds",
                                    "60",
                                    "-repeat",
                                    "-seed",
                                    "7",
                                    "-concurrency",
                                    slots,
                                    "-pgnout",
                                    (dir / ("games-" + slots + ".pgn")).string()};
  };
  const auto one = run_match(config_from(words("1")));
  const auto four = run_match(config_from(words("4")));
  ASSERT_TRUE(one.ok) << one.error;
  ASSERT_TRUE(four.ok) << four.error;
  ASSERT_EQ(four.finished.size(), 120u);
  for (std::size_t i = 0; i < four.finished.size(); ++i)
    ASSERT_EQ(four.finished[i].number, static_cast<std::int64_t>(i + 1));
  const auto records = [](const std::string& text) {
    auto parsed = parse_records(text);
    std::vector<std::pair<std::map<std::string, std::string>, std::vector<std::string>>> out;
    for (auto& r : parsed) out.emplace_back(std::move(r.tags), std::move(r.moves));
    return out;
  };
  EXPECT_EQ(records(read_text(dir / "games-4.pgn")), records(read_text(dir / "games-1.pgn")));
}

TEST(Match, MissingEngineProgramIsReportedBeforeAnyGame) {
  const auto run = run_match(config_from({"-engine", "name=ghost", "cmd=/no/such/engine", "-engine",
                                          "cmd=builtin:random", "-variant", "yinyang"}));
  ASSERT_FALSE(run.ok);
  EXPECT_NE(run.error.find("engine 'ghost'"), std::string::npos);
  EXPECT_TRUE(run.finished.empty());
}

TEST(Match, InterruptStopsBeforeTheNextGame) {
  const auto config = config_from({"-engine", "cmd=builtin:greedy", "-engine", "cmd=builtin:random",
                                   "-variant", "yinyang", "-rounds", "5"});
  std::ostringstream progress;
  Tournament match(config, testing::factory_for("yinyang"), progress);
  match.interrupt();  // as Ctrl-C does
  ASSERT_TRUE(match.run());
  EXPECT_EQ(match.results().played(), 0);
  EXPECT_EQ(match.stop_reason(), "interrupted");
  EXPECT_NE(progress.str().find("Stopped early: interrupted"), std::string::npos);
}

// -wait: each game thread pauses between its games (3 pauses in 4 games on one thread), and
// an interrupt ends a pause at once (a 10-minute pause would hold the test up otherwise).
TEST(Match, WaitPausesBetweenAThreadsGamesAndAnInterruptEndsThePause) {
  const std::vector<std::string> words = {"-engine",  "cmd=builtin:greedy",
                                          "-engine",  "cmd=builtin:random",
                                          "-variant", "yinyang",
                                          "-rounds",  "4",
                                          "-wait"};
  const auto waiting = [&words](const std::string& ms) {
    auto w = words;
    w.push_back(ms);
    return config_from(w);
  };
  const auto start = std::chrono::steady_clock::now();
  const auto paced = run_match(waiting("150"));
  const auto elapsed = std::chrono::steady_clock::now() - start;
  ASSERT_TRUE(paced.ok) << paced.error;
  EXPECT_EQ(paced.finished.size(), 4u);
  EXPECT_GE(elapsed, std::chrono::milliseconds(450));

  const auto interrupted =
      run_match(waiting("600000"), [](Tournament& match, std::size_t) { match.interrupt(); });
  ASSERT_TRUE(interrupted.ok) << interrupted.error;
  EXPECT_EQ(interrupted.finished.size(), 1u);
  EXPECT_EQ(interrupted.stop_reason, "interrupted");
}

TEST(Match, ResumeContinuesAnInterruptedRun) {
  TempDir dir("resume");
  const std::vector<std::string> words = {"-engine",
                                          "name=A",
                                          "cmd=builtin:greedy",
                                          "-engine",
                                          "name=B",
                                          "cmd=builtin:random",
                                          "-variant",
                                          "yinyang",
                                          "-games",
                                          "2",
                                          "-rounds",
                                          "3",
                                          "-repeat",
                                          "-pgnout",
                                          (dir / "games.pgn").string(),
                                          "-resume",
                                          (dir / "state.json").string(),
                                          "-jsonout",
                                          (dir / "summary.json").string()};
  const auto full = run_match(config_from(words));
  ASSERT_TRUE(full.ok) << full.error;
  ASSERT_EQ(full.finished.size(), 6u);

  // The same run interrupted after its third game (as Ctrl-C does; the pair of games 3 and
  // 4 is left half played), then resumed.
  const auto all_records = read_text(dir / "games.pgn");
  std::filesystem::remove(dir / "games.pgn");
  std::filesystem::remove(dir / "state.json");
  const auto interrupted = run_match(config_from(words), [](Tournament& match, std::size_t n) {
    if (n == 3) match.interrupt();
  });
  ASSERT_TRUE(interrupted.ok) << interrupted.error;
  EXPECT_EQ(interrupted.finished.size(), 3u);
  EXPECT_EQ(interrupted.stop_reason, "interrupted");
  {  // game 4's record, as a run killed after appending it, before saving its state, leaves it
    std::ofstream out(dir / "games.pgn", std::ios::app);
    const auto game4 = all_records.rfind("[Event", all_records.find("[Game \"4\"]"));
    out << all_records.substr(game4, all_records.find("[Event", game4 + 1) - game4);
  }
  const auto resumed = run_match(config_from(words));
  ASSERT_TRUE(resumed.ok) << resumed.error;
  EXPECT_NE(resumed.output.find("Resuming: 3 of 6 games already played"), std::string::npos);
  EXPECT_NE(resumed.output.find("Removed "), std::string::npos) << "game 4's record is cut off";
  EXPECT_EQ(resumed.output.find("Started game 3 "), std::string::npos);
  EXPECT_NE(resumed.output.find("Started game 4 "), std::string::npos);
  ASSERT_EQ(resumed.finished.size(), 3u);
  // The statistics cover all six games, and the pair split by the interruption counts.
  const YAML::Node summary = YAML::LoadFile((dir / "summary.json").string());
  EXPECT_EQ(summary["games_played"].as<int>(), 6);
  EXPECT_EQ(summary["pairs"][0]["games"].as<int>(), 6);
  int pairs = 0;
  for (const auto& c : summary["pairs"][0]["pentanomial"]) pairs += c.as<int>();
  EXPECT_EQ(pairs, 3);
  const auto records = parse_records(read_text(dir / "games.pgn"));
  ASSERT_EQ(records.size(), 6u);
  std::set<std::string> numbers;
  for (const auto& r : records) numbers.insert(r.tags.at("Game"));
  EXPECT_EQ(numbers.size(), 6u);
  // The built-in players are seeded per game: the resumed games equal the first run's.
  const auto first_run = parse_records(all_records);
  for (const auto& r : records) {
    const auto& twin = *std::find_if(first_run.begin(), first_run.end(), [&](const auto& o) {
      return o.tags.at("Game") == r.tags.at("Game");
    });
    EXPECT_EQ(r.moves, twin.moves) << "game " << r.tags.at("Game");
  }

  // A finished run resumed again plays nothing; another tournament refuses the state.
  const auto again = run_match(config_from(words));
  ASSERT_TRUE(again.ok) << again.error;
  EXPECT_EQ(again.output.find("Started game"), std::string::npos);
  auto other = words;
  other.push_back("-seed");
  other.push_back("99");
  const auto refused = run_match(config_from(other));
  ASSERT_FALSE(refused.ok);
  EXPECT_NE(refused.error.find("another tournament"), std::string::npos);
}

}  // namespace
}  // namespace triad::tournament
