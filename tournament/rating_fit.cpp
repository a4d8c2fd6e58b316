// Maximum-likelihood ratings by Newton's method (see rating_fit.h).
#include "tournament/rating_fit.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>

namespace triad::tournament {

namespace {

constexpr double kScale = 0.0057564627324851142;  // ln(10) / 400: logistic Elo per unit
constexpr double kZ95 = 1.959963984540054;
constexpr int kMaxIterations = 200;
constexpr double kMaxStep = 400;  // Elo per Newton step (keeps early steps from overshooting)
constexpr double kTolerance = 1e-7;

using Matrix = std::vector<std::vector<double>>;

// The inverse of a symmetric positive definite matrix (Gauss-Jordan with partial pivoting).
Matrix inverse(Matrix m) {
  const std::size_t n = m.size();
  Matrix inv(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1;
  for (std::size_t col = 0; col < n; ++col) {
    std::size_t pivot = col;
    for (std::size_t r = col + 1; r < n; ++r)
      if (std::abs(m[r][col]) > std::abs(m[pivot][col])) pivot = r;
    std::swap(m[col], m[pivot]);
    std::swap(inv[col], inv[pivot]);
    const double p = m[col][col];
    for (std::size_t k = 0; k < n; ++k) {
      m[col][k] /= p;
      inv[col][k] /= p;
    }
    for (std::size_t r = 0; r < n; ++r) {
      if (r == col || m[r][col] == 0) continue;
      const double f = m[r][col];
      for (std::size_t k = 0; k < n; ++k) {
        m[r][k] -= f * m[col][k];
        inv[r][k] -= f * inv[col][k];
      }
    }
  }
  return inv;
}

// The engines that reach the anchor and are reached from it along "scored some points
// against" edges: the ones whose maximum-likelihood rating relative to the anchor is finite.
std::vector<bool> tied_to_anchor(int engines, const std::vector<PairScore>& pairs, int anchor) {
  const auto n = static_cast<std::size_t>(engines);
  Matrix scored(n, std::vector<double>(n, 0.0));  // scored[i][j] > 0: i took points from j
  for (const auto& p : pairs) {
    scored[static_cast<std::size_t>(p.a)][static_cast<std::size_t>(p.b)] += p.points;
    scored[static_cast<std::size_t>(p.b)][static_cast<std::size_t>(p.a)] += p.games - p.points;
  }
  const auto reach = [&](bool forward) {
    std::vector<bool> seen(n, false);
    std::vector<std::size_t> todo{static_cast<std::size_t>(anchor)};
    seen[todo.front()] = true;
    while (!todo.empty()) {
      const std::size_t i = todo.back();
      todo.pop_back();
      for (std::size_t j = 0; j < n; ++j)
        if (!seen[j] && (forward ? scored[i][j] : scored[j][i]) > 0) {
          seen[j] = true;
          todo.push_back(j);
        }
    }
    return seen;
  };
  const auto down = reach(true);  // engines the anchor took points from, and so on
  const auto up = reach(false);   // engines that took points from the anchor, and so on
  std::vector<bool> tied(n);
  for (std::size_t i = 0; i < n; ++i) tied[i] = down[i] && up[i];
  return tied;
}

}  // namespace

std::vector<FittedRating> fit_ratings(int engines, const std::vector<PairScore>& pairs,
                                      int anchor) {
  std::vector<FittedRating> out(static_cast<std::size_t>(engines));
  if (anchor < 0 || anchor >= engines) return out;
  const auto tied = tied_to_anchor(engines, pairs, anchor);
  // The free parameters: the tied engines other than the anchor.
  std::vector<int> slot(static_cast<std::size_t>(engines), -1);
  std::vector<int> free;
  for (int e = 0; e < engines; ++e)
    if (tied[static_cast<std::size_t>(e)] && e != anchor) {
      slot[static_cast<std::size_t>(e)] = static_cast<int>(free.size());
      free.push_back(e);
    }
  out[static_cast<std::size_t>(anchor)].rating = 0.0;
  if (free.empty()) return out;
  const std::size_t m = free.size();
  std::vector<double> rating(static_cast<std::size_t>(engines), 0.0);
  Matrix info;  // the negative Hessian over the free ratings
  // Visits the pairs inside the fit: (slot or -1 for each side, the pair).
  const auto each_pair = [&](const std::function<void(int, int, const PairScore&)>& f) {
    for (const auto& p : pairs)
      if (tied[static_cast<std::size_t>(p.a)] && tied[static_cast<std::size_t>(p.b)] && p.games > 0)
        f(slot[static_cast<std::size_t>(p.a)], slot[static_cast<std::size_t>(p.b)], p);
  };
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    std::vector<double> gradient(m, 0.0);
    info.assign(m, std::vector<double>(m, 0.0));
    each_pair([&](int i, int j, const PairScore& p) {
      const double d =
          rating[static_cast<std::size_t>(p.a)] - rating[static_cast<std::size_t>(p.b)];
      const double expected = 1 / (1 + std::exp(-kScale * d));
      const double g = kScale * (p.points - p.games * expected);
      const double h = kScale * kScale * p.games * expected * (1 - expected);
      if (i >= 0) gradient[static_cast<std::size_t>(i)] += g;
      if (j >= 0) gradient[static_cast<std::size_t>(j)] -= g;
      if (i >= 0) info[static_cast<std::size_t>(i)][static_cast<std::size_t>(i)] += h;
      if (j >= 0) info[static_cast<std::size_t>(j)][static_cast<std::size_t>(j)] += h;
      if (i >= 0 && j >= 0) {
        info[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] -= h;
        info[static_cast<std::size_t>(j)][static_cast<std::size_t>(i)] -= h;
      }
    });
    const Matrix inv = inverse(info);
    double largest = 0;
    for (std::size_t r = 0; r < m; ++r) {
      double step = 0;
      for (std::size_t k = 0; k < m; ++k) step += inv[r][k] * gradient[k];
      step = std::clamp(step, -kMaxStep, kMaxStep);
      rating[static_cast<std::size_t>(free[r])] += step;
      largest = std::max(largest, std::abs(step));
    }
    if (largest < kTolerance) break;
  }
  const Matrix covariance = inverse(info);
  for (std::size_t r = 0; r < m; ++r) {
    auto& f = out[static_cast<std::size_t>(free[r])];
    f.rating = rating[static_cast<std::size_t>(free[r])];
    f.error_95 = kZ95 * std::sqrt(covariance[r][r]);
  }
  return out;
}

}  // namespace triad::tournament
