// Match statistics for one pair of engines, from the first engine's point of view: score,
// Elo difference with a 95% interval, likelihood of superiority, draw ratio, pentanomial
// counts of game pairs, and the sequential probability ratio test (SPRT).
#pragma once

#include <array>
#include <cstdint>
#include <optional>

namespace triad::tournament {

// Results of the first engine against the second.
struct Tally {
  std::int64_t wins = 0;
  std::int64_t losses = 0;
  std::int64_t draws = 0;
  // Game pairs played from the same opening with colours swapped, indexed by the first
  // engine's pair score in half points: [0] = 0 (LL), [1] = 0.5 (LD), [2] = 1 (DD or WL),
  // [3] = 1.5 (WD), [4] = 2 (WW).
  std::array<std::int64_t, 5> pentanomial{};

  std::int64_t games() const { return wins + losses + draws; }
  std::int64_t pairs() const {
    std::int64_t n = 0;
    for (auto c : pentanomial) n += c;
    return n;
  }
};

// Elo difference of an expected score s in (0, 1): -400 log10(1/s - 1).
double elo_from_score(double score);
// Expected score of a logistic Elo difference.
double score_from_elo(double elo);

struct EloEstimate {
  double score = 0.5;     // (W + D/2) / N
  double elo = 0;         // from the score; +-inf at 0% / 100%
  double error_95 = 0;    // half width of the 95% interval in Elo (as cutechess reports)
  double los = 0.5;       // likelihood of superiority, from wins and losses
  double draw_ratio = 0;  // D / N
  // Normalized Elo (as fishtest/fastchess): (score - 0.5) / sigma * 800 / ln 10, with sigma
  // the per-game standard deviation; its 95% half width is 1.96 * 800 / ln 10 / sqrt(N).
  // 0 +- infinity when sigma is 0 (every game had the same result).
  double nelo = 0;
  double nelo_error_95 = 0;
};

// Needs at least one game; a 0% or 100% score gives an infinite Elo and error.
EloEstimate estimate_elo(const Tally& t);

enum class SprtModel { kLogistic, kNormalized };
enum class SprtStatus { kContinue, kAcceptH0, kAcceptH1 };

struct SprtConfig {
  double elo0 = 0;
  double elo1 = 5;
  double alpha = 0.05;
  double beta = 0.05;
  SprtModel model = SprtModel::kLogistic;
};

struct SprtState {
  double llr = 0;
  double lower = 0;  // log(beta / (1 - alpha)): accept H0 at or below
  double upper = 0;  // log((1 - beta) / alpha): accept H1 at or above
  SprtStatus status = SprtStatus::kContinue;
  bool pentanomial = false;  // which sample the LLR used
};

// Generalised SPRT with the normal approximation of the log-likelihood ratio:
//   LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)
// where m and v are the sample mean and variance of the per-game scores (trinomial) or of
// the per-pair scores scaled to [0, 1] (pentanomial, used when every game is in a pair),
// N the sample size, and s0 / s1 the expected scores under H0 / H1: logistic Elo ->
// score_from_elo; normalized Elo -> 0.5 + nelo * sigma / (800 / ln 10), with sigma the
// per-game standard deviation (sqrt(2 v) for pairs).
SprtState sprt(const Tally& t, const SprtConfig& config);

const char* sprt_status_name(SprtStatus s);

}  // namespace triad::tournament
