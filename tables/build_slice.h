// The retrograde builder of one material slice of the Íves dáma endgame tables
// (docs/tables.md, "How a slice is built"); the slices themselves are adapters/tables/slice.h.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "adapters/tables/slice.h"

namespace triad::tables {

// Builds the values of slice `m`; every smaller slice its captures reach must be in `known`.
// `progress(note)` is called from the calling thread after each pass ("pass 12"); when
// `stop()` is true after a pass, the build is given up and nothing is returned (an empty
// vector: triad-tables -mpi's worker ranks, stopped by rank 0).
std::vector<std::int16_t> build_slice(const SliceSet& known, Material m, int threads,
                                      const std::function<void(const std::string&)>& progress = {},
                                      const std::function<bool()>& stop = {});

}  // namespace triad::tables
