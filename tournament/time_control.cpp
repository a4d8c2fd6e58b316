// Time control parsing and clock charging.
#include "tournament/time_control.h"

#include <charconv>
#include <cmath>

namespace triad::tournament {

namespace {

Result<double> parse_number(const std::string& text, const std::string& field) {
  double v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || p != text.data() + text.size() || v < 0 ||
      !std::isfinite(v))
    return make_error(field + " '" + text + "' is not a non-negative number");
  if (v * 1000 > static_cast<double>(kMaxWaitMs))
    return make_error(field + " '" + text + "' is above the maximum of 30 days");
  return v;
}

std::string format_seconds(std::int64_t ms) {
  std::string s = std::to_string(ms / 1000);
  if (ms % 1000 != 0) {
    std::string frac = std::to_string(1000 + ms % 1000).substr(1);
    while (frac.back() == '0') frac.pop_back();
    s += "." + frac;
  }
  return s;
}

}  // namespace

Result<std::int64_t> parse_seconds(const std::string& text, const std::string& field) {
  auto v = parse_number(text, field);
  if (!v) return v.error();
  return static_cast<std::int64_t>(std::llround(*v * 1000));
}

Result<void> parse_tc(const std::string& text, TimeControl& tc) {
  if (text == "inf" || text == "infinite") {
    tc.clock = false;
    return {};
  }
  std::string rest = text;
  int moves = 0;
  if (auto slash = rest.find('/'); slash != std::string::npos) {
    const std::string m = rest.substr(0, slash);
    auto [p, ec] = std::from_chars(m.data(), m.data() + m.size(), moves);
    if (m.empty() || ec != std::errc() || p != m.data() + m.size() || moves <= 0)
      return make_error("tc '" + text + "': the moves per period '" + m +
                        "' is not a positive integer");
    rest = rest.substr(slash + 1);
  }
  std::string inc = "0";
  if (auto plus = rest.find('+'); plus != std::string::npos) {
    inc = rest.substr(plus + 1);
    rest = rest.substr(0, plus);
  }
  std::int64_t base = 0;
  if (auto colon = rest.find(':'); colon != std::string::npos) {
    auto mins = parse_number(rest.substr(0, colon), "tc '" + text + "': minutes");
    if (!mins) return mins.error();
    auto secs = parse_seconds(rest.substr(colon + 1), "tc '" + text + "': seconds");
    if (!secs) return secs.error();
    base = static_cast<std::int64_t>(std::llround(*mins * 60000)) + *secs;
  } else {
    auto secs = parse_seconds(rest, "tc '" + text + "': base time");
    if (!secs) return secs.error();
    base = *secs;
  }
  auto inc_ms = parse_seconds(inc, "tc '" + text + "': increment");
  if (!inc_ms) return inc_ms.error();
  if (base == 0) return make_error("tc '" + text + "': the base time must be positive");
  tc.clock = true;
  tc.moves = moves;
  tc.base_ms = base;
  tc.inc_ms = *inc_ms;
  return {};
}

std::string format_tc(const TimeControl& tc) {
  std::string out;
  if (tc.clock) {
    if (tc.moves > 0) out = std::to_string(tc.moves) + "/";
    out += format_seconds(tc.base_ms);
    if (tc.inc_ms > 0) out.append("+").append(format_seconds(tc.inc_ms));
  }
  auto add = [&out](const char* key, const std::string& value) {
    if (!out.empty()) out += ' ';
    out.append(key).append(value);
  };
  if (tc.move_time_ms) add("st=", format_seconds(*tc.move_time_ms));
  if (tc.depth) add("depth=", std::to_string(*tc.depth));
  if (tc.nodes) add("nodes=", std::to_string(*tc.nodes));
  return out.empty() ? "inf" : out;
}

GameClock::GameClock(const TimeControl& tc) : tc_(tc), remaining_ms_(tc.base_ms) {}

std::optional<int> GameClock::moves_to_go() const {
  if (!tc_.clock || tc_.moves == 0) return std::nullopt;
  return tc_.moves - moves_made_ % tc_.moves;
}

std::int64_t GameClock::move_deadline_ms(std::int64_t untimed_limit_ms) const {
  if (tc_.clock) return std::max<std::int64_t>(remaining_ms_, 0) + tc_.margin_ms;
  if (tc_.move_time_ms) return *tc_.move_time_ms + tc_.margin_ms;
  return untimed_limit_ms;
}

bool GameClock::charge(std::int64_t elapsed_ms) {
  ++moves_made_;
  if (tc_.move_time_ms && elapsed_ms > *tc_.move_time_ms + tc_.margin_ms) return false;
  if (!tc_.clock) return true;
  remaining_ms_ -= elapsed_ms;
  if (remaining_ms_ < -tc_.margin_ms) return false;
  remaining_ms_ = std::max<std::int64_t>(remaining_ms_, 0) + tc_.inc_ms;
  if (tc_.moves > 0 && moves_made_ % tc_.moves == 0) remaining_ms_ += tc_.base_ms;
  return true;
}

protocol::GoLimits go_limits(const GameClock& p1, const GameClock& p2, int mover) {
  protocol::GoLimits limits;
  const GameClock& own = mover == 0 ? p1 : p2;
  const TimeControl& tc = own.tc();
  if (tc.clock) {
    // Both clocks are sent, as a GUI would; the opponent's may use another control.
    const GameClock* clocks[2] = {&p1, &p2};
    for (int i = 0; i < 2; ++i) {
      if (!clocks[i]->tc().clock) continue;
      limits.time[i] = clocks[i]->remaining_ms();
      limits.inc[i] = clocks[i]->tc().inc_ms;
    }
    limits.moves_to_go = own.moves_to_go();
  }
  if (tc.move_time_ms) limits.move_time = *tc.move_time_ms;
  limits.depth = tc.depth;
  limits.nodes = tc.nodes;
  return limits;
}

}  // namespace triad::tournament
