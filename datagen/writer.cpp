// The resumable data file writer (see writer.h).
#include "datagen/writer.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

#include "runner/output_files.h"

namespace triad::datagen {

namespace {

std::string reason() {
  return std::generic_category().message(errno);
}

Result<void> write_at(int fd, std::string_view bytes, off_t at) {
  while (!bytes.empty()) {
    const ssize_t n = ::pwrite(fd, bytes.data(), bytes.size(), at);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return make_error(reason());
    bytes.remove_prefix(static_cast<std::size_t>(n));
    at += n;
  }
  return {};
}

Result<std::string> read_at(int fd, std::size_t size, off_t at) {
  std::string out(size, '\0');
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::pread(fd, out.data() + got, size - got, at + static_cast<off_t>(got));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return make_error(reason());
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  out.resize(got);
  return out;
}

// Takes the advisory lock of one writer per file.
Result<void> lock(int fd, const std::string& what) {
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0)
    return make_error(what + " is being written by another triad-datagen");
  return {};
}

// The file `file` names, its symbolic links followed: for a link that dangles, the file that
// opening it with O_CREAT would create (a chain too long stops where it is; opening then
// says why).
std::filesystem::path link_target(std::filesystem::path file) {
  std::error_code ec;
  for (int links = 0; links < 40 && std::filesystem::is_symlink(file, ec); ++links) {
    const auto to = std::filesystem::read_symlink(file, ec);
    if (ec) break;
    file = to.is_absolute() ? to : file.parent_path() / to;
  }
  return file;
}

}  // namespace

Result<DataWriter> DataWriter::open(const std::filesystem::path& file,
                                    const learn::Header& wanted) {
  const std::string what = "-output '" + file.string() + "'";
  learn::Header header = wanted;
  header.games = header.records = 0;
  // A folder, device, FIFO or socket is refused before anything is opened.
  if (auto r = runner::refuse_non_regular(file, "-output"); !r) return r.error();
  const int fd = ::open(file.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0 && errno == ENOENT) {  // a new file (or a link to one): created by start()
    if (auto r = runner::check_replaceable_file(link_target(file), "-output"); !r) return r.error();
    return DataWriter(-1, file, header, 0, 0);
  }
  if (fd < 0) return make_error(what + " cannot be opened: " + reason());
  // Until the checks pass the file is only looked at: closed on any error, never written.
  struct Closer {
    int fd;
    ~Closer() {
      if (fd >= 0) ::close(fd);
    }
  } closer{fd};
  if (auto r = lock(fd, what); !r) return r.error();
  struct stat st {};
  if (::fstat(fd, &st) != 0) return make_error(what + ": " + reason());
  const auto size = static_cast<std::uint64_t>(st.st_size);
  std::uint64_t complete = 0;
  if (size > 0) {
    auto bytes = read_at(fd, learn::kHeaderBytes, 0);
    if (!bytes) return make_error(what + " cannot be read: " + bytes.error().message);
    auto in_file = learn::decode_header(*bytes, what);
    if (!in_file) return in_file.error();
    if (const auto d = learn::settings_difference(*in_file, wanted); !d.empty())
      return make_error(what + " holds data made with other settings (" + d +
                        "); run with the file's settings to continue it, or give another -output");
    auto counted = learn::complete_bytes(*in_file, size, what);
    if (!counted) return counted.error();
    complete = *counted;
    header = *in_file;
  }
  closer.fd = -1;
  return DataWriter(fd, file, header, size, complete);
}

DataWriter::DataWriter(int fd, std::filesystem::path file, learn::Header header, std::uint64_t size,
                       std::uint64_t complete)
    : fd_(fd),
      file_(std::move(file)),
      header_(std::move(header)),
      size_(size),
      complete_(complete) {}

DataWriter::DataWriter(DataWriter&& other) noexcept
    : fd_(other.fd_),
      file_(std::move(other.file_)),
      header_(std::move(other.header_)),
      size_(other.size_),
      complete_(other.complete_),
      started_(other.started_),
      last_flush_(other.last_flush_) {
  other.fd_ = -1;
}

DataWriter::~DataWriter() {
  if (fd_ < 0) return;
  (void)flush();
  ::close(fd_);
}

Result<void> DataWriter::start() {
  const std::string what = "-output '" + file_.string() + "'";
  if (fd_ < 0) {
    fd_ = ::open(file_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);  // through a dangling link
    if (fd_ < 0) return make_error(what + " cannot be created: " + reason());
    if (auto r = lock(fd_, what); !r) return r;
    struct stat st {};
    if (::fstat(fd_, &st) != 0) return make_error(what + ": " + reason());
    if (st.st_size != 0)
      return make_error(what +
                        " was created by another program while this run played its "
                        "first game");
  }
  // The cut tail of an interrupted append, or games appended after the last flush.
  if (size_ > complete_ && ::ftruncate(fd_, static_cast<off_t>(complete_)) != 0)
    return make_error(what + " cannot be shortened to its complete games: " + reason());
  if (size_ == 0)
    if (auto r = write_header(); !r) return r;
  started_ = true;
  return {};
}

Result<void> DataWriter::write_header() {
  const auto bytes = learn::encode_header(header_);
  if (auto r = write_at(fd_, std::string_view(bytes.data(), bytes.size()), 0); !r)
    return make_error("cannot write -output '" + file_.string() + "': " + r.error().message);
  return {};
}

Result<void> DataWriter::append_game(std::string_view records, std::uint64_t count) {
  if (!started_)
    if (auto r = start(); !r) return r;
  const auto at =
      static_cast<off_t>(learn::kHeaderBytes + header_.records * header_.record_bytes());
  if (auto r = write_at(fd_, records, at); !r)
    return make_error("cannot write -output '" + file_.string() + "': " + r.error().message);
  ++header_.games;
  header_.records += count;
  if (std::chrono::steady_clock::now() - last_flush_ >= std::chrono::seconds(1)) return flush();
  return {};
}

Result<void> DataWriter::flush() {
  if (!started_) return {};
  last_flush_ = std::chrono::steady_clock::now();
  if (::fdatasync(fd_) != 0)
    return make_error("cannot write -output '" + file_.string() + "': " + reason());
  return write_header();
}

}  // namespace triad::datagen
