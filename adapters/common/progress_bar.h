// A one-line progress bar on standard error for the command-line tools (triad-book,
// triad-analyse): "label [#####     ] done/total note", redrawn in place, drawn only when
// standard error is a terminal and at most 10 times a second (the last step always).
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace triad::adapters {

class ProgressBar {
 public:
  // `enabled` false (e.g. a --quiet flag) draws nothing, as does a non-terminal stderr.
  ProgressBar(std::string label, std::int64_t total, bool enabled = true);
  // Redraws the bar for `done` of the total steps with `note` after the count.
  void update(std::int64_t done, const std::string& note = "");
  // Ends the bar's line (when one was drawn), so that later output starts on a new line.
  void finish();

 private:
  using Clock = std::chrono::steady_clock;
  std::string label_;
  std::int64_t total_;
  bool enabled_;
  bool drawn_ = false;
  Clock::time_point last_draw_{};
};

}  // namespace triad::adapters
