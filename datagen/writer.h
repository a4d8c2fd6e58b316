// Writing a data file (format.h) so that a run killed at any moment resumes with nothing
// duplicated and nothing lost: each finished game's records are one append, and the header's
// counts (the games and records that are complete) are rewritten in place only after the
// data they count is on disk (fdatasync), at most once a second and at the end. Opening an
// existing file resumes it: the settings must be the file's, the bytes after its last
// counted record (a cut tail, or games not yet counted) are removed, and its games are not
// played again. Nothing is written before the first game is appended: a run refused before
// it (its settings, its game slots) leaves the output as it was, and a new file is created
// only then. Links are followed, as for every output of Triad's programs. One writer per
// file at a time (an advisory lock).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string_view>

#include "engine/core/result.h"
#include "learn/data_file.h"

namespace triad::datagen {

class DataWriter {
 public:
  // Checks the output and reads what it holds, writing nothing. A new file (missing, or
  // empty) must be creatable and gets `wanted`'s header with no games; an existing one must
  // have been made with the same settings (learn::settings_difference), hold every record its
  // header counts (learn::complete_bytes), and is resumed.
  static Result<DataWriter> open(const std::filesystem::path& file, const learn::Header& wanted);
  DataWriter(DataWriter&& other) noexcept;
  DataWriter& operator=(DataWriter&&) = delete;
  DataWriter(const DataWriter&) = delete;
  ~DataWriter();

  // The complete games and records (an earlier run's, then this one's).
  std::uint64_t games() const { return header_.games; }
  std::uint64_t records() const { return header_.records; }
  // Appends game games() (the next one): its encoded records, `count` of them. The first
  // one creates a new file (its header) or removes a resumed file's tail.
  Result<void> append_game(std::string_view records, std::uint64_t count);
  // Makes every appended game count (data synced, header rewritten); nothing to do before
  // the first game.
  Result<void> flush();

 private:
  DataWriter(int fd, std::filesystem::path file, learn::Header header, std::uint64_t size,
             std::uint64_t complete);
  // Where the writing starts (see append_game).
  Result<void> start();
  Result<void> write_header();

  int fd_ = -1;  // -1: a new file, not created yet
  std::filesystem::path file_;
  learn::Header header_;    // the counts of what is appended (counted on disk at the last flush)
  std::uint64_t size_;      // the file's bytes when opened (0: a new file)
  std::uint64_t complete_;  // of them, the header and the records it counts
  bool started_ = false;
  std::chrono::steady_clock::time_point last_flush_ = std::chrono::steady_clock::now();
};

}  // namespace triad::datagen
