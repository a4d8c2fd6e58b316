// Safe file access (see file_io.h): open with O_NONBLOCK, check the type with fstat before
// reading or writing, then read with a size bound.
#include "adapters/common/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "adapters/common/text.h"

namespace triad::adapters {

namespace {

std::string named(const std::filesystem::path& path, std::string_view what) {
  return std::string(what) + " '" + sanitize(path.string(), kMaxShownPathBytes) + "'";
}

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a pipe (FIFO)";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

// Closes fd unless released.
struct FdGuard {
  int fd;
  ~FdGuard() {
    if (fd >= 0) ::close(fd);
  }
  int release() { return std::exchange(fd, -1); }
};

// Opens `path` without blocking and checks it is a regular file; the fd is back in blocking
// mode on success.
Result<int> open_regular(const std::filesystem::path& path, std::string_view what, int flags) {
  const int fd = ::open(path.c_str(), flags | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0644);
  if (fd < 0)
    return make_error(named(path, what) + ": cannot open it (" + std::strerror(errno) + ")");
  FdGuard guard{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0)
    return make_error(named(path, what) + ": cannot read its type (" + std::strerror(errno) + ")");
  if (!S_ISREG(st.st_mode))
    return make_error(named(path, what) + " is " + kind_of(st.st_mode) + ", not a regular file");
  const int status = ::fcntl(fd, F_GETFL);
  if (status < 0 || ::fcntl(fd, F_SETFL, status & ~O_NONBLOCK) != 0)
    return make_error(named(path, what) + ": cannot use it (" + std::strerror(errno) + ")");
  return guard.release();
}

}  // namespace

Result<std::string> read_regular_file(const std::filesystem::path& path, std::string_view what,
                                      std::uintmax_t max_bytes) {
  auto fd = open_regular(path, what, O_RDONLY);
  if (!fd) return fd.error();
  FdGuard guard{*fd};
  const std::string too_large =
      named(path, what) + " is larger than the limit of " + std::to_string(max_bytes) + " bytes";
  struct stat st {};
  if (::fstat(*fd, &st) == 0 && static_cast<std::uintmax_t>(st.st_size) > max_bytes)
    return make_error(too_large);
  // The file may grow while it is read: read at most one byte past the limit.
  std::string text;
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = ::read(*fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0)
      return make_error(named(path, what) + ": cannot read it (" + std::strerror(errno) + ")");
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
    if (text.size() > max_bytes) return make_error(too_large);
  }
  return text;
}

Result<AppendFile> AppendFile::open(const std::filesystem::path& path, std::string_view what) {
  auto fd = open_regular(path, what, O_WRONLY | O_APPEND | O_CREAT);
  if (!fd) return fd.error();
  return AppendFile(*fd);
}

AppendFile::AppendFile(AppendFile&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}

AppendFile& AppendFile::operator=(AppendFile&& other) noexcept {
  if (this != &other) {
    close();
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

AppendFile::~AppendFile() {
  close();
}

void AppendFile::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

bool AppendFile::write(std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd_, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

Result<std::string> read_text_file(const std::filesystem::path& path, std::string_view what,
                                   std::uintmax_t max_bytes) {
  auto text = read_regular_file(path, what, max_bytes);
  if (text && without_bom(*text).size() != text->size()) text->erase(0, 3);
  return text;
}

std::string_view without_bom(std::string_view text) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  return text.starts_with(kBom) ? text.substr(kBom.size()) : text;
}

void ReadFile::skip_bom() {
  char head[3] = {};
  if (::pread(fd_, head, sizeof head, 0) == 3 && without_bom(std::string_view(head, 3)).empty())
    ::lseek(fd_, 3, SEEK_SET);
}

Result<ReadFile> ReadFile::open(const std::filesystem::path& path, std::string_view what) {
  auto fd = open_regular(path, what, O_RDONLY);
  if (!fd) return fd.error();
  return ReadFile(*fd, named(path, what));
}

ReadFile::ReadFile(ReadFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), name_(std::move(other.name_)) {}

ReadFile& ReadFile::operator=(ReadFile&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
    name_ = std::move(other.name_);
  }
  return *this;
}

ReadFile::~ReadFile() {
  if (fd_ >= 0) ::close(fd_);
}

Result<std::size_t> ReadFile::read(char* buffer, std::size_t size) {
  while (true) {
    const ssize_t n = ::read(fd_, buffer, size);
    if (n >= 0) return static_cast<std::size_t>(n);
    if (errno != EINTR)
      return make_error(name_ + ": cannot read it (" + std::strerror(errno) + ")");
  }
}

}  // namespace triad::adapters
