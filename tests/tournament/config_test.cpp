// Configuration: cutechess-style command line, YAML files, time controls and the clock.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tournament/config.h"
#include "tournament/time_control.h"

namespace triad::tournament {
namespace {

Result<CommandLine> parse(std::vector<std::string> words) {
  std::vector<const char*> argv = {"triad-match"};
  for (const auto& w : words) argv.push_back(w.c_str());
  return parse_command_line(static_cast<int>(argv.size()), argv.data());
}

TEST(Config, CutechessStyleCommandLine) {
  auto cli = parse({"-engine",
                    "name=A",
                    "cmd=./triad",
                    "proto=ugi",
                    "option.Hash=16",
                    "option.Move Overhead=5",
                    "tc=40/10+0.1",
                    "-engine",
                    "name=B",
                    "cmd=builtin:greedy",
                    "-each",
                    "timemargin=50",
                    "-variant",
                    "yinyang",
                    "-games",
                    "2",
                    "-rounds",
                    "10",
                    "-repeat",
                    "-concurrency",
                    "2",
                    "-openings",
                    "file=book.txt",
                    "order=random",
                    "plies=4",
                    "-draw",
                    "movenumber=20",
                    "movecount=4",
                    "score=10",
                    "-resign",
                    "movecount=3",
                    "score=900",
                    "-sprt",
                    "elo0=0",
                    "elo1=5",
                    "alpha=0.05",
                    "beta=0.1",
                    "-pgnout",
                    "out.pgn",
                    "--jsonout",
                    "out.json",
                    "-srand",
                    "7",
                    "-maxmoves",
                    "100",
                    "-tournament",
                    "gauntlet",
                    "-norecover"});
  ASSERT_TRUE(cli) << cli.error().message;
  const TournamentConfig& c = cli->config;
  ASSERT_EQ(c.engines.size(), 2u);
  const EngineConfig& a = c.engines[0];
  EXPECT_EQ(a.name, "A");
  EXPECT_EQ(a.command, "./triad");
  EXPECT_EQ(a.dialect, protocol::Dialect::kUgi);
  ASSERT_EQ(a.options.size(), 2u);
  EXPECT_EQ(a.options[0], (std::pair<std::string, std::string>{"Hash", "16"}));
  EXPECT_EQ(a.options[1], (std::pair<std::string, std::string>{"Move Overhead", "5"}));
  EXPECT_TRUE(a.tc.clock);
  EXPECT_EQ(a.tc.moves, 40);
  EXPECT_EQ(a.tc.base_ms, 10000);
  EXPECT_EQ(a.tc.inc_ms, 100);
  EXPECT_EQ(a.tc.margin_ms, 50);  // from -each
  EXPECT_EQ(c.engines[1].tc.margin_ms, 50);
  EXPECT_TRUE(c.engines[1].builtin());
  EXPECT_EQ(c.variant, "yinyang");
  EXPECT_EQ(c.games, 2);
  EXPECT_EQ(c.rounds, 10);
  EXPECT_EQ(c.repeat, 2);
  EXPECT_EQ(c.concurrency, 2);
  ASSERT_TRUE(c.openings);
  EXPECT_EQ(c.openings->file, "book.txt");
  EXPECT_EQ(c.openings->order, OpeningOrder::kRandom);
  EXPECT_EQ(c.openings->plies, 4);
  EXPECT_EQ(c.draw.move_number, 20);
  EXPECT_EQ(c.draw.moves, 4);
  EXPECT_EQ(c.draw.score, 10);
  EXPECT_EQ(c.resign.moves, 3);
  EXPECT_EQ(c.resign.score, 900);
  ASSERT_TRUE(c.sprt);
  EXPECT_DOUBLE_EQ(c.sprt->elo1, 5);
  EXPECT_DOUBLE_EQ(c.sprt->beta, 0.1);
  EXPECT_EQ(c.pgn_out, "out.pgn");
  EXPECT_EQ(c.json_out, "out.json");
  EXPECT_EQ(c.seed, 7u);
  EXPECT_EQ(c.max_plies, 200);
  EXPECT_EQ(c.type, TournamentType::kGauntlet);
  EXPECT_FALSE(c.recover);
}

TEST(Config, EngineKeysOverrideEach) {
  auto cli = parse({"-each", "st=0.5", "proto=ugi", "-engine", "name=A", "cmd=x", "st=0.25",
                    "-engine", "name=B", "cmd=y", "depth=3"});
  ASSERT_TRUE(cli) << cli.error().message;
  EXPECT_EQ(*cli->config.engines[0].tc.move_time_ms, 250);
  EXPECT_EQ(*cli->config.engines[1].tc.move_time_ms, 500);
  EXPECT_EQ(*cli->config.engines[1].tc.depth, 3);
  EXPECT_EQ(cli->config.engines[1].dialect, protocol::Dialect::kUgi);
}

TEST(Config, ErrorsNameTheCulprit) {
  auto unknown_key = parse({"-engine", "name=A", "cmd=x", "colour=red", "-engine", "cmd=y"});
  ASSERT_FALSE(unknown_key);
  EXPECT_NE(unknown_key.error().message.find("colour"), std::string::npos);
  auto bad_games = parse({"-engine", "cmd=x", "-engine", "cmd=y", "-games", "two"});
  ASSERT_FALSE(bad_games);
  EXPECT_NE(bad_games.error().message.find("-games"), std::string::npos);
  auto one_engine = parse({"-engine", "cmd=x"});
  ASSERT_FALSE(one_engine);
  EXPECT_NE(one_engine.error().message.find("two engines"), std::string::npos);
  auto same_name = parse({"-engine", "name=A", "cmd=x", "-engine", "name=A", "cmd=y"});
  ASSERT_FALSE(same_name);
  EXPECT_NE(same_name.error().message.find("twice"), std::string::npos);
  auto unknown_option = parse({"-engine", "cmd=x", "-engine", "cmd=y", "-colour", "red"});
  ASSERT_FALSE(unknown_option);
  auto bad_tc = parse({"-engine", "cmd=x", "tc=40/abc", "-engine", "cmd=y"});
  ASSERT_FALSE(bad_tc);
  EXPECT_NE(bad_tc.error().message.find("tc '40/abc'"), std::string::npos);
  auto sprt_three = parse(
      {"-engine", "cmd=x", "-engine", "cmd=y", "-engine", "cmd=z", "-sprt", "elo0=0", "elo1=5"});
  ASSERT_FALSE(sprt_three);
  EXPECT_NE(sprt_three.error().message.find("exactly two"), std::string::npos);
  auto stray = parse({"games", "2"});
  ASSERT_FALSE(stray);
  auto bad_anchor =
      parse({"-engine", "name=A", "cmd=x", "-engine", "name=B", "cmd=y", "-anchor", "C"});
  ASSERT_FALSE(bad_anchor);
  EXPECT_EQ(bad_anchor.error().message, "-anchor 'C' is not the name of an engine");
  EXPECT_TRUE(parse({"-engine", "name=A", "cmd=x", "-engine", "name=B", "cmd=y", "-anchor", "B"}));
}

TEST(Config, HelpListsTheOptions) {
  auto cli = parse({"-help"});
  ASSERT_TRUE(cli) << cli.error().message;
  EXPECT_TRUE(cli->show_help);
  EXPECT_NE(cli->help_text.find("--engine"), std::string::npos);
  EXPECT_NE(cli->help_text.find("--sprt"), std::string::npos);
}

TEST(Config, YamlFileWithCommandLineOverride) {
  const auto dir =
      std::filesystem::temp_directory_path() / ("triad_config_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto file = dir / "match.yaml";
  std::ofstream(file) << "variant: ivesdama\n"
                         "games: 4\n"
                         "rounds: 3\n"
                         "repeat: true\n"
                         "each: {tc: 10+0.1, proto: ugi}\n"
                         "engines:\n"
                         "  - name: A\n"
                         "    cmd: ./triad\n"
                         "    args: [--variant, ivesdama]\n"
                         "    options: {Hash: 32, Threads: 1}\n"
                         "  - {name: R, cmd: 'builtin:random', st: 0.1}\n"
                         "openings: {file: lines.txt, order: sequential, start: 3}\n"
                         "resign: {movecount: 2, score: 500, twosided: true}\n"
                         "sprt: {elo0: -2, elo1: 3, model: normalized}\n";
  auto cli = parse({"-config", file.string(), "-rounds", "5"});
  ASSERT_TRUE(cli) << cli.error().message;
  const TournamentConfig& c = cli->config;
  EXPECT_EQ(c.variant, "ivesdama");
  EXPECT_EQ(c.games, 4);
  EXPECT_EQ(c.rounds, 5);  // the command line wins
  EXPECT_EQ(c.repeat, 2);
  ASSERT_EQ(c.engines.size(), 2u);
  EXPECT_EQ(c.engines[0].args, (std::vector<std::string>{"--variant", "ivesdama"}));
  EXPECT_EQ(c.engines[0].options.size(), 2u);
  EXPECT_EQ(c.engines[0].dialect, protocol::Dialect::kUgi);
  EXPECT_EQ(c.engines[0].tc.base_ms, 10000);
  EXPECT_EQ(*c.engines[1].tc.move_time_ms, 100);
  EXPECT_EQ(c.openings->start, 3);
  EXPECT_TRUE(c.resign.two_sided);
  EXPECT_EQ(c.sprt->model, SprtModel::kNormalized);
  EXPECT_DOUBLE_EQ(c.sprt->elo0, -2);

  std::ofstream(file) << "games: [1, 2]\nengines: 3\n";
  auto bad = parse({"-config", file.string()});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("match.yaml"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(Config, ShippedExampleIsValid) {
  auto cli = parse({"-config", TRIAD_SOURCE_DIR "/tournament/examples/yinyang-match.yaml"});
  ASSERT_TRUE(cli) << cli.error().message;
  EXPECT_EQ(cli->config.engines.size(), 3u);
  EXPECT_EQ(cli->config.variant, "yinyang");
  EXPECT_EQ(cli->config.engines[2].command, "builtin:greedy");
  EXPECT_EQ(cli->config.engines[1].tc.base_ms, 10000);
}

TEST(TimeControl, ParseAndFormat) {
  TimeControl tc;
  ASSERT_TRUE(parse_tc("40/1:30+0.5", tc));
  EXPECT_EQ(tc.moves, 40);
  EXPECT_EQ(tc.base_ms, 90000);
  EXPECT_EQ(tc.inc_ms, 500);
  EXPECT_EQ(format_tc(tc), "40/90+0.5");
  ASSERT_TRUE(parse_tc("0.25", tc));
  EXPECT_EQ(tc.moves, 0);
  EXPECT_EQ(tc.base_ms, 250);
  EXPECT_EQ(tc.inc_ms, 0);
  EXPECT_EQ(format_tc(tc), "0.25");
  EXPECT_FALSE(parse_tc("0+1", tc));
  EXPECT_FALSE(parse_tc("10+x", tc));
  EXPECT_FALSE(parse_tc("-5", tc));
  TimeControl st;
  st.move_time_ms = 50;
  st.depth = 4;
  EXPECT_EQ(format_tc(st), "st=0.05 depth=4");
  EXPECT_EQ(format_tc(TimeControl{}), "inf");
}

TEST(TimeControl, ClockChargesIncrementsPeriodsAndMargin) {
  TimeControl tc;
  ASSERT_TRUE(parse_tc("2/1+0.1", tc));
  tc.margin_ms = 20;
  GameClock clock(tc);
  EXPECT_EQ(clock.remaining_ms(), 1000);
  EXPECT_EQ(*clock.moves_to_go(), 2);
  EXPECT_EQ(clock.move_deadline_ms(99999), 1020);
  ASSERT_TRUE(clock.charge(400));
  EXPECT_EQ(clock.remaining_ms(), 700);  // 1000 - 400 + 100
  EXPECT_EQ(*clock.moves_to_go(), 1);
  ASSERT_TRUE(clock.charge(300));
  EXPECT_EQ(clock.remaining_ms(), 1500);  // 700 - 300 + 100 + a new period of 1000
  ASSERT_TRUE(clock.charge(1510));        // 10 ms over: within the margin
  EXPECT_EQ(clock.remaining_ms(), 100);
  EXPECT_FALSE(clock.charge(121));  // 21 ms over: lost on time

  TimeControl per_move;
  per_move.move_time_ms = 100;
  per_move.margin_ms = 10;
  GameClock st(per_move);
  EXPECT_EQ(st.move_deadline_ms(99999), 110);
  EXPECT_TRUE(st.charge(110));
  EXPECT_FALSE(st.charge(111));
  GameClock untimed{TimeControl{}};
  EXPECT_EQ(untimed.move_deadline_ms(5000), 5000);
  EXPECT_TRUE(untimed.charge(100000));
}

TEST(TimeControl, GoLimitsPerDialect) {
  TimeControl a, b;
  ASSERT_TRUE(parse_tc("10+0.1", a));
  ASSERT_TRUE(parse_tc("40/5", b));
  GameClock p1(a), p2(b);
  const auto limits = go_limits(p1, p2, 1);
  EXPECT_EQ(protocol::format_go(protocol::Dialect::kUci, limits),
            "go wtime 10000 btime 5000 winc 100 binc 0 movestogo 40");
  EXPECT_EQ(protocol::format_go(protocol::Dialect::kUgi, limits),
            "go p1time 10000 p2time 5000 p1inc 100 p2inc 0 movestogo 40");
  TimeControl nodes;
  nodes.nodes = 5000;
  GameClock n(nodes);
  EXPECT_EQ(protocol::format_go(protocol::Dialect::kUci, go_limits(n, n, 0)), "go nodes 5000");
  // The review's search of the played move alone: searchmoves last on the line.
  auto alone = go_limits(n, n, 0);
  alone.searchmoves = {"c3b3"};
  EXPECT_EQ(protocol::format_go(protocol::Dialect::kUgi, alone), "go nodes 5000 searchmoves c3b3");
}

}  // namespace
}  // namespace triad::tournament
