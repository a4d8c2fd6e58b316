// Safe access to files named by users (VariantPath, Debug Log File, Íves dáma board files,
// openings): only regular files, never blocking on a FIFO or a device, and bounded in size,
// with one clear error otherwise.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>

#include "engine/core/result.h"

namespace triad::adapters {

// The largest configuration file (variants, boards) Triad reads: 1 MiB.
inline constexpr std::uintmax_t kMaxConfigFileBytes = 1u << 20;

// The whole of a regular file of at most `max_bytes` bytes. `what` names the file's role in
// the error ("variant file"); directories, devices, FIFOs and sockets are refused without
// being read (opening never blocks), and so are larger files.
Result<std::string> read_regular_file(const std::filesystem::path& path, std::string_view what,
                                      std::uintmax_t max_bytes = kMaxConfigFileBytes);

// A text file as read_regular_file reads it, without a UTF-8 byte-order mark at its start
// (Notepad and many GUIs write one): for records, positions, openings, variants, boards.
Result<std::string> read_text_file(const std::filesystem::path& path, std::string_view what,
                                   std::uintmax_t max_bytes = kMaxConfigFileBytes);

// `text` without a UTF-8 byte-order mark at its start.
std::string_view without_bom(std::string_view text);

// A regular file opened for appending (created if missing). Opening never blocks and refuses
// anything that is not a regular file. Movable, not copyable; closed on destruction.
class AppendFile {
 public:
  static Result<AppendFile> open(const std::filesystem::path& path, std::string_view what);
  AppendFile() = default;
  AppendFile(AppendFile&& other) noexcept;
  AppendFile& operator=(AppendFile&& other) noexcept;
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;
  ~AppendFile();

  bool is_open() const { return fd_ >= 0; }
  void close();
  // Writes all of `text`; false if the file could not take it.
  bool write(std::string_view text);

 private:
  explicit AppendFile(int fd) : fd_(fd) {}
  int fd_ = -1;
};

// A regular file opened for reading piece by piece (game records are read lazily). Opening
// never blocks and refuses anything that is not a regular file. Movable, not copyable.
class ReadFile {
 public:
  static Result<ReadFile> open(const std::filesystem::path& path, std::string_view what);
  ReadFile() = default;
  ReadFile(ReadFile&& other) noexcept;
  ReadFile& operator=(ReadFile&& other) noexcept;
  ReadFile(const ReadFile&) = delete;
  ReadFile& operator=(const ReadFile&) = delete;
  ~ReadFile();

  // Up to `size` bytes into `buffer`: how many, 0 at the end of the file.
  Result<std::size_t> read(char* buffer, std::size_t size);

  // Skips a UTF-8 byte-order mark at the start of a text file (call before the first read).
  void skip_bom();

 private:
  ReadFile(int fd, std::string name) : fd_(fd), name_(std::move(name)) {}
  int fd_ = -1;
  std::string name_;  // "records file 'x.pgn'", for errors
};

}  // namespace triad::adapters
