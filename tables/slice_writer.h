// A slice file written from its values piece by piece (triad-tables -memory, docs/tables.md
// "Building under a memory limit"): each piece's blocks are deflated as it comes and appended
// to two spill files (win/draw/loss, distances), and finish() writes the file from them —
// the bytes encode_slice() makes from every value at once — through a temporary file renamed
// over the target, so a slice file is whole or absent.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <vector>

#include "adapters/tables/table_file.h"
#include "engine/core/result.h"

namespace triad::tables {

class SliceWriter {
 public:
  // The spill files and the temporary file go into the folder `spill` (which must exist, on
  // the target's filesystem). `longest`: the largest
  // distance of any value of the slice (SliceBuild::longest).
  SliceWriter(const iv::Game& game, Material m, int longest, int threads,
              std::filesystem::path spill);
  ~SliceWriter();
  SliceWriter(const SliceWriter&) = delete;
  SliceWriter& operator=(const SliceWriter&) = delete;

  // The next piece's values. Error: a spill file cannot be written.
  Result<void> add(const std::vector<std::int16_t>& values);
  // Writes the file once every piece is in. Error: it or a spill file cannot be written or read.
  Result<void> finish(const std::filesystem::path& target);

 private:
  struct Part {
    std::filesystem::path spill;
    std::vector<std::uint64_t> sizes;  // of each deflated block
  };
  SliceEncoder encoder_;
  Part wdl_, dtm_;
};

}  // namespace triad::tables
