// The one reader of an engine's `info` lines (UCI and UGI), for every program that drives
// engines (triad-match's referee, triad-analyse, triad-book's searches, and the Python
// package's engine API through its compiled module): every field a runner
// reads, each number read into 64 bits and checked against its range. A field that is not a
// number or does not fit is left out and named in `problem`, so that a caller can refuse the
// line instead of recording a wrapped-around value.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace triad::protocol {

enum class Dialect { kUci, kUgi };

// A search score from the side to move: centipawn-like units, or a mate distance in plies
// (positive: the side to move wins). UCI's "mate N" (moves) is converted to plies.
struct EngineScore {
  bool mate = false;
  int value = 0;
};

// A signed mate distance in plies as UCI's `score mate N`: the moves of the side that mates
// (its last move ends the game, so it makes ceil(plies / 2) of them), with the plies' sign.
constexpr int mate_moves(int plies) {
  return plies > 0 ? (plies + 1) / 2 : -((-plies + 1) / 2);
}

// The largest score magnitude accepted (centipawns, or mate plies after conversion).
inline constexpr std::int64_t kMaxEngineScore = 1'000'000'000;

enum class ScoreBound { kExact, kLower, kUpper };

struct InfoLine {
  bool text = false;    // `info string ...`: free text, no field is read
  std::string message;  // that text (its words joined by single spaces)
  std::optional<int> multipv;
  std::optional<int> depth;
  std::optional<int> seldepth;
  std::optional<std::int64_t> time_ms;
  std::optional<std::uint64_t> nodes;
  std::optional<std::uint64_t> nps;
  std::optional<int> hashfull;  // per mille
  std::optional<EngineScore> score;
  ScoreBound bound = ScoreBound::kExact;
  std::optional<std::array<int, 3>> wdl;  // win, draw, loss per mille
  std::vector<std::string> pv;
  std::string problem;  // the first field that could not be read, e.g. "score cp 1e99: ..."
};

// Reads one line that starts with `info`.
InfoLine parse_info(Dialect dialect, std::string_view line);

// "lower" / "upper" / "" (exact).
std::string_view bound_name(ScoreBound bound);

}  // namespace triad::protocol
