// The command-line tools' progress bar (progress_bar.h).
#include "adapters/common/progress_bar.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <utility>

namespace triad::adapters {

ProgressBar::ProgressBar(std::string label, std::int64_t total, bool enabled)
    : label_(std::move(label)),
      total_(total),
      enabled_(enabled && total > 0 && ::isatty(STDERR_FILENO) == 1) {}

void ProgressBar::update(std::int64_t done, const std::string& note) {
  if (!enabled_) return;
  const auto now = Clock::now();
  if (done < total_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  constexpr std::int64_t kWidth = 30;
  const std::int64_t filled = kWidth * std::clamp<std::int64_t>(done, 0, total_) / total_;
  // Appended piece by piece: GCC 12 warns (-Wrestrict, wrongly) on one long concatenation.
  std::string bar = "\r";
  if (!label_.empty()) bar += label_ + " ";
  bar += "[";
  bar.append(static_cast<std::size_t>(filled), '#');
  bar.append(static_cast<std::size_t>(kWidth - filled), ' ');
  bar += "] " + std::to_string(done) + "/" + std::to_string(total_);
  if (!note.empty()) bar += " " + note;
  bar += "\x1b[K";
  std::fputs(bar.c_str(), stderr);
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::finish() {
  if (drawn_) std::fputs("\n", stderr);
  drawn_ = false;
}

}  // namespace triad::adapters
