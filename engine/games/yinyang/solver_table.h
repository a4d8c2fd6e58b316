// The fast Yin Yang solver's transposition table: bounds on the final margin per position,
// shared by all solver threads without locks. Each slot is two 64-bit words, the data and
// key ^ data, so a slot torn by two threads writing at once simply fails the key check.
// Slots come in buckets of four (one cache line); a new position replaces the bucket's
// entry with the fewest empty squares (the cheapest to recompute). Solved values depend on
// the position only, so entries stay valid across solves until clear().
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace triad::games::yinyang {

class SolverTable {
 public:
  struct Entry {
    int lower = -64;  // the final margin (side to move) is at least this
    int upper = 64;   // and at most this
    int best = -1;    // index of the best move found (generate() order), -1 = none
  };

  // A table of at most `bytes` bytes (whole buckets of 64 bytes, at least one).
  explicit SolverTable(std::size_t bytes = std::size_t{16} << 20);

  // Reallocates (and clears) the table to at most `bytes` bytes (any number of buckets).
  void resize(std::size_t bytes);
  void clear();
  std::size_t bytes() const { return buckets_ * sizeof(Bucket); }

  bool probe(std::uint64_t key, Entry& out) const;
  // Starts loading the bucket of `key` into the cache (a probe that follows soon is cheaper).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&table_[index(key)]); }
  // Narrows the stored bounds of `key` (or makes a new entry) with lower/upper.
  void store(std::uint64_t key, int empties, int lower, int upper, int best);

  // Entries in use per thousand, sampled over the first buckets (for `hashfull`).
  int permille_used() const;

 private:
  struct Slot {
    std::atomic<std::uint64_t> check{0};  // key ^ data
    std::atomic<std::uint64_t> data{0};   // packed Entry and empties; 0 = empty slot
  };
  struct alignas(64) Bucket {
    Slot slots[4];
  };

  static std::uint64_t pack(int empties, int lower, int upper, int best);
  static Entry unpack(std::uint64_t data);
  static int empties_of(std::uint64_t data) { return static_cast<int>(data & 0xFF); }
  // The bucket of `key`: the high bits of (key's top 32 bits) * buckets, so any bucket
  // count (below 2^32) works.
  std::size_t index(std::uint64_t key) const {
    return static_cast<std::size_t>(((key >> 32) * buckets_) >> 32);
  }

  std::unique_ptr<Bucket[]> table_;
  std::size_t buckets_ = 0;
};

}  // namespace triad::games::yinyang
