// Thread-safe line output, the debug log, and info/bestmove formatting (see output.h).
#include "protocol/output.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "adapters/common/text.h"
#include "protocol/client/info_line.h"

namespace triad::protocol {

void Output::line(std::string_view text) {
  const std::string safe = adapters::printable_line(text);
  std::lock_guard lock(mutex_);
  out_ << safe << '\n' << std::flush;
  if (log_.is_open()) log_.write("<< " + safe + "\n");
}

void Output::log_input(std::string_view text) {
  std::lock_guard lock(mutex_);
  if (log_.is_open()) log_.write(">> " + adapters::printable_line(text) + "\n");
}

Result<void> Output::set_log_file(const std::string& path) {
  std::lock_guard lock(mutex_);
  if (path.empty()) {
    log_.close();
    return {};
  }
  auto file = adapters::AppendFile::open(path, "log file");
  if (!file) return make_error("setoption Debug Log File : " + file.error().message);
  // The log starts with the line that opened it; a file that takes no writes (such as
  // /proc/self/status, which opens for writing) is refused here rather than logging nothing.
  if (!file->write(">> setoption name Debug Log File value " + adapters::printable_line(path) +
                   "\n"))
    return make_error("setoption Debug Log File : log file " + adapters::quote(path) +
                      ": cannot write to it (" + std::strerror(errno) + ")");
  log_ = std::move(*file);
  return {};
}

std::string format_info(const adapters::TextInfo& info, Mode mode,
                        const std::optional<state::WdlModel>& wdl) {
  std::string out = "info depth " + std::to_string(info.depth) + " seldepth " +
                    std::to_string(std::max(info.seldepth, info.depth)) + " multipv " +
                    std::to_string(info.multipv) + " score ";
  if (engine::is_mate_score(info.score)) {
    const int plies = engine::mate_plies(info.score);  // signed: > 0 the side to move wins
    const int n = mode == Mode::kUgi ? plies : mate_moves(plies);
    out += "mate " + std::to_string(n);
  } else {
    out += "cp " + std::to_string(info.score);
  }
  if (info.bound == engine::Bound::kLower) out += " lowerbound";
  if (info.bound == engine::Bound::kUpper) out += " upperbound";
  if (wdl) out += state::wdl_words(info.score, *wdl);
  out += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nps) +
         " hashfull " + std::to_string(info.hashfull) + " time " + std::to_string(info.time_ms);
  if (info.tbhits > 0) out += " tbhits " + std::to_string(info.tbhits);
  if (!info.pv.empty()) {
    out += " pv";
    for (const auto& m : info.pv) out += " " + m;
  }
  return out;
}

std::string format_bestmove(const adapters::TextBestMove& best, Mode mode) {
  std::string out = "bestmove " + best.best;
  if (mode == Mode::kUci && !best.ponder.empty()) out += " ponder " + best.ponder;
  return out;
}

}  // namespace triad::protocol
