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

}  // namespace

Result<DataWriter> DataWriter::open(const std::filesystem::path& file, const Header& wanted) {
  const std::string what = "-output '" + file.string() + "'";
  // A folder, device, FIFO or socket is refused before anything is opened.
  if (auto r = runner::check_appendable_file(file, "-output"); !r) return r.error();
  const int fd = ::open(file.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return make_error(what + " cannot be opened: " + reason());
  // Until the checks pass the file is only looked at: closed on any error, never written.
  struct Closer {
    int fd;
    ~Closer() {
      if (fd >= 0) ::close(fd);
    }
  } closer{fd};
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0)
    return make_error(what + " is being written by another triad-datagen");
  struct stat st {};
  if (::fstat(fd, &st) != 0) return make_error(what + ": " + reason());
  const auto size = static_cast<std::uint64_t>(st.st_size);
  Header header = wanted;
  header.games = header.records = 0;
  if (size > 0) {
    auto bytes = read_at(fd, kHeaderBytes, 0);
    if (!bytes) return make_error(what + " cannot be read: " + bytes.error().message);
    auto in_file = decode_header(*bytes, what);
    if (!in_file) return in_file.error();
    if (const auto d = settings_difference(*in_file, wanted); !d.empty())
      return make_error(what + " holds data made with other settings (" + d +
                        "); run with the file's settings to continue it, or give another -output");
    const std::uint64_t complete = kHeaderBytes + in_file->records * in_file->record_bytes();
    if (size < complete)
      return make_error(what + " is truncated: its header counts " +
                        std::to_string(in_file->records) + " records, " +
                        std::to_string((size - kHeaderBytes) / in_file->record_bytes()) +
                        " are there");
    // The cut tail of an interrupted append, or games appended after the last flush.
    if (size > complete && ::ftruncate(fd, static_cast<off_t>(complete)) != 0)
      return make_error(what + " cannot be shortened to its complete games: " + reason());
    header = *in_file;
  }
  closer.fd = -1;
  DataWriter writer(fd, file, header);
  if (size == 0)
    if (auto r = writer.write_header(); !r) return r.error();
  return writer;
}

DataWriter::DataWriter(int fd, std::filesystem::path file, Header header)
    : fd_(fd), file_(std::move(file)), header_(std::move(header)) {}

DataWriter::DataWriter(DataWriter&& other) noexcept
    : fd_(other.fd_),
      file_(std::move(other.file_)),
      header_(std::move(other.header_)),
      last_flush_(other.last_flush_) {
  other.fd_ = -1;
}

DataWriter::~DataWriter() {
  if (fd_ < 0) return;
  (void)flush();
  ::close(fd_);
}

Result<void> DataWriter::write_header() {
  const auto bytes = encode_header(header_);
  if (auto r = write_at(fd_, std::string_view(bytes.data(), bytes.size()), 0); !r)
    return make_error("cannot write -output '" + file_.string() + "': " + r.error().message);
  return {};
}

Result<void> DataWriter::append_game(std::string_view records, std::uint64_t count) {
  const auto at = static_cast<off_t>(kHeaderBytes + header_.records * header_.record_bytes());
  if (auto r = write_at(fd_, records, at); !r)
    return make_error("cannot write -output '" + file_.string() + "': " + r.error().message);
  ++header_.games;
  header_.records += count;
  if (std::chrono::steady_clock::now() - last_flush_ >= std::chrono::seconds(1)) return flush();
  return {};
}

Result<void> DataWriter::flush() {
  last_flush_ = std::chrono::steady_clock::now();
  if (::fdatasync(fd_) != 0)
    return make_error("cannot write -output '" + file_.string() + "': " + reason());
  return write_header();
}

}  // namespace triad::datagen
