// Safe output files: mkostemp temporaries in the target's folder, fsync, rename.
#include "runner/output_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>
#include <vector>

namespace triad::runner {

namespace {

namespace fs = std::filesystem;

std::string quoted(const fs::path& p) {
  std::string text(1, '\'');  // appended, not "'" + ...: GCC 12 warns falsely on that form
  text += p.string();
  text += '\'';
  return text;
}

std::string reason(int error) {
  return std::generic_category().message(error);
}

fs::path folder_of(const fs::path& target) {
  const fs::path parent = target.parent_path();
  return parent.empty() ? fs::path(".") : parent;
}

// An open file descriptor, closed by the destructor.
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }
  // Closes now, reporting the error close() may carry (a delayed write failure).
  int close() {
    const int r = ::close(fd_);
    fd_ = -1;
    return r;
  }

 private:
  int fd_;
};

// Creates a new, empty file with a unique name in `dir` (O_EXCL: never an existing file
// or symlink) and returns its descriptor; `created` receives its path.
Result<int> create_temporary(const fs::path& dir, const fs::path& target, fs::path& created) {
  std::string name_pattern = ".";
  name_pattern += target.filename().string();
  name_pattern += ".XXXXXX";
  const std::string pattern = (dir / name_pattern).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0)
    return make_error("cannot create a file in the folder " + quoted(dir) + ": " + reason(errno));
  created = name.data();
  return fd;
}

Result<void> write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return make_error(reason(errno));
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return {};
}

// Makes the rename itself durable (best effort: some file systems refuse fsync on folders).
void sync_folder(const fs::path& dir) {
  Fd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd.get() >= 0) ::fsync(fd.get());
}

}  // namespace

// An output may be a new file or an existing regular file: never a folder, and never a
// device, FIFO or socket (replacing /dev/null with a regular file, run as root, destroys it).
Result<void> refuse_non_regular(const fs::path& target, std::string_view what) {
  std::error_code ec;
  const auto status = fs::status(target, ec);
  if (ec || !fs::exists(status) || fs::is_regular_file(status)) return {};
  if (fs::is_directory(status))
    return make_error(std::string(what) + " " + quoted(target) + " is a folder; give a file name");
  return make_error(std::string(what) + " " + quoted(target) +
                    " exists and is not a regular file (a device, FIFO or socket); give a file "
                    "name");
}

void remove_stale_temporaries(const fs::path& target) {
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string prefix = ".";  // built as create_temporary's pattern is
  prefix += target.filename().string();
  prefix += '.';
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    // mkostemp's six characters after the prefix (create_temporary's pattern).
    if (name.size() == prefix.size() + 6 && name.compare(0, prefix.size(), prefix) == 0 &&
        it->is_regular_file(ec))
      fs::remove(it->path(), ec);
  }
}

Result<void> write_file_atomically(const fs::path& target, std::string_view text) {
  if (auto r = refuse_non_regular(target, "output"); !r) return r;
  const fs::path dir = folder_of(target);
  fs::path temporary;
  auto fd = create_temporary(dir, target, temporary);
  if (!fd) return fd.error();
  Fd file(*fd);
  auto fail = [&](const std::string& message) -> Result<void> {
    ::unlink(temporary.c_str());
    return make_error("cannot write " + quoted(target) + ": " + message);
  };
  ::fchmod(file.get(), 0644);  // mkostemp creates 0600; outputs are ordinary files
  if (auto r = write_all(file.get(), text); !r) return fail(r.error().message);
  if (::fsync(file.get()) != 0) return fail(reason(errno));
  if (file.close() != 0) return fail(reason(errno));
  if (::rename(temporary.c_str(), target.c_str()) != 0) return fail(reason(errno));
  sync_folder(dir);
  return {};
}

Result<void> check_replaceable_file(const fs::path& target, std::string_view what) {
  if (auto r = refuse_non_regular(target, what); !r) return r;
  const fs::path dir = folder_of(target);
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return make_error(std::string(what) + " " + quoted(target) + ": the folder " + quoted(dir) +
                      " does not exist");
  fs::path probe;
  auto fd = create_temporary(dir, target, probe);
  if (!fd) return make_error(std::string(what) + " " + quoted(target) + ": " + fd.error().message);
  ::close(*fd);
  ::unlink(probe.c_str());
  return {};
}

Result<void> check_appendable_file(const fs::path& target, std::string_view what) {
  if (auto r = refuse_non_regular(target, what); !r) return r;
  // A missing target is created to prove it can be, and removed again: a run refused later
  // (another bad setting) leaves no empty file behind.
  std::error_code ec;
  const bool existed = fs::exists(target, ec);
  Fd fd(::open(target.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | (existed ? 0 : O_CREAT | O_EXCL),
               0644));
  if (fd.get() < 0)
    return make_error(std::string(what) + " " + quoted(target) +
                      " cannot be opened for writing: " + reason(errno));
  if (!existed) ::unlink(target.c_str());
  return {};
}

Result<void> prepare_output_folder(const fs::path& dir, std::string_view what) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!fs::is_directory(dir, ec))
    return make_error(std::string(what) + " " + quoted(dir) + " is not a folder and cannot be " +
                      "created" + (ec ? ": " + ec.message() : std::string()));
  fs::path probe;
  auto fd = create_temporary(dir, "probe", probe);
  if (!fd) return make_error(std::string(what) + ": " + fd.error().message);
  ::close(*fd);
  ::unlink(probe.c_str());
  return {};
}

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
  if (a.empty() || b.empty()) return false;
  std::error_code ec;
  if (std::filesystem::exists(a, ec) && std::filesystem::exists(b, ec))
    return std::filesystem::equivalent(a, b, ec) && !ec;
  const auto ca = std::filesystem::weakly_canonical(std::filesystem::absolute(a, ec), ec);
  const auto cb = std::filesystem::weakly_canonical(std::filesystem::absolute(b, ec), ec);
  return ca == cb;
}

Result<void> refuse_shared_outputs(std::initializer_list<NamedFile> files) {
  for (auto o = files.begin(); o != files.end(); ++o) {
    if (!o->output) continue;
    for (auto f = files.begin(); f != files.end(); ++f)
      if (f != o && (!f->output || f < o) && same_file(o->path, f->path))
        return make_error(std::string(o->what) + " " + quoted(o->path) + " is the same file as " +
                          std::string(f->what) + " " + quoted(f->path) +
                          ": refused, it would be overwritten");
  }
  return {};
}

}  // namespace triad::runner
