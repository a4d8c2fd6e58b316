// Transposition table: packing of an entry into one 64-bit word, probe, replacement policy.
#include "engine/search/tt.h"

#include <unistd.h>

#include <algorithm>

namespace triad::engine {

namespace {

// Data word layout: score 16 | depth 8 | bound 2 | generation 6 | move index + 1 16 | unused 16.
// Bit 63 is always set in a written entry so an empty slot (data 0) is never a hit.
constexpr std::uint64_t kWritten = std::uint64_t{1} << 63;
constexpr int kEmptyWorth = -(1 << 20);

std::uint64_t pack(int score, int depth, Bound bound, std::uint8_t gen, int move_index) {
  return static_cast<std::uint64_t>(static_cast<std::uint16_t>(static_cast<std::int16_t>(score))) |
         static_cast<std::uint64_t>(static_cast<std::uint8_t>(std::clamp(depth, 0, 255))) << 16 |
         static_cast<std::uint64_t>(static_cast<std::uint8_t>(bound)) << 24 |
         static_cast<std::uint64_t>(gen & 0x3F) << 26 |
         static_cast<std::uint64_t>(static_cast<std::uint16_t>(move_index + 1)) << 32 | kWritten;
}

int packed_score(std::uint64_t d) {
  return static_cast<std::int16_t>(d & 0xFFFF);
}
int packed_depth(std::uint64_t d) {
  return static_cast<int>((d >> 16) & 0xFF);
}
Bound packed_bound(std::uint64_t d) {
  return static_cast<Bound>((d >> 24) & 0x3);
}
std::uint8_t packed_generation(std::uint64_t d) {
  return static_cast<std::uint8_t>((d >> 26) & 0x3F);
}
int packed_move(std::uint64_t d) {
  return static_cast<int>((d >> 32) & 0xFFFF) - 1;
}

}  // namespace

std::size_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(page_size);
}

TranspositionTable::TranspositionTable() {
  resize(0);
}
TranspositionTable::~TranspositionTable() = default;

void TranspositionTable::resize(std::size_t bytes) {
  // Free the old table first: the old and the new one together may not fit.
  clusters_ = std::make_unique<Cluster[]>(1);
  count_ = 1;
  generation_ = 0;
  const std::size_t count = std::max<std::size_t>(bytes / sizeof(Cluster), 1);
  clusters_ = std::make_unique<Cluster[]>(count);  // value-initialised: all entries empty
  count_ = count;
}

void TranspositionTable::clear() {
  for (std::size_t i = 0; i < count_; ++i)
    for (auto& e : clusters_[i].entries) {
      e.check.store(0, std::memory_order_relaxed);
      e.data.store(0, std::memory_order_relaxed);
    }
  generation_ = 0;
}

int TranspositionTable::hashfull() const {
  const std::size_t sample = std::min<std::size_t>(count_, 250);
  int used = 0;
  for (std::size_t i = 0; i < sample; ++i)
    for (const auto& e : clusters_[i].entries) {
      const std::uint64_t d = e.data.load(std::memory_order_relaxed);
      if ((d & kWritten) && packed_generation(d) == generation_) ++used;
    }
  return static_cast<int>(used * 1000 / static_cast<int>(sample * kClusterSize));
}

bool TranspositionTable::probe(std::uint64_t key, TTData& out) const {
  const Cluster& c = clusters_[index(key)];
  for (const auto& e : c.entries) {
    const std::uint64_t d = e.data.load(std::memory_order_relaxed);
    if (!(d & kWritten) || (e.check.load(std::memory_order_relaxed) ^ d) != key) continue;
    out.score = packed_score(d);
    out.depth = packed_depth(d);
    out.bound = packed_bound(d);
    out.move_index = packed_move(d);
    return true;
  }
  return false;
}

void TranspositionTable::store(std::uint64_t key, int score, int depth, Bound bound,
                               int move_index) {
  Cluster& c = clusters_[index(key)];
  Entry* victim = nullptr;
  int victim_worth = 1 << 30;
  for (auto& e : c.entries) {
    const std::uint64_t d = e.data.load(std::memory_order_relaxed);
    if (!(d & kWritten)) {
      // An empty slot is the best victim unless the key turns up later in the cluster.
      if (victim_worth > kEmptyWorth) victim = &e, victim_worth = kEmptyWorth;
      continue;
    }
    if ((e.check.load(std::memory_order_relaxed) ^ d) == key) {
      // Same position: keep the old best move if the new result has none, and keep a
      // deeper exact result from this search over a shallow bound.
      if (move_index == kNoMove) move_index = packed_move(d);
      if (bound != Bound::kExact && packed_generation(d) == generation_ &&
          packed_depth(d) > depth + 2)
        return;
      victim = &e;
      break;
    }
    // Older searches' entries are worth less: 8 plies per generation of age.
    const int age = (generation_ - packed_generation(d)) & 0x3F;
    const int worth = packed_depth(d) - 8 * age;
    if (worth < victim_worth) victim = &e, victim_worth = worth;
  }
  const std::uint64_t d = pack(score, depth, bound, generation_, move_index);
  victim->data.store(d, std::memory_order_relaxed);
  victim->check.store(key ^ d, std::memory_order_relaxed);
}

}  // namespace triad::engine
