// `go solve` info lines (see solve_output.h).
#include "protocol/solve_output.h"

namespace triad::protocol {

namespace {
std::string margin_text(int lower, int upper) {
  if (lower == upper) return std::to_string(lower);
  return std::to_string(lower) + ".." + std::to_string(upper);
}
}  // namespace

std::string format_solve(const adapters::TextSolve& s) {
  const std::uint64_t nps =
      s.time_ms > 0 ? s.nodes * 1000 / static_cast<std::uint64_t>(s.time_ms) : s.nodes;
  std::string line = "info time " + std::to_string(s.time_ms) + " nodes " +
                     std::to_string(s.nodes) + " nps " + std::to_string(nps) + " hashfull " +
                     std::to_string(s.hashfull) + " string ";
  const std::string margin =
      s.plies ? " plies " + std::to_string(*s.plies) : " margin " + margin_text(s.lower, s.upper);
  if (s.done && !s.stopped) {
    line += std::string("solved ") +
            (s.draw              ? "draw"
             : s.player_one_wins ? "p1win"
                                 : "p2win") +
            margin;
    if (!s.pv.empty()) {
      line += " pv";
      for (const auto& m : s.pv) line += " " + m;
    } else if (!s.best.empty()) {
      line += " best " + s.best;
    }
    return line;
  }
  line += (s.stopped ? "solve stopped" : "solve") + margin;
  if (!s.best.empty()) line += " best " + s.best;
  return line;
}

}  // namespace triad::protocol
