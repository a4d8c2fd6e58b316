// The `info` line reader (see info_line.h).
#include "protocol/client/info_line.h"

#include <limits>

#include "adapters/common/text.h"

namespace triad::protocol {

namespace {

// Reads the value after tokens[i] (of the field `key`, by default tokens[i]) into
// [low, high] and steps over it; on failure notes the problem (the first of the line) and
// leaves `out` unset.
template <class T>
void read_number(const std::vector<std::string_view>& tokens, std::size_t& i, std::int64_t low,
                 std::int64_t high, std::optional<T>& out, InfoLine& info,
                 std::string_view key = {}) {
  if (key.empty()) key = tokens[i];
  if (i + 1 >= tokens.size()) {
    if (info.problem.empty()) info.problem = std::string(key) + " without a value";
    return;
  }
  const std::string_view text = tokens[++i];
  const std::string field =
      std::string(key == "cp" || key == "mate" ? "score " : "") + std::string(key);
  const auto v = adapters::parse_integer<std::int64_t>(text);
  if (v && *v >= low && *v <= high) {
    out = static_cast<T>(*v);
    return;
  }
  if (info.problem.empty())
    info.problem = field + " " + adapters::quote(text) +
                   (v ? " is outside " + std::to_string(low) + ".." + std::to_string(high)
                      : std::string(" is not a 64-bit integer"));
}

constexpr std::int64_t kIntMax = std::numeric_limits<int>::max();
constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();

}  // namespace

std::string_view bound_name(ScoreBound bound) {
  switch (bound) {
    case ScoreBound::kLower:
      return "lower";
    case ScoreBound::kUpper:
      return "upper";
    default:
      return "";
  }
}

InfoLine parse_info(Dialect dialect, std::string_view line) {
  InfoLine info;
  const auto tokens = adapters::split_fields(line);
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const std::string_view key = tokens[i];
    if (key == "string") {
      info.text = true;
      for (++i; i < tokens.size(); ++i)
        info.message.append(info.message.empty() ? "" : " ").append(tokens[i]);
      return info;
    }
    if (key == "pv") {
      for (++i; i < tokens.size(); ++i) info.pv.emplace_back(tokens[i]);
      break;
    }
    if (key == "multipv") {
      read_number(tokens, i, 1, kIntMax, info.multipv, info);
    } else if (key == "depth") {
      read_number(tokens, i, 0, kIntMax, info.depth, info);
    } else if (key == "seldepth") {
      read_number(tokens, i, 0, kIntMax, info.seldepth, info);
    } else if (key == "time") {
      read_number(tokens, i, 0, kInt64Max, info.time_ms, info);
    } else if (key == "nodes") {
      read_number(tokens, i, 0, kInt64Max, info.nodes, info);
    } else if (key == "nps") {
      read_number(tokens, i, 0, kInt64Max, info.nps, info);
    } else if (key == "hashfull") {
      read_number(tokens, i, 0, 1000, info.hashfull, info);
    } else if (key == "lowerbound") {
      info.bound = ScoreBound::kLower;
    } else if (key == "upperbound") {
      info.bound = ScoreBound::kUpper;
    } else if (key == "score" && i + 1 < tokens.size() &&
               (tokens[i + 1] == "cp" || tokens[i + 1] == "mate")) {
      const bool mate = tokens[++i] == "mate";
      // UCI counts the moves of the side to move (then plies = 2n - 1 or 2n); UGI plies.
      const std::int64_t limit =
          mate && dialect == Dialect::kUci ? kMaxEngineScore / 2 : kMaxEngineScore;
      std::optional<std::int64_t> v;
      read_number(tokens, i, -limit, limit, v, info);
      if (!v) continue;
      std::int64_t n = *v;
      if (mate && dialect == Dialect::kUci) n = n > 0 ? 2 * n - 1 : 2 * n;
      info.score = EngineScore{mate, static_cast<int>(n)};
    } else if (key == "wdl") {
      std::array<std::optional<int>, 3> parts;
      for (auto& part : parts)
        if (info.problem.empty()) read_number(tokens, i, 0, 1000, part, info, "wdl");
      if (parts[0] && parts[1] && parts[2])
        info.wdl = std::array<int, 3>{*parts[0], *parts[1], *parts[2]};
    }
    // Other keys (currmove, currmovenumber, tbhits, cpuload, refutation, ...) are skipped.
  }
  return info;
}

}  // namespace triad::protocol
