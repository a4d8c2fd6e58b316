// Where triad-analyse writes: the output file (or standard output), one JSON line per
// position in input order, each written whole as soon as every earlier position is in; with
// -resume the positions an earlier run wrote are kept (checked against the input, a cut-off
// last line removed) and not analysed again. And the progress bar on a terminal.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "adapters/common/file_io.h"
#include "adapters/common/progress_bar.h"
#include "analysis/config.h"
#include "analysis/task.h"
#include "engine/core/result.h"

namespace triad::analysis {

class OutputWriter {
 public:
  // Opens the output. With `config.resume`, an existing output is checked line by line
  // against `prefix_of(index)` (output_prefix of that input position) and continued from
  // the last position where `unit_start(index)` holds (a review continues at a game's first
  // move: the lines of a game cut off are written again).
  static Result<OutputWriter> open(const AnalyseConfig& config, std::int64_t positions,
                                   const std::function<std::string(std::int64_t)>& prefix_of,
                                   const std::function<bool(std::int64_t)>& unit_start);

  // Positions already in the output when it was opened (the run starts after them).
  std::int64_t done_before() const { return done_before_; }
  // Appends one line (the line end is added). An error says why the output failed.
  Result<void> write(const std::string& line);

 private:
  std::string name_;  // for messages
  adapters::AppendFile file_;
  bool to_stdout_ = false;
  std::int64_t done_before_ = 0;
};

// The progress bar (adapters::ProgressBar) with the rate of this run and the time left.
class Progress {
 public:
  Progress(std::int64_t total, std::int64_t done_before, bool enabled);
  void update(std::int64_t done);
  void finish() { bar_.finish(); }

 private:
  using Clock = std::chrono::steady_clock;
  adapters::ProgressBar bar_;
  std::int64_t total_;
  std::int64_t done_before_;  // positions already in the output when this run started
  Clock::time_point started_ = Clock::now();
};

}  // namespace triad::analysis
