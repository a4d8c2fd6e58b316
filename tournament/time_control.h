// Time controls in cutechess-cli syntax and the game clock that charges them:
// tc=[moves/]time[+inc] (time in seconds or m:ss), tc=inf, st=<seconds per move>,
// depth=<plies>, nodes=<count>; a time margin tolerates small overruns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/core/result.h"
#include "protocol/client/engine_client.h"
#include "runner/engine_spec.h"

namespace triad::tournament {

// The longest time or wait any setting may give (runner/engine_spec.h).
using runner::kMaxWaitMs;

struct TimeControl {
  // Clock: base_ms for every `moves` moves (0 = the whole game), plus inc_ms per move.
  bool clock = false;
  int moves = 0;
  std::int64_t base_ms = 0;
  std::int64_t inc_ms = 0;
  std::optional<std::int64_t> move_time_ms;  // st=
  std::optional<int> depth;
  std::optional<std::uint64_t> nodes;
  std::int64_t margin_ms = 0;  // an overrun up to this is not a time forfeit

  bool timed() const { return clock || move_time_ms.has_value(); }
};

// "40/10+0.1", "1:30+1", "5", "inf". The error names the part that is wrong.
Result<void> parse_tc(const std::string& text, TimeControl& tc);
// "0.05" seconds for st=.
Result<std::int64_t> parse_seconds(const std::string& text, const std::string& field);
// The PGN-style text: "40/10+0.1", "st=0.05", "depth=3", "inf".
std::string format_tc(const TimeControl& tc);

// One player's clock during a game.
class GameClock {
 public:
  explicit GameClock(const TimeControl& tc);

  const TimeControl& tc() const { return tc_; }
  std::int64_t remaining_ms() const { return remaining_ms_; }
  // Moves left in the current period, for `movestogo` (nullopt when there are no periods).
  std::optional<int> moves_to_go() const;
  // How long to wait for a move before declaring a time forfeit (or, untimed, a stall).
  std::int64_t move_deadline_ms(std::int64_t untimed_limit_ms) const;
  // Charges a move that took `elapsed_ms`; false = the player lost on time.
  bool charge(std::int64_t elapsed_ms);

 private:
  TimeControl tc_;
  std::int64_t remaining_ms_ = 0;
  int moves_made_ = 0;
};

// Fills the `go` parameters for the mover from both clocks (index 0 = Player 1).
protocol::GoLimits go_limits(const GameClock& p1, const GameClock& p2, int mover);

}  // namespace triad::tournament
