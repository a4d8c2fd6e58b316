// Match statistics: Elo, interval, LOS and SPRT (formulas documented in stats.h).
#include "tournament/stats.h"

#include <cmath>
#include <limits>

namespace triad::tournament {

namespace {

constexpr double kZ95 = 1.959963984540054;  // two-sided 95% quantile of the normal law
constexpr double kNeloDivisor = 800.0 / 2.302585092994046;  // 800 / ln(10)

struct Sample {
  double n = 0;     // number of samples
  double mean = 0;  // in [0, 1]
  double var = 0;   // per-sample variance
};

// Per-game scores 1, 0.5, 0 with their frequencies.
Sample trinomial(const Tally& t) {
  Sample s;
  s.n = static_cast<double>(t.games());
  if (s.n == 0) return s;
  const double w = static_cast<double>(t.wins) / s.n, d = static_cast<double>(t.draws) / s.n,
               l = static_cast<double>(t.losses) / s.n;
  s.mean = w + d / 2;
  s.var = w * std::pow(1 - s.mean, 2) + d * std::pow(0.5 - s.mean, 2) + l * std::pow(s.mean, 2);
  return s;
}

// Per-pair scores 0, 0.25, 0.5, 0.75, 1 (pair points / 2) with their frequencies.
Sample pentanomial(const Tally& t) {
  Sample s;
  s.n = static_cast<double>(t.pairs());
  if (s.n == 0) return s;
  for (std::size_t i = 0; i < 5; ++i)
    s.mean += static_cast<double>(t.pentanomial[i]) / s.n * (static_cast<double>(i) / 4.0);
  for (std::size_t i = 0; i < 5; ++i)
    s.var += static_cast<double>(t.pentanomial[i]) / s.n *
             std::pow(static_cast<double>(i) / 4.0 - s.mean, 2);
  return s;
}

}  // namespace

double elo_from_score(double score) {
  if (score <= 0) return -std::numeric_limits<double>::infinity();
  if (score >= 1) return std::numeric_limits<double>::infinity();
  return -400.0 * std::log10(1.0 / score - 1.0) + 0.0;  // + 0.0: no "-0" for an even score
}

double score_from_elo(double elo) {
  return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0));
}

EloEstimate estimate_elo(const Tally& t) {
  EloEstimate e;
  const Sample s = trinomial(t);
  if (s.n == 0) return e;
  e.score = s.mean;
  e.elo = elo_from_score(s.mean);
  const double margin = kZ95 * std::sqrt(s.var / s.n);
  // At a 0% or 100% score the interval reaches infinity (and inf - inf would be NaN).
  e.error_95 = s.mean <= 0 || s.mean >= 1
                   ? std::numeric_limits<double>::infinity()
                   : (elo_from_score(s.mean + margin) - elo_from_score(s.mean - margin)) / 2;
  e.draw_ratio = static_cast<double>(t.draws) / s.n;
  if (s.var > 0) {
    e.nelo = (s.mean - 0.5) / std::sqrt(s.var) * kNeloDivisor;
    e.nelo_error_95 = kZ95 * kNeloDivisor / std::sqrt(s.n);
  } else {
    e.nelo_error_95 = std::numeric_limits<double>::infinity();
  }
  const double decisive = static_cast<double>(t.wins + t.losses);
  e.los = decisive == 0 ? 0.5
                        : 0.5 * (1 + std::erf(static_cast<double>(t.wins - t.losses) /
                                              std::sqrt(2.0 * decisive)));
  return e;
}

SprtState sprt(const Tally& t, const SprtConfig& c) {
  SprtState st;
  st.lower = std::log(c.beta / (1 - c.alpha));
  st.upper = std::log((1 - c.beta) / c.alpha);
  st.pentanomial = t.pairs() > 0 && 2 * t.pairs() == t.games();
  const Sample s = st.pentanomial ? pentanomial(t) : trinomial(t);
  if (s.n == 0 || s.var <= 0) return st;  // no information yet (e.g. all draws)
  double s0 = 0, s1 = 0;
  if (c.model == SprtModel::kLogistic) {
    s0 = score_from_elo(c.elo0);
    s1 = score_from_elo(c.elo1);
  } else {
    const double sigma = st.pentanomial ? std::sqrt(2 * s.var) : std::sqrt(s.var);
    s0 = 0.5 + c.elo0 * sigma / kNeloDivisor;
    s1 = 0.5 + c.elo1 * sigma / kNeloDivisor;
  }
  st.llr = s.n * (s1 - s0) * (2 * s.mean - s0 - s1) / (2 * s.var);
  if (st.llr >= st.upper) {
    st.status = SprtStatus::kAcceptH1;
  } else if (st.llr <= st.lower) {
    st.status = SprtStatus::kAcceptH0;
  }
  return st;
}

const char* sprt_status_name(SprtStatus s) {
  switch (s) {
    case SprtStatus::kAcceptH0:
      return "H0 accepted";
    case SprtStatus::kAcceptH1:
      return "H1 accepted";
    default:
      return "continue";
  }
}

}  // namespace triad::tournament
