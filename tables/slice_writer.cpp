// A slice file written piece by piece (slice_writer.h).
#include "tables/slice_writer.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>

namespace triad::tables {

namespace {

Error file_error(const std::filesystem::path& p, const char* what) {
  return make_error(p.string() + ": cannot " + what + " it (" + std::strerror(errno) + ")");
}

}  // namespace

SliceWriter::SliceWriter(const iv::Game& game, Material m, int longest, int threads,
                         std::filesystem::path spill)
    : encoder_(game, m, longest, threads), wdl_{spill / "wdl", {}}, dtm_{spill / "dtm", {}} {
  std::error_code ec;
  for (const Part* part : {&wdl_, &dtm_}) std::filesystem::remove(part->spill, ec);
}

SliceWriter::~SliceWriter() {
  std::error_code ec;
  for (const Part* part : {&wdl_, &dtm_}) std::filesystem::remove(part->spill, ec);
}

Result<void> SliceWriter::add(const std::vector<std::int16_t>& values) {
  SliceEncoder::Blocks blocks;
  encoder_.add(values.data(), values.size(), blocks);
  for (auto [part, deflated] : {std::pair{&wdl_, &blocks.wdl}, std::pair{&dtm_, &blocks.dtm}}) {
    std::ofstream out(part->spill, std::ios::binary | std::ios::app);
    for (const std::string& b : *deflated) {
      out.write(b.data(), static_cast<std::streamsize>(b.size()));
      part->sizes.push_back(b.size());
    }
    if (!out.flush()) return file_error(part->spill, "write");
  }
  return {};
}

Result<void> SliceWriter::finish(const std::filesystem::path& target) {
  // Beside the spill files (the same filesystem as the target's folder, which holds the
  // work folder): a build killed while writing leaves it where the next run clears it.
  const std::filesystem::path temporary = wdl_.spill.parent_path() / "file.part";
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return file_error(temporary, "write");
  bool ok = true;
  const auto write_at = [&](std::string_view bytes, std::uint64_t offset) {
    for (std::size_t done = 0; ok && done < bytes.size();) {
      const ssize_t n =
          ::pwrite(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
      if (n < 0 && errno == EINTR) continue;
      ok = n > 0;
      if (ok) done += static_cast<std::size_t>(n);
    }
  };
  // Everything after the header, with its checksum.
  std::uint64_t at = kHeaderBytes;
  std::uint32_t sum = crc_update(0, {});
  const auto append = [&](std::string_view bytes) {
    write_at(bytes, at);
    at += bytes.size();
    sum = crc_update(sum, bytes);
  };
  std::uint64_t part_at[2] = {0, 0};
  int p = 0;
  for (const Part* part : {&wdl_, &dtm_}) {
    part_at[p++] = at;
    append(block_index(at, part->sizes));
    std::ifstream in(part->spill, std::ios::binary);
    std::string chunk(1 << 20, '\0');
    while (ok && in) {
      in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
      append(std::string_view(chunk.data(), static_cast<std::size_t>(in.gcount())));
    }
    if (!in.eof()) return ::close(fd), file_error(part->spill, "read");
  }
  write_at(encoder_.header(part_at[0], part_at[1], at, sum), 0);
  ok = ok && ::fsync(fd) == 0;
  if (::close(fd) != 0 || !ok) return file_error(temporary, "write");
  std::error_code ec;
  std::filesystem::rename(temporary, target, ec);
  if (ec) return make_error(target.string() + ": cannot write it (" + ec.message() + ")");
  return {};
}

}  // namespace triad::tables
