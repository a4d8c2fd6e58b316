// triad-datagen's data files read from disk (the format is learn/data_file.h's): the C++
// reader of the tests, and of the trainer's check of its own reader (`import triad`).
#pragma once

#include <cstdint>
#include <filesystem>

#include "engine/core/result.h"
#include "learn/data_file.h"

namespace triad::adapters::nnue {

// The reader loads a whole file: at most this much (the trainer maps larger files).
inline constexpr std::uintmax_t kMaxDataReadBytes = std::uintmax_t{1} << 30;

// The header and the complete records of the data file `file`: refuses anything but a regular
// file of at most kMaxDataReadBytes, and whatever learn::decode_data_file refuses.
Result<learn::DataFile> read_data_file(const std::filesystem::path& file);

}  // namespace triad::adapters::nnue
