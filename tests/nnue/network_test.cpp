// engine/nnue/network.h on random networks: sums kept up to date move by move equal the
// sums made from scratch, and the score is the documented integer formula (rounded toward
// zero, negative scores included).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "engine/nnue/network.h"
#include "tests/nnue/random_network.h"

namespace triad::engine::nnue {
namespace {

using Sums = std::vector<std::int16_t>;

TEST(Network, InputsSwitchedByMovesGiveTheSumsOfARefresh) {
  std::mt19937 rng(7);
  const Network net = random_network(336, 64, rng);
  std::vector<int> on = {3, 60, 117, 200, 301};
  Sums kept(64), moved(64), fresh(64);
  refresh(net, on, kept.data());
  for (int step = 0; step < 200; ++step) {
    // A move: one input off, another on (a man moving), sometimes one more off (a capture).
    std::vector<int> off;
    const int removed = step % 5 == 0 && on.size() > 2 ? 2 : 1;
    for (int k = 0; k < removed; ++k) {
      const auto victim = std::uniform_int_distribution<std::size_t>(0, on.size() - 1)(rng);
      off.push_back(on[victim]);
      on.erase(on.begin() + static_cast<long>(victim));
    }
    int added;
    do added = std::uniform_int_distribution<int>(0, net.inputs - 1)(rng);
    while (std::find(on.begin(), on.end(), added) != on.end());
    on.push_back(added);
    const std::vector<int> switched_on = {added};
    // Into another buffer (a child ply) and in place: the same sums.
    update(net, kept.data(), moved.data(), off, switched_on);
    update(net, kept.data(), kept.data(), off, switched_on);
    refresh(net, on, fresh.data());
    ASSERT_EQ(kept, fresh) << "step " << step;
    ASSERT_EQ(moved, fresh) << "step " << step;
    EXPECT_EQ(evaluate(net, kept.data(), fresh.data()), evaluate(net, fresh.data(), fresh.data()));
  }
}

TEST(Network, TheScoreIsTheClampedSumScaledAndRoundedTowardZero) {
  std::mt19937 rng(11);
  // 37 hidden: a width that is no multiple of a vector register (the loops' tails).
  const Network net = random_network(20, 37, rng);
  int negative = 0;
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<int> mover, other;
    for (int i = 0; i < net.inputs; ++i) {
      if (rng() % 4 == 0) mover.push_back(i);
      if (rng() % 4 == 0) other.push_back(i);
    }
    Sums a(37), b(37);
    refresh(net, mover, a.data());
    refresh(net, other, b.data());
    std::int64_t out = net.b2;
    for (int i = 0; i < net.hidden; ++i) {
      out += std::int64_t{std::clamp<int>(a[i], 0, kQA)} * net.w2[i];
      out += std::int64_t{std::clamp<int>(b[i], 0, kQA)} * net.w2[net.hidden + i];
    }
    const std::int64_t num = out * net.scale, den = kQA * kQB;
    const std::int64_t toward_zero = num >= 0 ? num / den : -((-num) / den);
    EXPECT_EQ(evaluate(net, a.data(), b.data()), toward_zero);
    negative += toward_zero < 0;
  }
  EXPECT_GT(negative, 0);  // the rounding of negative scores was exercised
}

}  // namespace
}  // namespace triad::engine::nnue
