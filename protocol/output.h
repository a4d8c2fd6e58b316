// Output of the session: every line written whole under a mutex and flushed (the search
// thread prints too), optionally copied to the Debug Log File with `>>` (input) / `<<`
// (output) markers; and the formatting of `info` and `bestmove` lines.
// The writer is the last line of defence of the output guarantee: whatever it is given, it
// writes one line of printable text of at most adapters::kMaxLineBytes bytes (control bytes
// escaped, longer text cut), to the GUI and to the log alike.
#pragma once

#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "adapters/common/file_io.h"
#include "adapters/common/game_engine.h"
#include "engine/core/result.h"
#include "state/wdl.h"

namespace triad::protocol {

enum class Mode { kUci, kUgi };

class Output {
 public:
  explicit Output(std::ostream& out) : out_(out) {}

  void line(std::string_view text);
  void error(std::string_view message) { line("info string error " + std::string(message)); }
  void log_input(std::string_view text);  // only copies to the log file, if any

  // "" closes the log; otherwise appends to that regular file (error if it is not one or
  // cannot be opened; the previous log then stays).
  Result<void> set_log_file(const std::string& path);

 private:
  std::ostream& out_;
  std::mutex mutex_;
  adapters::AppendFile log_;
};

// `info depth .. seldepth .. multipv .. score cp|mate .. [lowerbound|upperbound] [wdl ..]
// nodes .. nps .. hashfull .. time .. pv ..`; mate counts moves in UCI mode, plies in UGI;
// `wdl` (with UCI_ShowWDL) estimated by that model.
std::string format_info(const adapters::TextInfo& info, Mode mode,
                        const std::optional<state::WdlModel>& wdl);

// `bestmove <m> [ponder <p>]`; never a ponder move in UGI mode.
std::string format_bestmove(const adapters::TextBestMove& best, Mode mode);

}  // namespace triad::protocol
