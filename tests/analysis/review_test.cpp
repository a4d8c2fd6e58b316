// triad-analyse -review on Yin Yang games with known mistakes: positions with few empty
// squares, every move's value proven by the reference solver (independent of the solver the
// review uses). A move that loses a proven win must be a blunder, a move that keeps the value
// never worse than good; the JSON line contract (docs/analysis.md "Game review"), the
// annotated record read back by the record reader, -resume giving the same bytes, and one
// clear error for an illegal move.
#include <yaml-cpp/yaml.h>

#include <cstdio>

#include <gtest/gtest.h>

#include "adapters/common/game_registry.h"
#include "adapters/records/reader.h"
#include "adapters/records/replay.h"
#include "adapters/records/writer.h"
#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/reference_solver.h"
#include "tests/analysis/analyse_support.h"

namespace triad::analysis::testing {
namespace {

using YinYang = adapters::TypedGame<games::yinyang::Game>;

// Player 1 to move and winning, 12 empty squares (docs/protocol.md "go solve").
const std::string kStart = "1L4/1DD3/2LLLL/LLLLDD/DDLLLD/D1LDDD 1 20";
const std::vector<std::string> kYinYangSettings = {"-nodes",           "3000",   "-engine",
                                                   "option.Threads=1", "-quiet", "-review"};

// Whether Player 1 wins `game`'s position with perfect play (the reference solver).
bool p1_wins(const adapters::AnyGame& game) {
  if (const auto o = game.outcome(); o.over()) return o.result == engine::GameResult::kP1Win;
  games::yinyang::ReferenceSolver solver(16);
  const auto& typed = dynamic_cast<const YinYang&>(game);
  const auto solution = solver.solve(typed.line().current());
  EXPECT_TRUE(solution.has_value());
  return solution->side_to_move_wins == (game.side_to_move() == engine::Player::kOne);
}

struct KnownGame {
  std::vector<std::string> moves;
  std::vector<bool> keeps;  // each move keeps the position's proven value
};

// A game from kStart: the first move is `first`, then each side plays the first legal move
// that keeps the value, to the end.
KnownGame play_game(const std::string& first) {
  KnownGame out;
  auto made = adapters::VariantRegistry::builtin().create("yinyang");
  auto game = std::move(*made);
  EXPECT_TRUE(game->reset(kStart));
  while (!game->outcome().over()) {
    const bool value = p1_wins(*game);
    std::string chosen;
    for (const auto& m : game->legal_moves()) {
      auto child = game->clone();
      EXPECT_TRUE(child->play(m));
      const bool keeps = p1_wins(*child) == value;
      if (out.moves.empty() ? m == first : keeps) {
        chosen = m;
        out.keeps.push_back(keeps);
        break;
      }
    }
    EXPECT_FALSE(chosen.empty());
    EXPECT_TRUE(game->play(chosen));
    out.moves.push_back(chosen);
  }
  return out;
}

std::string record_text(const std::vector<KnownGame>& games) {
  std::string text;
  for (const auto& g : games) {
    adapters::records::Record r;
    r.tags = {{"Variant", "yinyang"}, {"FEN", kStart}};
    for (const auto& m : g.moves) r.moves.push_back({m, {}});
    text += adapters::records::write_record(r);
  }
  return text;
}

// Game 1: Player 1 throws the win away at once (b5b4 loses); game 2: value kept throughout.
const std::vector<KnownGame>& games() {
  static const std::vector<KnownGame> kGames = {play_game("b5b4"), play_game("b5a5")};
  return kGames;
}

TEST(Review, ProvenMistakesAreBlundersAndValueKeepingMovesAreNeverWorseThanGood) {
  ASSERT_FALSE(games()[0].keeps[0]);  // b5b4 loses the proven win
  ASSERT_TRUE(games()[1].keeps[0]);
  TempDir dir("review_classes");
  write_text(dir / "games.pgn", record_text(games()));
  const auto r = run_analyse(with(kYinYangSettings, {(dir / "games.pgn").string()}), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), games()[0].moves.size() + games()[1].moves.size() + 2) << r.out;
  std::size_t at = 0;
  for (std::size_t g = 0; g < games().size(); ++g) {
    for (std::size_t ply = 0; ply < games()[g].moves.size(); ++ply) {
      const YAML::Node line = YAML::Load(out[at++]);
      ASSERT_EQ(line["move"].as<std::string>(), games()[g].moves[ply]) << r.out;
      const std::string cls = line["class"].as<std::string>();
      if (games()[g].keeps[ply]) {
        EXPECT_TRUE(cls == "best" || cls == "excellent" || cls == "good") << out[at - 1];
        EXPECT_EQ(line["loss"].as<double>(), 0.0) << out[at - 1];
      } else {
        EXPECT_EQ(cls, "blunder") << out[at - 1];
        EXPECT_EQ(line["loss"].as<double>(), 1.0) << out[at - 1];
        EXPECT_EQ(line["exact"]["before"].as<std::string>(), "1-0") << out[at - 1];
        EXPECT_EQ(line["exact"]["played"].as<std::string>(), "0-1") << out[at - 1];
      }
    }
    const YAML::Node summary = YAML::Load(out[at++]);
    ASSERT_TRUE(summary["summary"].as<bool>()) << r.out;
    // Player 1 blundered in game 1: its one move that counts. Every other move kept a
    // proven result, which says nothing about skill: no accuracy (docs/analysis.md).
    if (g == 0)
      EXPECT_LT(summary["accuracy"]["p1"].as<double>(), 10.0) << out[at - 1];
    else
      EXPECT_TRUE(summary["accuracy"]["p1"].IsNull()) << out[at - 1];
    EXPECT_TRUE(summary["accuracy"]["p2"].IsNull()) << out[at - 1];
    // The game's result beside the counts, not one of them.
    EXPECT_EQ(summary["result"].as<std::string>(), g == 0 ? "0-1" : "1-0") << out[at - 1];
    EXPECT_FALSE(summary["counts"]["result"]) << out[at - 1];
  }
}

// Player 2 wins here (Player 2 to move) and f4e4, the engine's own choice at this limit,
// throws the win away: the review must not name the blunder as the best move.
TEST(Review, WithExactKnowledgeTheBestMoveKeepsTheProvenResult) {
  const std::string position = "2D3/5L/1LLL1D/L1DDLD/DDDD1L/1DLLDD 2 17";
  TempDir dir("review_exact_best");
  write_text(dir / "game.txt", position + " moves f4e4\n");
  const auto r = run_analyse(
      with(kYinYangSettings, {"-variant", "yinyang", (dir / "game.txt").string()}), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const YAML::Node line = YAML::Load(lines_of(r.out).front());
  EXPECT_EQ(line["class"].as<std::string>(), "blunder") << r.out;
  const std::string best = line["best"].as<std::string>();
  EXPECT_NE(best, "f4e4") << r.out;
  EXPECT_EQ(line["pv"][0].as<std::string>(), best) << r.out;
  auto made = adapters::VariantRegistry::builtin().create("yinyang");
  ASSERT_TRUE(made);
  auto game = std::move(*made);
  ASSERT_TRUE(game->reset(position));
  const bool value = p1_wins(*game);
  ASSERT_TRUE(game->play(best)) << best;
  EXPECT_EQ(p1_wins(*game), value) << best << " loses the proven result";
}

// Beyond the endgame solver's 20 empty squares, the built-in book's proof of the start
// position decides: Player 2 wins whatever Player 1 plays first, d3f3 throws that win away
// (the engine's book plays c4a4), and d4d5 keeps Player 1's win. In a position of the book
// whose other moves it does not prove (c3a3, Player 2's winning move there), no move is
// marked as the only one.
TEST(Review, TheBuiltInBookJudgesOpeningMovesByItsProof) {
  TempDir dir("review_book");
  write_text(dir / "game.txt",
             "6/6/2DL2/2LD2/6/6 1 0 moves c3b3 d3f3 d4d5\n"
             "3D2/6/2DL1L/2LLD1/6/6 2 3 moves c3a3\n");
  const auto r = run_analyse(
      with(kYinYangSettings, {"-variant", "yinyang", (dir / "game.txt").string()}), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), 6u) << r.out;
  const std::vector<std::pair<std::string, std::string>> proven = {
      {"0-1", "0-1"}, {"0-1", "1-0"}, {"1-0", "1-0"}};
  for (std::size_t ply = 0; ply < proven.size(); ++ply) {
    const YAML::Node line = YAML::Load(out[ply]);
    ASSERT_TRUE(line["exact"]) << out[ply];
    EXPECT_EQ(line["exact"]["before"].as<std::string>(), proven[ply].first) << out[ply];
    EXPECT_EQ(line["exact"]["played"].as<std::string>(), proven[ply].second) << out[ply];
    EXPECT_EQ(line["before"]["by"].as<std::string>(), "solver") << out[ply];
    EXPECT_EQ(line["loss"].as<double>(), ply == 1 ? 1.0 : 0.0) << out[ply];
  }
  const YAML::Node blunder = YAML::Load(out[1]);
  EXPECT_EQ(blunder["class"].as<std::string>(), "blunder") << out[1];
  EXPECT_NE(blunder["best"].as<std::string>(), "d3f3") << out[1];
  // Every move of both players kept or threw a proven result: Player 1's say nothing about
  // skill, Player 2's one move that counts lost the game.
  const YAML::Node summary = YAML::Load(out[3]);
  EXPECT_TRUE(summary["accuracy"]["p1"].IsNull()) << out[3];
  EXPECT_LT(summary["accuracy"]["p2"].as<double>(), 10.0) << out[3];
  const YAML::Node winning = YAML::Load(out[4]);
  EXPECT_EQ(winning["exact"]["before"].as<std::string>(), "0-1") << out[4];
  EXPECT_EQ(winning["exact"]["played"].as<std::string>(), "0-1") << out[4];
  EXPECT_FALSE(winning["only_move"].as<bool>()) << out[4];
  // A proven position has one value on the curve: after the move into it, before the next.
  for (std::size_t ply = 0; ply + 1 < proven.size(); ++ply)
    EXPECT_EQ(YAML::Load(out[ply])["p1_expected"].as<double>(),
              YAML::Load(out[ply + 1])["p1_expected_before"].as<double>())
        << out[ply] << "\n"
        << out[ply + 1];
}

// Player 2 leaves the book's proof of a win for a position that nothing proves: the loss is
// measured from the proven win to the engine's value of the played move (as a forced mate
// given up for an advantage is), on the curve the graph draws.
TEST(Review, LeavingTheProofOfAWinIsMeasuredFromTheProvenValue) {
  const std::string position = "3D2/6/2DL1L/2LLD1/6/6 2 3";
  auto made = adapters::VariantRegistry::builtin().create("yinyang");
  ASSERT_TRUE(made);
  auto game = std::move(*made);
  ASSERT_TRUE(game->reset(position));
  auto probe = adapters::make_exact(game->clone(), {});
  ASSERT_TRUE(probe);
  const auto won = probe->probe(*game, true);
  ASSERT_TRUE(won && won->result == engine::ExactResult::kWin);
  std::string unproved;  // a move after which neither the book nor the solver knows the value
  for (const auto& m : game->legal_moves()) {
    auto child = game->clone();
    ASSERT_TRUE(child->play(m));
    if (m != won->best && !probe->probe(*child, false)) unproved = m;
  }
  ASSERT_FALSE(unproved.empty());
  TempDir dir("review_book_exit");
  write_text(dir / "game.txt", position + " moves " + unproved + "\n");
  const auto r = run_analyse(
      with(kYinYangSettings, {"-variant", "yinyang", (dir / "game.txt").string()}), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const YAML::Node line = YAML::Load(lines_of(r.out).front());
  EXPECT_EQ(line["before"]["proven"].as<std::string>(), "0-1") << r.out;
  EXPECT_FALSE(line["played"]["proven"]) << r.out;
  EXPECT_FALSE(line["exact"]) << r.out;  // not both sides proven
  EXPECT_EQ(line["p1_expected_before"].as<double>(), 0.0) << r.out;
  // Player 2's loss: from 1 (the proven win) to 1 - p1_expected.
  EXPECT_NEAR(line["loss"].as<double>(), line["p1_expected"].as<double>(), 2e-4) << r.out;
  // The best move is one that keeps the proven win: the book's, or another it proves.
  const std::string best = line["best"].as<std::string>();
  auto kept = game->clone();
  ASSERT_TRUE(kept->play(best)) << r.out;
  const auto reply = probe->probe(*kept, false);
  EXPECT_TRUE(best == won->best || (reply && reply->result == engine::ExactResult::kLoss)) << r.out;
}

// Only the position after the move is proven (a Player 1 move into a position the solver
// proves lost, 25 empty squares before it): the engine's best move stands for the position
// before. f3f5 is the engine's best at this limit and proven lost, so the position was lost
// and f3f5 loses nothing; b5b4 is proven lost where the engine's best, b5b6, is proven to
// win, so the position was a proven win thrown away.
TEST(Review, AMoveIntoAProvenPositionIsMeasuredAgainstTheEnginesBestMove) {
  TempDir dir("review_into_proof");
  write_text(dir / "game.txt",
             "1LD3/3L2/2LLD1/1DLLDD/2L3/2DL2 1 10 moves f3f5\n"
             "2D3/1L1L2/2LLD1/LDDL2/DD1L2/3D2 1 10 moves b5b4\n");
  const auto r = run_analyse({"-nodes", "2000", "-engine", "option.Threads=1", "-quiet", "-review",
                              "-variant", "yinyang", (dir / "game.txt").string()},
                             dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), 4u) << r.out;
  const YAML::Node lost = YAML::Load(out[0]);
  ASSERT_EQ(lost["best"].as<std::string>(), "f3f5") << out[0];
  EXPECT_EQ(lost["played"]["proven"].as<std::string>(), "0-1") << out[0];
  EXPECT_FALSE(lost["exact"]) << out[0];
  EXPECT_EQ(lost["p1_expected_before"].as<double>(), 0.0) << out[0];
  EXPECT_EQ(lost["loss"].as<double>(), 0.0) << out[0];
  EXPECT_EQ(lost["class"].as<std::string>(), "best") << out[0];
  const YAML::Node thrown = YAML::Load(out[2]);
  ASSERT_EQ(thrown["best"].as<std::string>(), "b5b6") << out[2];
  EXPECT_EQ(thrown["exact"]["before"].as<std::string>(), "1-0") << out[2];
  EXPECT_EQ(thrown["exact"]["played"].as<std::string>(), "0-1") << out[2];
  EXPECT_EQ(thrown["loss"].as<double>(), 1.0) << out[2];
  EXPECT_EQ(thrown["class"].as<std::string>(), "blunder") << out[2];
}

TEST(Review, EveryLineKeepsTheContractWithScoresFromPlayerOnesPointOfView) {
  TempDir dir("review_contract");
  write_text(dir / "games.pgn", record_text({games()[1]}));
  const auto r = run_analyse(with(kYinYangSettings, {(dir / "games.pgn").string()}), dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines_of(r.out);
  ASSERT_EQ(out.size(), games()[1].moves.size() + 1);
  for (std::size_t ply = 0; ply + 1 < out.size(); ++ply) {
    const YAML::Node line = YAML::Load(out[ply]);
    EXPECT_EQ(line["game"].as<int>(), 1);
    EXPECT_EQ(line["ply"].as<std::size_t>(), ply);
    EXPECT_EQ(line["player"].as<int>(), ply % 2 == 0 ? 1 : 2);
    EXPECT_EQ(line["move"].as<std::string>(), games()[1].moves[ply]);
    EXPECT_FALSE(line["best"].as<std::string>().empty());
    ASSERT_GE(line["pv"].size(), 1u) << out[ply];
    EXPECT_EQ(line["pv"][0].as<std::string>(), line["best"].as<std::string>());
    EXPECT_TRUE(line["only_move"].IsScalar());
    line["only_move"].as<bool>();
    // Player 1 wins every position of this game: positive from Player 1's side, whoever moves.
    for (const char* key : {"before", "played"}) {
      const YAML::Node s = line[key];
      ASSERT_TRUE(s["cp"] || s["mate"]) << out[ply];
      EXPECT_GT((s["mate"] ? s["mate"] : s["cp"]).as<int>(), 0) << key << " " << out[ply];
    }
    const double loss = line["loss"].as<double>();
    EXPECT_GE(loss, 0.0);
    EXPECT_LE(loss, 1.0);
    // The curve the move was judged on: Player 1's expected score before and after it.
    const double before = line["p1_expected_before"].as<double>();
    const double after = line["p1_expected"].as<double>();
    const double mover_drop = ply % 2 == 0 ? before - after : after - before;
    EXPECT_NEAR(loss, std::max(0.0, mover_drop), 2e-4) << out[ply];
    EXPECT_GT(before, 0.5) << out[ply];  // Player 1 wins every position
    EXPECT_GT(after, 0.5) << out[ply];
  }
  const YAML::Node summary = YAML::Load(out.back());
  EXPECT_TRUE(summary["summary"].as<bool>());
  EXPECT_EQ(summary["game"].as<int>(), 1);
  EXPECT_TRUE(summary["accuracy"]["p1"].IsNull()) << out.back();  // proven win kept throughout
}

// docs/analysis.md's example: b5b4 throws the win away where other moves also win; a3a4 misses
// b4a4, Player 2's only winning move. The blunder's comment names the only move; it does not
// mark the blunder itself as the only move.
TEST(Review, TheOnlyMoveMarkNamesTheMoveThatWasMissed) {
  TempDir dir("review_only_move");
  write_text(dir / "game.txt", kStart + " moves b5b4 a3a4\n");
  const auto annotated = (dir / "game.pgn").string();
  const auto r = run_analyse(
      with(kYinYangSettings, {"-variant", "yinyang", (dir / "game.txt").string(), "-output",
                              (dir / "out.jsonl").string(), "-annotate", annotated}),
      dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = read_text(annotated);
  EXPECT_NE(text.find("the only move was b4a4"), std::string::npos) << text;
  EXPECT_EQ(text.find("only move,"), std::string::npos) << text;
  EXPECT_NE(text.find("; best b5a5"), std::string::npos) << text;
}

TEST(Review, TheAnnotatedRecordReadsBackWithItsMovesNagsAndBestLines) {
  TempDir dir("review_annotate");
  write_text(dir / "games.pgn", record_text(games()));
  const auto annotated = (dir / "annotated.pgn").string();
  const auto r =
      run_analyse(with(kYinYangSettings, {(dir / "games.pgn").string(), "-output",
                                          (dir / "out.jsonl").string(), "-annotate", annotated}),
                  dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto reader = adapters::records::RecordReader::open(annotated);
  ASSERT_TRUE(reader) << reader.error().message;
  for (const auto& g : games()) {
    auto record = reader->next();
    ASSERT_TRUE(record && *record) << read_text(annotated);
    const auto& rec = **record;
    EXPECT_EQ(rec.tokens(), g.moves);
    ASSERT_NE(rec.tag("FEN"), nullptr);
    EXPECT_EQ(*rec.tag("FEN"), kStart);
    for (std::size_t ply = 0; ply < g.moves.size(); ++ply) {
      const auto& m = rec.moves[ply];
      EXPECT_FALSE(m.comment.empty());
      if (g.keeps[ply]) {
        EXPECT_TRUE(m.nags.empty()) << m.token;
        EXPECT_TRUE(m.variations.empty()) << m.token;
      } else {
        EXPECT_EQ(m.nags, std::vector<int>{4}) << m.token;  // ??
        ASSERT_EQ(m.variations.size(), 1u);
        EXPECT_EQ(m.variations[0].moves.front().token, "b5a5");  // the winning move
      }
    }
    EXPECT_NE(rec.comment.find("accuracy Player 1"), std::string::npos) << rec.comment;
    // Every best line is legal where it stands.
    auto made = adapters::VariantRegistry::builtin().create("yinyang");
    ASSERT_TRUE(adapters::records::set_up(**made, rec));
    EXPECT_TRUE(adapters::records::check_variations(**made, rec));
  }
  EXPECT_FALSE(*reader->next());
}

// A move the engine judges by its score (not a proven result) is written `+0.35 (58 %)`:
// the score and Player 1's expected score of the JSON line, whole per cent, so that a record
// read back (the web GUI's graph) has the curve the review judged on.
TEST(Review, TheAnnotatedRecordCarriesTheExpectedScoreOfEachJudgedScore) {
  TempDir dir("review_expected");
  auto made = adapters::VariantRegistry::builtin().create("razzledazzle");
  ASSERT_TRUE(made);
  auto game = std::move(*made);
  adapters::records::Record played;
  played.tags = {{"Variant", "razzledazzle"}};
  for (int ply = 0; ply < 3; ++ply) {
    const auto move = game->legal_moves().front();
    ASSERT_TRUE(game->play(move));
    played.moves.push_back({move, {}});
  }
  write_text(dir / "game.txt", adapters::records::write_record(played));
  const auto annotated = (dir / "game.pgn").string();
  const auto r = run_analyse({"-nodes", "2000", "-engine", "option.Threads=1", "-quiet", "-review",
                              (dir / "game.txt").string(), "-annotate", annotated},
                             dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines_of(r.out);
  auto reader = adapters::records::RecordReader::open(annotated);
  ASSERT_TRUE(reader) << reader.error().message;
  auto record = reader->next();
  ASSERT_TRUE(record && *record) << read_text(annotated);
  ASSERT_EQ((**record).moves.size() + 1, out.size());
  int judged = 0;
  for (std::size_t ply = 0; ply + 1 < out.size(); ++ply) {
    const YAML::Node json = YAML::Load(out[ply]);
    if (!json["played"]["cp"]) continue;
    char expected[48];
    std::snprintf(expected, sizeof expected, "%+.2f (%.0f %%)",
                  json["played"]["cp"].as<int>() / 100.0, json["p1_expected"].as<double>() * 100);
    EXPECT_EQ((**record).moves[ply].comment.rfind(expected, 0), 0u)
        << (**record).moves[ply].comment << " / " << out[ply];
    ++judged;
  }
  EXPECT_GT(judged, 0);  // the opening's moves are judged by score
}

TEST(Review, ResumeAndSeveralEnginesGiveTheSameBytes) {
  TempDir dir("review_resume");
  const auto input = (dir / "games.pgn").string();
  write_text(input, record_text(games()));
  const auto full = (dir / "full.jsonl").string();
  const auto full_pgn = (dir / "full.pgn").string();
  ASSERT_EQ(run_analyse(with(kYinYangSettings, {input, "-output", full, "-annotate", full_pgn}),
                        dir.path())
                .exit_code,
            0);
  const std::string whole = read_text(full);
  // As a kill leaves it: game 1 whole, two lines of game 2 and part of a third.
  const auto lines = lines_of(whole);
  const std::size_t game1 = games()[0].moves.size() + 1;
  std::string cut;
  for (std::size_t i = 0; i < game1 + 2; ++i) cut += lines[i] + "\n";
  cut += lines[game1 + 2].substr(0, 20);
  const auto resumed = (dir / "resumed.jsonl").string();
  const auto resumed_pgn = (dir / "resumed.pgn").string();
  write_text(resumed, cut);
  const auto r = run_analyse(
      with(kYinYangSettings, {input, "-output", resumed, "-resume", "-annotate", resumed_pgn}),
      dir.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Game 2 is reviewed again from its first move.
  EXPECT_NE(r.err.find("written (" + std::to_string(lines.size() - game1) + " in"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(read_text(resumed), whole);
  EXPECT_EQ(read_text(resumed_pgn), read_text(full_pgn));
  // A complete review resumed: nothing to review, the annotated records written all the same.
  const auto again_pgn = (dir / "again.pgn").string();
  ASSERT_EQ(run_analyse(with(kYinYangSettings,
                             {input, "-output", resumed, "-resume", "-annotate", again_pgn}),
                        dir.path())
                .exit_code,
            0);
  EXPECT_EQ(read_text(again_pgn), read_text(full_pgn));
  // Two engines, a game each: the same bytes in input order.
  const auto both = (dir / "both.jsonl").string();
  ASSERT_EQ(
      run_analyse(with(kYinYangSettings, {input, "-output", both, "-concurrency", "2"}), dir.path())
          .exit_code,
      0);
  EXPECT_EQ(read_text(both), whole);
}

TEST(Review, AnIllegalMoveIsOneErrorNamingTheGameAndPlyAndNothingIsWritten) {
  TempDir dir("review_illegal");
  auto bad = games()[1];
  bad.moves.resize(3);
  bad.moves[2] = "a1a1";
  write_text(dir / "games.pgn", record_text({games()[0], bad}));
  const auto output = dir / "out.jsonl";
  const auto r =
      run_analyse(with(kYinYangSettings, {(dir / "games.pgn").string(), "-output", output.string(),
                                          "-annotate", (dir / "a.pgn").string()}),
                  dir.path());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("game 2 (line "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("ply 3: "), std::string::npos) << r.err;
  EXPECT_EQ(lines_of(r.err).size(), 1u) << r.err;
  EXPECT_FALSE(std::filesystem::exists(output));
  EXPECT_FALSE(std::filesystem::exists(dir / "a.pgn"));
}

}  // namespace
}  // namespace triad::analysis::testing
