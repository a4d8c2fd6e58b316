// The protocol's command parser: one input line -> one typed Command, or an Error whose
// message reads "<what> : <why>". Pure functions, no state, no I/O (fuzzed directly).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "adapters/common/text.h"
#include "engine/core/result.h"
#include "engine/search/search_types.h"

namespace triad::protocol {

struct CmdEmpty {};  // blank line or comment
struct CmdUci {};
struct CmdUgi {};
struct CmdIsReady {};
struct CmdNewGame {};  // ucinewgame / uginewgame
struct CmdStop {};
struct CmdPonderHit {};
struct CmdQuit {};
struct CmdDisplay {};  // d
struct CmdEval {};
struct CmdHelp {};

struct CmdSetOption {
  std::string name;   // as typed (matched case-insensitively later)
  std::string value;  // empty when no `value` part was given
  bool has_value = false;
};

struct CmdPosition {
  bool startpos = true;
  std::string fen;  // the joined fields of `position fen ...` when !startpos
  std::vector<std::string> moves;
};

// `go solve` (who wins with perfect play) and `go solve exact` (the exact final margin).
enum class SolveMode { kNone, kWinLoss, kExact };

struct CmdGo {
  engine::SearchLimits limits;
  std::vector<std::string> searchmoves;
  int perft = 0;  // > 0: `go perft <n>` (no search)
  SolveMode solve = SolveMode::kNone;
};

struct CmdQuery {
  std::string name;  // p1turn, gameover, islegal, ... (unknown names are answered `unknown`)
  std::vector<std::string> args;
};

struct CmdBench {
  int depth = 0;  // 0 = the built-in default depth
};

using Command = std::variant<CmdEmpty, CmdUci, CmdUgi, CmdIsReady, CmdNewGame, CmdStop,
                             CmdPonderHit, CmdQuit, CmdDisplay, CmdEval, CmdHelp, CmdSetOption,
                             CmdPosition, CmdGo, CmdQuery, CmdBench>;

// Splits on runs of spaces/tabs; a trailing '\r' and surrounding blanks are ignored.
std::vector<std::string_view> tokenize(std::string_view line);

// A user token made safe to echo in an error line (adapters/common/text.h): control bytes
// escaped, long ones cut; quote() also puts it in single quotes.
using adapters::quote;
using adapters::sanitize;

Result<Command> parse_command(std::string_view line);

// The one-line-per-command summary printed by `help`.
const char* help_text();

}  // namespace triad::protocol
