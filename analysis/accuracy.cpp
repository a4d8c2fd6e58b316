// A game's accuracy from its moves' accuracies (see accuracy.h).
#include "analysis/accuracy.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace triad::analysis {

namespace {

// The standard deviation (population) of curve[from, from + n), in percent.
double deviation(const std::vector<double>& curve, std::size_t from, std::size_t n) {
  double mean = 0;
  for (std::size_t i = from; i < from + n; ++i) mean += curve[i];
  mean /= static_cast<double>(n);
  double square = 0;
  for (std::size_t i = from; i < from + n; ++i) square += (curve[i] - mean) * (curve[i] - mean);
  return 100.0 * std::sqrt(square / static_cast<double>(n));
}

}  // namespace

std::vector<double> volatility_weights(const std::vector<double>& curve) {
  if (curve.size() < 2) return {};
  const std::size_t moves = curve.size() - 1;
  const std::size_t window = std::clamp<std::size_t>(curve.size() / 10, 2, 8);
  std::vector<double> weights;
  weights.reserve(moves);
  for (std::size_t m = 0; m < moves; ++m) {
    // Move m ends the window of points m+1-window+1 .. m+1; before that, the first window.
    const std::size_t last = std::max(m + 1, window - 1);
    weights.push_back(std::clamp(deviation(curve, last + 1 - window, window), 0.5, 12.0));
  }
  return weights;
}

std::optional<double> game_accuracy(const std::vector<double>& accuracies,
                                    const std::vector<double>& weights) {
  if (accuracies.empty() || accuracies.size() != weights.size()) return std::nullopt;
  double weighted = 0, weight = 0, inverse = 0;
  bool zero = false;  // the harmonic mean's limit is then 0
  for (std::size_t i = 0; i < accuracies.size(); ++i) {
    weighted += accuracies[i] * weights[i];
    weight += weights[i];
    if (accuracies[i] <= 0)
      zero = true;
    else
      inverse += 1.0 / accuracies[i];
  }
  const double harmonic = zero ? 0.0 : static_cast<double>(accuracies.size()) / inverse;
  return (weighted / weight + harmonic) / 2.0;
}

bool uninformative(bool forced, bool proven_unchanged, double mover_before, double mover_after) {
  const auto beyond_doubt = [](double x) { return x <= kDecided || x >= 1.0 - kDecided; };
  const bool same_side = (mover_before >= 0.5) == (mover_after >= 0.5);
  return forced || proven_unchanged ||
         (beyond_doubt(mover_before) && beyond_doubt(mover_after) && same_side);
}

}  // namespace triad::analysis
