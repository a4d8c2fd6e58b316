// The transposition table shared by all search threads: a lock-free hash table of clusters
// of entries. Each entry is two atomic words, the key stored XOR-ed with the data so that a
// torn write (two threads storing at once) reads back as a miss instead of garbage.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/search/search_types.h"

namespace triad::engine {

// What a probe returns. `move_index` is the position of the best move in the node's move
// list as generate() produced it (kNoMove if none): game-independent and always in range
// after a bounds check, even on a key collision.
struct TTData {
  int score = 0;
  int depth = 0;
  Bound bound = Bound::kExact;
  int move_index = -1;
};

// The machine's physical memory in bytes (0 if unknown): the Hash option never takes more
// than half of it.
std::size_t physical_memory_bytes();

class TranspositionTable {
 public:
  static constexpr int kNoMove = -1;

  TranspositionTable();
  ~TranspositionTable();
  TranspositionTable(const TranspositionTable&) = delete;
  TranspositionTable& operator=(const TranspositionTable&) = delete;

  // Reallocates (and clears) the table to at most `bytes` (at least one cluster). Throws
  // std::bad_alloc when the memory is not there; the table is then empty (one cluster).
  void resize(std::size_t bytes);
  std::size_t bytes() const { return count_ * sizeof(Cluster); }
  void clear();
  void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 0x3F); }
  int hashfull() const;  // permille of sampled entries written in the current search

  bool probe(std::uint64_t key, TTData& out) const;
  void store(std::uint64_t key, int score, int depth, Bound bound, int move_index);

  // Starts fetching the cluster of `key` into the cache (a hint, no effect on results).
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&clusters_[index(key)]); }

 private:
  static constexpr int kClusterSize = 4;
  struct Entry {
    std::atomic<std::uint64_t> check{0};  // key ^ data
    std::atomic<std::uint64_t> data{0};
  };
  struct alignas(64) Cluster {
    Entry entries[kClusterSize];
  };

  std::size_t index(std::uint64_t key) const {
    // Multiply-shift maps the key uniformly onto [0, count_) without a division.
    __extension__ using Wide = unsigned __int128;
    return static_cast<std::size_t>((static_cast<Wide>(key) * count_) >> 64);
  }

  std::unique_ptr<Cluster[]> clusters_;
  std::size_t count_ = 0;
  std::uint8_t generation_ = 0;
};

}  // namespace triad::engine
