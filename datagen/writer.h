// Writing a data file (format.h) so that a run killed at any moment resumes with nothing
// duplicated and nothing lost: each finished game's records are one append, and the header's
// counts (the games and records that are complete) are rewritten in place only after the
// data they count is on disk (fdatasync), at most once a second and at the end. Opening an
// existing file resumes it: the settings must be the file's, the bytes after its last
// counted record (a cut tail, or games not yet counted) are removed, and its games are not
// played again. One writer per file at a time (an advisory lock).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string_view>

#include "datagen/format.h"
#include "engine/core/result.h"

namespace triad::datagen {

class DataWriter {
 public:
  // A new file (missing or empty) gets `wanted`'s header with no games; an existing one
  // must have been made with the same settings (settings_difference) and is resumed.
  static Result<DataWriter> open(const std::filesystem::path& file, const Header& wanted);
  DataWriter(DataWriter&& other) noexcept;
  DataWriter& operator=(DataWriter&&) = delete;
  DataWriter(const DataWriter&) = delete;
  ~DataWriter();

  // The complete games and records (an earlier run's, then this one's).
  std::uint64_t games() const { return header_.games; }
  std::uint64_t records() const { return header_.records; }
  // Appends game games() (the next one): its encoded records, `count` of them.
  Result<void> append_game(std::string_view records, std::uint64_t count);
  // Makes every appended game count (data synced, header rewritten).
  Result<void> flush();

 private:
  DataWriter(int fd, std::filesystem::path file, Header header);
  Result<void> write_header();

  int fd_ = -1;
  std::filesystem::path file_;
  Header header_;  // the counts of what is appended (counted on disk at the last flush)
  std::chrono::steady_clock::time_point last_flush_ = std::chrono::steady_clock::now();
};

}  // namespace triad::datagen
