// engine/nnue/network.h on random networks: sums kept up to date input by input equal the
// sums made from scratch, and the score is the documented integer formula (rounded toward
// zero, negative scores included).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include "engine/nnue/network.h"

namespace triad::engine::nnue {
namespace {

Network random_network(int inputs, int hidden, std::mt19937& rng) {
  std::uniform_int_distribution<int> w(-510, 510), out(-127, 127);
  Network net;
  net.inputs = inputs;
  net.hidden = hidden;
  net.scale = 150;
  for (int i = 0; i < inputs * hidden; ++i) net.w1.push_back(static_cast<std::int16_t>(w(rng)));
  for (int i = 0; i < hidden; ++i) net.b1.push_back(static_cast<std::int16_t>(w(rng)));
  for (int i = 0; i < 2 * hidden; ++i) net.w2.push_back(static_cast<std::int16_t>(out(rng)));
  net.b2 = w(rng) * kQA;
  return net;
}

bool same_sums(const Network& net, const Accumulator& a, const Accumulator& b) {
  return std::equal(a.sum.begin(), a.sum.begin() + net.hidden, b.sum.begin());
}

TEST(Network, InputsAddedAndRemovedGiveTheSumsOfARefresh) {
  std::mt19937 rng(7);
  const Network net = random_network(336, 64, rng);
  std::vector<int> on = {3, 60, 117, 200, 301};
  Accumulator kept, fresh;
  refresh(net, on, kept);
  for (int step = 0; step < 200; ++step) {
    // A move: one input off, another on (a man moving), sometimes one more off (a capture).
    const auto victim = std::uniform_int_distribution<std::size_t>(0, on.size() - 1)(rng);
    remove_input(net, on[victim], kept);
    on.erase(on.begin() + static_cast<long>(victim));
    int added;
    do added = std::uniform_int_distribution<int>(0, net.inputs - 1)(rng);
    while (std::find(on.begin(), on.end(), added) != on.end());
    add_input(net, added, kept);
    on.push_back(added);
    refresh(net, on, fresh);
    ASSERT_TRUE(same_sums(net, kept, fresh)) << "step " << step;
    EXPECT_EQ(evaluate(net, kept, fresh), evaluate(net, fresh, fresh));
  }
}

TEST(Network, TheScoreIsTheClampedSumScaledAndRoundedTowardZero) {
  std::mt19937 rng(11);
  const Network net = random_network(20, 8, rng);
  int negative = 0;
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<int> mover, other;
    for (int i = 0; i < net.inputs; ++i) {
      if (rng() % 4 == 0) mover.push_back(i);
      if (rng() % 4 == 0) other.push_back(i);
    }
    Accumulator a, b;
    refresh(net, mover, a);
    refresh(net, other, b);
    std::int64_t out = net.b2;
    for (int i = 0; i < net.hidden; ++i) {
      out += std::int64_t{std::clamp<int>(a.sum[i], 0, kQA)} * net.w2[i];
      out += std::int64_t{std::clamp<int>(b.sum[i], 0, kQA)} * net.w2[net.hidden + i];
    }
    const std::int64_t num = out * net.scale, den = kQA * kQB;
    const std::int64_t toward_zero = num >= 0 ? num / den : -((-num) / den);
    EXPECT_EQ(evaluate(net, a, b), toward_zero);
    negative += toward_zero < 0;
  }
  EXPECT_GT(negative, 0);  // the rounding of negative scores was exercised
}

}  // namespace
}  // namespace triad::engine::nnue
