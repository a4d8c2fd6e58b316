// The solver's lock-free bound table (see solver_table.h).
#include "engine/games/yinyang/solver_table.h"

#include <algorithm>

namespace triad::games::yinyang {

namespace {
constexpr int kOffset = 64;  // margins are stored as unsigned bytes, shifted by this
}

SolverTable::SolverTable(std::size_t bytes) {
  resize(bytes);
}

void SolverTable::resize(std::size_t bytes) {
  buckets_ = std::max<std::size_t>(bytes / sizeof(Bucket), 1);
  table_ = std::make_unique<Bucket[]>(buckets_);
}

void SolverTable::clear() {
  for (std::size_t i = 0; i < buckets_; ++i)
    for (Slot& s : table_[i].slots) {
      s.check.store(0, std::memory_order_relaxed);
      s.data.store(0, std::memory_order_relaxed);
    }
}

std::uint64_t SolverTable::pack(int empties, int lower, int upper, int best) {
  return static_cast<std::uint64_t>(empties) | static_cast<std::uint64_t>(lower + kOffset) << 8 |
         static_cast<std::uint64_t>(upper + kOffset) << 16 |
         static_cast<std::uint64_t>(best + 1) << 24 | std::uint64_t{1} << 32;  // never 0
}

SolverTable::Entry SolverTable::unpack(std::uint64_t data) {
  return {static_cast<int>((data >> 8) & 0xFF) - kOffset,
          static_cast<int>((data >> 16) & 0xFF) - kOffset,
          static_cast<int>((data >> 24) & 0xFF) - 1};
}

bool SolverTable::probe(std::uint64_t key, Entry& out) const {
  const Bucket& b = table_[index(key)];
  for (const Slot& s : b.slots) {
    const std::uint64_t data = s.data.load(std::memory_order_relaxed);
    if ((s.check.load(std::memory_order_relaxed) ^ data) == key && data != 0) {
      out = unpack(data);
      return true;
    }
  }
  return false;
}

void SolverTable::store(std::uint64_t key, int empties, int lower, int upper, int best) {
  Bucket& b = table_[index(key)];
  Slot* victim = &b.slots[0];
  int victim_empties = 256;
  for (Slot& s : b.slots) {
    const std::uint64_t data = s.data.load(std::memory_order_relaxed);
    if (data != 0 && (s.check.load(std::memory_order_relaxed) ^ data) == key) {
      // Same position: keep the tighter of the old and new bounds (both are true).
      const Entry old = unpack(data);
      const int lo = std::max(old.lower, lower), hi = std::min(old.upper, upper);
      if (lo <= hi) {
        lower = lo;
        upper = hi;
        if (best < 0) best = old.best;
      }
      victim = &s;
      break;
    }
    const int e = data == 0 ? -1 : empties_of(data);
    if (e < victim_empties) {
      victim = &s;
      victim_empties = e;
    }
  }
  const std::uint64_t data = pack(empties, lower, upper, best);
  victim->data.store(data, std::memory_order_relaxed);
  victim->check.store(key ^ data, std::memory_order_relaxed);
}

int SolverTable::permille_used() const {
  const std::size_t n = std::min<std::size_t>(buckets_, 250);
  int used = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (const Slot& s : table_[i].slots) used += s.data.load(std::memory_order_relaxed) != 0;
  return static_cast<int>(used * 1000 / (n * 4));
}

}  // namespace triad::games::yinyang
