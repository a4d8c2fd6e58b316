// One engine process analysing tasks: started on first use (handshake, the user's options,
// MultiPV), told `ucinewgame` before every position (so that a position's analysis does not
// depend on what the engine saw before it: the same output on any slot, rank or machine),
// and restarted after a crash, a hang or a broken reply, with the position tried again up
// to `retries` more times before an error line is written for it.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/config.h"
#include "analysis/task.h"
#include "protocol/client/engine_client.h"

namespace triad::analysis {

// One MultiPV line of an engine's analysis: the last `info` the engine gave for it.
struct PvLine {
  int multipv = 1;
  int depth = 0;
  std::optional<int> seldepth;
  std::optional<protocol::EngineScore> score;  // mates in plies
  std::string bound;                           // "", "lower" or "upper"
  std::optional<std::uint64_t> nodes;
  std::optional<std::int64_t> time_ms;
  std::vector<std::string> pv;
};

// Reads one `info` line into the PV line it is about (`lines` keyed by MultiPV index, kept
// sorted); lines without a score or pv (e.g. `info string`) are ignored.
void read_info(protocol::Dialect dialect, const std::string& line, std::vector<PvLine>& lines);

struct Analysis {
  std::string bestmove;
  std::vector<PvLine> lines;  // by MultiPV index
  std::chrono::milliseconds elapsed{0};
};

// The output line of a task (JSON, without the line end); `analysis` is null for tasks that
// need no engine, and `failure` is set when the engine failed on it every time.
std::string format_output(const Task& task, const Analysis* analysis, const std::string* failure);
// The start of a task's output line, up to and including the position: the same for every
// run over the same input, so -resume checks an old output against the input with it.
std::string output_prefix(const Task& task);

class Analyst {
 public:
  // `slot` names the engine's stderr log; `cancel` ends every wait when the run stops.
  Analyst(const AnalyseConfig& config, std::string slot,
          std::shared_ptr<protocol::CancelSignal> cancel);
  ~Analyst();

  // The task's output line. Sets `fatal` when the engine failed on every attempt; the
  // caller stops the run after a few such positions in a row.
  std::string analyse(const Task& task, bool& fatal);

 private:
  std::optional<protocol::Failure> start();
  std::optional<protocol::Failure> attempt(const Task& task, Analysis& out);
  void end_engine();

  const AnalyseConfig& config_;
  std::string slot_;
  std::shared_ptr<protocol::CancelSignal> cancel_;
  std::unique_ptr<protocol::EngineClient> client_;
  std::string variant_;  // the UCI_Variant the engine was given
};

}  // namespace triad::analysis
