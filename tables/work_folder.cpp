// The work folders of slices built in pieces, and their takeover (work_folder.h).
#include "tables/work_folder.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace triad::tables {

namespace {

constexpr std::string_view kWork = ".work";

// The stamp in `name` when it names a work folder of the slice file `slice`: ".work" is
// kOneProcess, ".work-STAMP" a worker's lease.
std::optional<std::uint64_t> stamp_of(std::string_view name, const std::string& slice) {
  if (!name.starts_with(slice)) return std::nullopt;
  name.remove_prefix(slice.size());
  if (!name.starts_with(kWork)) return std::nullopt;
  name.remove_prefix(kWork.size());
  if (name.empty()) return kOneProcess;
  if (name.size() < 2 || name[0] != '-') return std::nullopt;
  std::uint64_t stamp = 0;
  const auto [end, ec] = std::from_chars(name.data() + 1, name.data() + name.size(), stamp);
  if (ec != std::errc() || end != name.data() + name.size()) return std::nullopt;
  return stamp;
}

}  // namespace

std::filesystem::path work_folder(const std::filesystem::path& dir, Material m,
                                  std::uint64_t stamp) {
  const std::string name = slice_file_name(m) + std::string(kWork);
  return dir / (stamp == kOneProcess ? name : name + "-" + std::to_string(stamp));
}

Result<bool> take_over_work_folder(const std::filesystem::path& dir, Material m,
                                   std::uint64_t stamp) {
  const std::string slice = slice_file_name(m);
  std::vector<std::pair<std::uint64_t, std::filesystem::path>> found;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (const auto s = stamp_of(entry.path().filename().string(), slice);
        s && entry.is_directory(ec))
      found.emplace_back(*s, entry.path());
  if (found.empty()) return true;
  const auto latest = *std::max_element(found.begin(), found.end());
  if (stamp != kOneProcess && latest.first > stamp) return false;
  for (const auto& [s, path] : found)
    if (path != latest.second) std::filesystem::remove_all(path, ec);
  const auto own = work_folder(dir, m, stamp);
  if (latest.second == own) return true;
  std::filesystem::rename(latest.second, own, ec);
  // A folder gone meanwhile was a finished build's (its worker removes it): start afresh.
  if (ec && std::filesystem::exists(latest.second))
    return make_error(latest.second.string() + ": cannot take it over as " + own.string() + " (" +
                      ec.message() + ")");
  return true;
}

std::uint64_t highest_work_stamp(const std::filesystem::path& dir) {
  std::uint64_t highest = 0;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const auto at = name.find(".tbl" + std::string(kWork));
    if (at == std::string::npos) continue;
    if (const auto s = stamp_of(name, name.substr(0, at + 4)); s && entry.is_directory(ec))
      highest = std::max(highest, *s);
  }
  return highest;
}

void remove_work_folders(const std::filesystem::path& dir) {
  std::error_code ec;
  std::vector<std::filesystem::path> found;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().filename().string().find(".tbl" + std::string(kWork)) != std::string::npos)
      found.push_back(entry.path());
  for (const auto& path : found) std::filesystem::remove_all(path, ec);
}

}  // namespace triad::tables
