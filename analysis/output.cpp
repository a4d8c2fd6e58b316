// The output file, -resume and the progress bar of triad-analyse (see output.h).
#include "analysis/output.h"

#include <cstdio>
#include <fstream>

#include "adapters/common/text.h"

namespace triad::analysis {

namespace {

// Reads the output an earlier run wrote: how many complete lines it holds (each checked
// against the input), and the byte size they take (a cut-off last line is beyond it).
Result<std::pair<std::int64_t, std::uintmax_t>> existing_output(
    const std::filesystem::path& file, std::int64_t positions,
    const std::function<std::string(std::int64_t)>& prefix_of,
    const std::function<bool(std::int64_t)>& unit_start) {
  const std::string name = adapters::quote(file.string());
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return std::make_pair(std::int64_t{0}, std::uintmax_t{0});
  if (!std::filesystem::is_regular_file(file, ec))
    return make_error("-output " + name + " is not a regular file");
  std::ifstream in(file, std::ios::binary);
  if (!in) return make_error("cannot read -output " + name + " to resume it");
  std::int64_t lines = 0;
  std::uintmax_t complete_bytes = 0;
  std::pair<std::int64_t, std::uintmax_t> unit_end{0, 0};  // the last unit boundary seen
  for (std::string line; std::getline(in, line);) {
    if (unit_start(lines)) unit_end = {lines, complete_bytes};
    if (in.eof()) break;  // no line end: cut off by a kill, analysed again
    if (lines >= positions)
      return make_error("-output " + name + " holds more lines than the input has positions (" +
                        std::to_string(positions) + "); it belongs to another input");
    const std::string prefix = prefix_of(lines);
    if (line.compare(0, prefix.size(), prefix) != 0 ||
        (line.size() > prefix.size() && line[prefix.size()] != ',' && line[prefix.size()] != '}'))
      return make_error("-output " + name + " line " + std::to_string(lines + 1) +
                        " is not the analysis of input position " + std::to_string(lines) +
                        " (another input, or not triad-analyse output); use another -output");
    ++lines;
    complete_bytes += line.size() + 1;
  }
  if (lines == positions || unit_start(lines)) return std::make_pair(lines, complete_bytes);
  return unit_end;
}

}  // namespace

Result<OutputWriter> OutputWriter::open(const AnalyseConfig& config, std::int64_t positions,
                                        const std::function<std::string(std::int64_t)>& prefix_of,
                                        const std::function<bool(std::int64_t)>& unit_start) {
  OutputWriter w;
  if (config.output.empty()) {
    w.to_stdout_ = true;
    w.name_ = "standard output";
    return w;
  }
  w.name_ = adapters::quote(config.output.string());
  std::error_code ec;
  if (config.resume) {
    auto old = existing_output(config.output, positions, prefix_of, unit_start);
    if (!old) return old.error();
    w.done_before_ = old->first;
    if (std::filesystem::exists(config.output, ec) &&
        std::filesystem::file_size(config.output, ec) != old->second) {
      std::filesystem::resize_file(config.output, old->second, ec);
      if (ec)
        return make_error("cannot cut the last line of -output " + w.name_ + ": " + ec.message());
    }
  } else if (std::filesystem::is_regular_file(config.output, ec)) {
    std::filesystem::resize_file(config.output, 0, ec);  // a new run replaces the old output
    if (ec) return make_error("cannot empty -output " + w.name_ + ": " + ec.message());
  }
  auto file = adapters::AppendFile::open(config.output, "-output");
  if (!file) return file.error();
  w.file_ = std::move(*file);
  return w;
}

Result<void> OutputWriter::write(const std::string& line) {
  const std::string text = line + "\n";
  const bool ok = to_stdout_ ? std::fwrite(text.data(), 1, text.size(), stdout) == text.size() &&
                                   std::fflush(stdout) == 0
                             : file_.write(text);
  if (!ok) return make_error("cannot write to " + name_ + " (disk full, or the reader is gone)");
  return {};
}

Progress::Progress(std::int64_t total, std::int64_t done_before, bool enabled)
    : bar_("", total, enabled), total_(total), done_before_(done_before) {}

void Progress::update(std::int64_t done) {
  const double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
  const double rate = seconds > 0 ? static_cast<double>(done - done_before_) / seconds : 0;
  char note[96] = "";
  if (rate > 0)
    std::snprintf(note, sizeof note, "%.1f pos/s, %.0f s left", rate,
                  static_cast<double>(total_ - done) / rate);
  bar_.update(done, note);
}

}  // namespace triad::analysis
