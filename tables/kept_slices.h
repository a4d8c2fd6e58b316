// Under triad-tables -memory, the values of finished slices kept in memory while the limit
// allows (docs/tables.md "Building under a memory limit"): a capture's child in a kept slice
// is read from an array, as the build without -memory reads it; a child in a slice that is
// not kept is probed in its file. Before each slice is built, the kept slices no later slice
// needs are freed, then, while the kept values and the new slice's state would exceed the
// limit, the largest kept slices, those the new slice does not reach first. A slice kept from
// an earlier run is decoded from its file when every slice it reaches is kept.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "adapters/tables/table_set.h"
#include "engine/games/ivesdama/build_slice.h"

namespace triad::tables {

class KeptSlices {
 public:
  // `memory`: the -memory limit in bytes; `max_stones`: the build's stone limit.
  KeptSlices(const iv::Game& game, std::uint64_t memory, int max_stones);

  // The bytes the build of slice m holds, besides the kept values: its state, 3 bytes an
  // entry, in one piece (the writer then holds less: the values, 2 bytes an entry, and the
  // deflated blocks); in pieces, the whole limit (a piece, the queues, the writer).
  std::uint64_t build_bytes(Material m) const;
  // Before slice m is built: frees what m and the slices after it do not need, and what does
  // not fit beside build_bytes(m).
  void make_room(Material m);
  // After slice m is built in one piece: keeps its values (moved from `values`) when a later
  // slice's capture reaches it and they fit beside the values kept.
  void offer(Material m, std::vector<std::int16_t>& values);
  // A slice kept from an earlier run: its values decoded from `file` and kept as offer() keeps
  // them, when every slice it reaches is kept (they resolve its don't-care entries). Error: a
  // block of the file cannot be read.
  Result<void> offer_file(const SliceFile& file, int threads);
  bool has(Material m) const { return set_.has(m); }
  std::uint64_t bytes() const { return bytes_; }

  // A capture's child: from a kept slice, else probed in `files` (which must hold every smaller
  // slice; nullptr when there is none); `unreadable` is set when a block of a file cannot be
  // read (the file changed during the build).
  iv::ChildCode child(const TableSet* files, std::atomic<bool>& unreadable) const;

 private:
  // Whether a slice after m in build order (or m itself) has a capture into slice x.
  bool needed_from(Material m, Material x) const;
  void free(Material x);
  const iv::Game* game_;
  std::uint64_t memory_;
  int max_stones_;
  SliceSet set_;
  std::vector<Material> kept_;
  std::uint64_t bytes_ = 0;
};

}  // namespace triad::tables
