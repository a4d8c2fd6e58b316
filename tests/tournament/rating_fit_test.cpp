// The maximum-likelihood ratings (tournament/rating_fit.h) on constructed results with known
// answers, a three-engine field checked against an independent computation (the
// minorization-maximization iteration for Bradley-Terry strengths), the engines without a
// finite rating, and the ratings in triad-match's text and JSON reports.
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "tests/tournament/finished_game.h"
#include "tournament/rating_fit.h"
#include "tournament/report.h"
#include "tournament/results.h"

namespace triad::tournament {
namespace {

const double kScale = std::log(10.0) / 400;

TEST(RatingFit, TwoEnginesAtSeventyFivePercent) {
  // 30 of 40 points: the rating difference 400 log10(3) = 190.85, with the interval from the
  // information 40 K^2 p (1 - p) at p = 0.75.
  const auto r = fit_ratings(2, {{0, 1, 30, 40}}, 1);
  ASSERT_TRUE(r[0].rating && r[1].rating);
  EXPECT_NEAR(*r[0].rating, 400 * std::log10(3.0), 1e-6);
  EXPECT_EQ(*r[1].rating, 0.0);
  EXPECT_NEAR(r[0].error_95, 1.959964 / (kScale * std::sqrt(40 * 0.75 * 0.25)), 1e-3);
  EXPECT_EQ(r[1].error_95, 0.0);
  // Draws count as half points: 20 wins, 20 draws of 40 is the same 75 %.
  const auto d = fit_ratings(2, {{1, 0, 10, 40}}, 1);
  EXPECT_NEAR(*d[0].rating, 400 * std::log10(3.0), 1e-6);
}

// Bradley-Terry strengths by minorization-maximization (Hunter 2004): gamma_i = points_i /
// sum_j n_ij / (gamma_i + gamma_j), then ratings 400 log10(gamma_i / gamma_anchor).
std::vector<double> mm_ratings(int n, const std::vector<PairScore>& pairs, int anchor) {
  std::vector<double> gamma(static_cast<std::size_t>(n), 1.0);
  for (int iteration = 0; iteration < 100000; ++iteration) {
    std::vector<double> next(gamma.size());
    for (int i = 0; i < n; ++i) {
      double points = 0, denominator = 0;
      for (const auto& p : pairs) {
        if (p.a != i && p.b != i) continue;
        const int other = p.a == i ? p.b : p.a;
        points += p.a == i ? p.points : p.games - p.points;
        denominator +=
            p.games / (gamma[static_cast<std::size_t>(i)] + gamma[static_cast<std::size_t>(other)]);
      }
      next[static_cast<std::size_t>(i)] = points / denominator;
    }
    gamma = next;
  }
  std::vector<double> out;
  for (const double g : gamma)
    out.push_back(400 * std::log10(g / gamma[static_cast<std::size_t>(anchor)]));
  return out;
}

TEST(RatingFit, ThreeEnginesMatchAnIndependentComputation) {
  // Not transitive enough for pairwise Elo to add up: A-B 60 %, B-C 70 %, A-C 90 %, with
  // different numbers of games per pair.
  const std::vector<PairScore> pairs{{0, 1, 12, 20}, {1, 2, 21, 30}, {0, 2, 45, 50}};
  const auto fit = fit_ratings(3, pairs, 2);
  const auto expected = mm_ratings(3, pairs, 2);
  for (int e = 0; e < 3; ++e) {
    ASSERT_TRUE(fit[static_cast<std::size_t>(e)].rating);
    EXPECT_NEAR(*fit[static_cast<std::size_t>(e)].rating, expected[static_cast<std::size_t>(e)],
                1e-3);
  }
  EXPECT_GT(*fit[0].rating, *fit[1].rating);
  EXPECT_GT(fit[0].error_95, 0.0);
}

TEST(RatingFit, EnginesWithoutAFiniteRating) {
  // C won every game: its rating is unbounded above; A and B stay rated. D never played.
  const std::vector<PairScore> pairs{{0, 1, 5, 10}, {2, 0, 10, 10}, {2, 1, 4, 4}};
  const auto fit = fit_ratings(4, pairs, 0);
  ASSERT_TRUE(fit[0].rating && fit[1].rating);
  EXPECT_NEAR(*fit[1].rating, 0.0, 1e-6);
  EXPECT_FALSE(fit[2].rating);
  EXPECT_FALSE(fit[3].rating);
}

TEST(RatingFit, TheReportsShowTheRatingsAnchoredAtTheRandomMover) {
  TournamentConfig config;
  for (const char* name : {"a", "b", "random"}) {
    EngineConfig e;
    e.name = name;
    e.command = std::string(name) == "random" ? "builtin:random" : "triad";
    config.engines.push_back(e);
  }
  Results results(3);
  std::int64_t n = 0;
  // a scores 3 of 4 against random, b 1 of 2 against random, a 1 of 2 against b.
  for (auto r : {engine::GameResult::kP1Win, engine::GameResult::kP1Win, engine::GameResult::kP1Win,
                 engine::GameResult::kP2Win})
    results.add(finished_game(++n, 0, 2, r));
  results.add(finished_game(++n, 1, 2, engine::GameResult::kP1Win));
  results.add(finished_game(++n, 1, 2, engine::GameResult::kP2Win));
  results.add(finished_game(++n, 0, 1, engine::GameResult::kDraw));
  results.add(finished_game(++n, 0, 1, engine::GameResult::kDraw));
  EXPECT_EQ(rating_anchor(config), 2);
  const auto fit = field_ratings(config, results);
  const auto expected = mm_ratings(3, {{0, 2, 3, 4}, {1, 2, 1, 2}, {0, 1, 1, 2}}, 2);
  EXPECT_NEAR(*fit[0].rating, expected[0], 1e-3);
  const std::string text = standings_text(config, results);
  EXPECT_NE(text.find("Ratings (maximum likelihood over all games, logistic Elo, random = 0"),
            std::string::npos)
      << text;
  const std::string json = summary_json(config, results, {});
  EXPECT_NE(
      json.find("\"ratings\":{\"anchor\":\"random\",\"engines\":[{\"engine\":\"a\",\"rating\":"),
      std::string::npos)
      << json;
  config.anchor = std::string("b");  // not = "b": a GCC 12 -Wrestrict false alarm
  EXPECT_EQ(rating_anchor(config), 1);
  EXPECT_NEAR(*field_ratings(config, results)[1].rating, 0.0, 1e-9);
}

}  // namespace
}  // namespace triad::tournament
