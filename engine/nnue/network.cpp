// Integer inference of a learned evaluation (see network.h). Plain loops over int16 rows that
// the compiler vectorises; TRIAD_SIMD_CLONES makes an AVX2 and a base copy of each on x86-64
// (GCC and Clang function multi-versioning: the loader picks one for the CPU).
#include "engine/nnue/network.h"

#include <algorithm>
#include <limits>

// Not under the sanitizers: their run-time set-up and a load-time resolver do not mix
// everywhere, and the base copy computes the same bits.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TRIAD_NO_SIMD_CLONES
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define TRIAD_NO_SIMD_CLONES
#endif
#if defined(__x86_64__) && defined(__GNUC__) && !defined(TRIAD_NO_SIMD_CLONES)
#define TRIAD_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define TRIAD_SIMD_CLONES
#endif

namespace triad::engine::nnue {

namespace {

const std::int16_t* row(const Network& net, int input) {
  return net.w1.data() + static_cast<std::size_t>(input) * static_cast<std::size_t>(net.hidden);
}

// The dot product of one view's clamped sums with its half of w2 (exact in int32: at most
// kMaxHidden * kQA * kMaxOutputWeight).
TRIAD_SIMD_CLONES
std::int32_t clamped_dot(const std::int16_t* sum, const std::int16_t* w, int n) {
  std::int32_t s = 0;
  for (int i = 0; i < n; ++i) {
    const std::int32_t a = std::clamp<std::int32_t>(sum[i], 0, kQA);
    s += a * w[i];
  }
  return s;
}

// child[i] += sign * row[i]; `__restrict`: the sums never overlap the weights, so the loop
// vectorises without overlap checks.
template <int kSign>
inline void add_row(std::int16_t* __restrict child, const std::int16_t* __restrict r, int n) {
  for (int i = 0; i < n; ++i) child[i] = static_cast<std::int16_t>(child[i] + kSign * r[i]);
}

}  // namespace

TRIAD_SIMD_CLONES
void refresh(const Network& net, std::span<const int> on_inputs, std::int16_t* sum) {
  std::copy(net.b1.begin(), net.b1.end(), sum);
  for (const int input : on_inputs) add_row<1>(sum, row(net, input), net.hidden);
}

// child = parent - the off rows + the on rows in one pass over the sums, 64 at a time held in
// registers (GCC/Clang vector types: 4 AVX2 or 8 SSE2 registers), instead of a copy and then
// a pass per row. int16 lanes wrap the same in any order, so the bits are those of one row
// after the other.
TRIAD_SIMD_CLONES
void update(const Network& net, const std::int16_t* parent, std::int16_t* child,
            std::span<const int> off, std::span<const int> on) {
  // 16 sums; aligned(2): loads and stores at any int16 address.
  using Lanes = std::int16_t __attribute__((vector_size(32), aligned(2)));
  constexpr int kWide = 4;  // Lanes in one block
  constexpr int kBlock = kWide * 16;
  const int n = net.hidden;
  int i = 0;
  for (; i + kBlock <= n; i += kBlock) {
    const auto* from = reinterpret_cast<const Lanes*>(parent + i);
    Lanes acc[kWide];
    for (int k = 0; k < kWide; ++k) acc[k] = from[k];
    for (const int input : off) {
      const auto* r = reinterpret_cast<const Lanes*>(row(net, input) + i);
      for (int k = 0; k < kWide; ++k) acc[k] -= r[k];
    }
    for (const int input : on) {
      const auto* r = reinterpret_cast<const Lanes*>(row(net, input) + i);
      for (int k = 0; k < kWide; ++k) acc[k] += r[k];
    }
    auto* to = reinterpret_cast<Lanes*>(child + i);
    for (int k = 0; k < kWide; ++k) to[k] = acc[k];
  }
  if (i == n) return;
  if (child != parent) std::copy(parent + i, parent + n, child + i);  // widths not of 64
  for (const int input : off) add_row<-1>(child + i, row(net, input) + i, n - i);
  for (const int input : on) add_row<1>(child + i, row(net, input) + i, n - i);
}

// The largest score of a net within the loader's ranges fits an int (no narrowing below).
static_assert((std::int64_t{kMaxOutputBias} +
               2 * std::int64_t{kMaxHidden} * kQA * kMaxOutputWeight) *
                  kMaxScale / (kQA * kQB) <=
              std::numeric_limits<int>::max());

int evaluate(const Network& net, const std::int16_t* side_to_move, const std::int16_t* opponent) {
  const std::int64_t out = std::int64_t{net.b2} +
                           clamped_dot(side_to_move, net.w2.data(), net.hidden) +
                           clamped_dot(opponent, net.w2.data() + net.hidden, net.hidden);
  const std::int64_t scaled = out * net.scale;
  return static_cast<int>(scaled / (kQA * kQB));  // C++ division rounds toward zero
}

}  // namespace triad::engine::nnue
