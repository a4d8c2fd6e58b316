// Reading a data file (see data_file.h).
#include "adapters/nnue/data_file.h"

#include <string>

#include "adapters/common/file_io.h"

namespace triad::adapters::nnue {

Result<learn::DataFile> read_data_file(const std::filesystem::path& file) {
  auto bytes = read_regular_file(file, "data file", kMaxDataReadBytes);
  if (!bytes) return bytes.error();
  return learn::decode_data_file(*bytes, "data file '" + file.string() + "'");
}

}  // namespace triad::adapters::nnue
