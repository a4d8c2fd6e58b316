// Parsing of protocol lines into Commands (see command.h); every error names the token and
// why it was refused.
#include "protocol/command.h"

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <span>

namespace triad::protocol {

namespace {

using Tokens = std::span<const std::string_view>;

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string join(Tokens tokens) {
  std::string out;
  for (std::string_view t : tokens) {
    if (!out.empty()) out += ' ';
    out += t;
  }
  return out;
}

// Parses a whole token as an integer in [lo, hi]; `field` names it in the error.
template <class T>
Result<T> parse_int(std::string_view field, std::string_view token, T lo, T hi) {
  T value{};
  auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && (value < lo || value > hi)))
    return make_error(std::string(field) + " " + quote(token) + " : out of range " +
                      std::to_string(lo) + ".." + std::to_string(hi));
  if (ec != std::errc() || end != token.data() + token.size())
    return make_error(std::string(field) + " " + quote(token) + " : not an integer");
  return value;
}

// A clock value: milliseconds; negative values (some GUIs send them when a flag fell) count
// as 0 so the engine answers at once instead of refusing to move.
Result<std::int64_t> parse_clock(std::string_view field, std::string_view token) {
  auto v = parse_int<std::int64_t>(field, token, std::numeric_limits<std::int64_t>::min() / 2,
                                   std::numeric_limits<std::int64_t>::max() / 2);
  if (!v) return v.error();
  return std::max<std::int64_t>(*v, 0);
}

Result<Command> parse_setoption(Tokens args) {
  if (args.empty() || args[0] != "name")
    return make_error("setoption : expected `setoption name <name> [value <value>]`");
  auto value_it = std::find(args.begin() + 1, args.end(), std::string_view("value"));
  CmdSetOption cmd;
  cmd.name = join(Tokens(args.begin() + 1, value_it));
  if (cmd.name.empty()) return make_error("setoption : the option name is missing");
  if (value_it != args.end()) {
    cmd.has_value = true;
    cmd.value = join(Tokens(value_it + 1, args.end()));
  }
  return Command{std::move(cmd)};
}

Result<Command> parse_position(Tokens args) {
  if (args.empty()) return make_error("position : expected `startpos` or `fen <fields>`");
  auto moves_it = std::find(args.begin(), args.end(), std::string_view("moves"));
  CmdPosition cmd;
  if (args[0] == "startpos") {
    if (moves_it != args.begin() + 1 && args.size() > 1)
      return make_error("position startpos : unexpected token " + quote(args[1]) +
                        " (only `moves ...` may follow)");
  } else if (args[0] == "fen") {
    cmd.startpos = false;
    cmd.fen = join(Tokens(args.begin() + 1, moves_it));
    if (cmd.fen.empty()) return make_error("position fen : the position fields are missing");
  } else {
    return make_error("position " + quote(args[0]) + " : expected `startpos` or `fen`");
  }
  if (moves_it != args.end())
    for (auto it = moves_it + 1; it != args.end(); ++it) cmd.moves.emplace_back(*it);
  return Command{std::move(cmd)};
}

// The value after a `go` keyword, or an error naming the keyword.
Result<std::string_view> next_value(Tokens args, std::size_t& i) {
  if (i + 1 >= args.size()) return make_error("go " + std::string(args[i]) + " : value missing");
  return args[++i];
}

Result<Command> parse_go(Tokens args) {
  CmdGo cmd;
  auto& lim = cmd.limits;
  bool searching_form = false;  // any parameter other than perft and solve
  constexpr int kMaxInt = std::numeric_limits<int>::max();
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view key = args[i];
    if (key == "infinite") {
      lim.infinite = searching_form = true;
      continue;
    }
    if (key == "ponder") {
      lim.ponder = searching_form = true;
      continue;
    }
    if (key == "solve") {
      cmd.solve = SolveMode::kWinLoss;
      if (i + 1 < args.size() && (args[i + 1] == "exact" || args[i + 1] == "winloss"))
        cmd.solve = args[++i] == "exact" ? SolveMode::kExact : SolveMode::kWinLoss;
      continue;
    }
    if (key == "searchmoves") {
      for (++i; i < args.size(); ++i) cmd.searchmoves.emplace_back(args[i]);
      if (cmd.searchmoves.empty()) return make_error("go searchmoves : no move given");
      searching_form = true;
      break;
    }
    constexpr std::string_view kValued[] = {"wtime",    "p1time", "btime", "p2time",   "winc",
                                            "p1inc",    "binc",   "p2inc", "depth",    "nodes",
                                            "movetime", "mate",   "perft", "movestogo"};
    if (std::find(std::begin(kValued), std::end(kValued), key) == std::end(kValued))
      return make_error("go " + quote(key) + " : unknown parameter");
    auto value = next_value(args, i);
    if (!value) return value.error();
    const std::string field = "go " + std::string(key);
    if (key == "wtime" || key == "p1time" || key == "btime" || key == "p2time") {
      auto v = parse_clock(field, *value);
      if (!v) return v.error();
      lim.time_ms[key == "wtime" || key == "p1time" ? 0 : 1] = *v;
    } else if (key == "winc" || key == "p1inc" || key == "binc" || key == "p2inc") {
      auto v = parse_clock(field, *value);
      if (!v) return v.error();
      lim.inc_ms[key == "winc" || key == "p1inc" ? 0 : 1] = *v;
    } else if (key == "depth") {
      auto v = parse_int<int>(field, *value, 1, engine::kMateBound);
      if (!v) return v.error();
      lim.depth = *v;
    } else if (key == "nodes") {
      auto v =
          parse_int<std::uint64_t>(field, *value, 1, std::numeric_limits<std::uint64_t>::max());
      if (!v) return v.error();
      lim.nodes = *v;
    } else if (key == "movetime") {
      auto v =
          parse_int<std::int64_t>(field, *value, 1, std::numeric_limits<std::int64_t>::max() / 2);
      if (!v) return v.error();
      lim.movetime_ms = *v;
    } else if (key == "mate") {
      auto v = parse_int<int>(field, *value, 1, 500);
      if (!v) return v.error();
      lim.mate = *v;
    } else if (key == "perft") {
      auto v = parse_int<int>(field, *value, 1, 64);
      if (!v) return v.error();
      cmd.perft = *v;
      continue;
    } else {  // movestogo
      auto v = parse_int<int>(field, *value, 0, kMaxInt);
      if (!v) return v.error();
      lim.movestogo = *v;
    }
    searching_form = true;
  }
  if (cmd.perft > 0 && searching_form)
    return make_error("go perft : cannot be combined with search parameters");
  if (cmd.solve != SolveMode::kNone && (searching_form || cmd.perft > 0))
    return make_error("go solve : cannot be combined with search or perft parameters");
  return Command{std::move(cmd)};
}

Result<Command> parse_bench(Tokens args) {
  CmdBench cmd;
  if (args.size() > 1) return make_error("bench : expected at most one argument (the depth)");
  if (!args.empty()) {
    auto v = parse_int<int>("bench depth", args[0], 1, 64);
    if (!v) return v.error();
    cmd.depth = *v;
  }
  return Command{cmd};
}

// Commands that take no argument.
std::optional<Command> simple_command(std::string_view name) {
  if (name == "uci") return CmdUci{};
  if (name == "ugi") return CmdUgi{};
  if (name == "isready") return CmdIsReady{};
  if (name == "ucinewgame" || name == "uginewgame") return CmdNewGame{};
  if (name == "stop") return CmdStop{};
  if (name == "ponderhit") return CmdPonderHit{};
  if (name == "quit") return CmdQuit{};
  if (name == "d") return CmdDisplay{};
  if (name == "eval") return CmdEval{};
  if (name == "help") return CmdHelp{};
  return std::nullopt;
}

}  // namespace

std::vector<std::string_view> tokenize(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    std::size_t start = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

Result<Command> parse_command(std::string_view line) {
  const auto tokens = tokenize(line);
  if (tokens.empty() || tokens[0].front() == '#') return Command{CmdEmpty{}};
  const std::string_view name = tokens[0];
  const Tokens args(tokens.begin() + 1, tokens.end());
  if (auto simple = simple_command(name)) {
    if (!args.empty())
      return make_error(std::string(name) + " : unexpected argument " + quote(args[0]));
    return *simple;
  }
  if (name == "setoption") return parse_setoption(args);
  if (name == "position") return parse_position(args);
  if (name == "go") return parse_go(args);
  if (name == "bench") return parse_bench(args);
  if (name == "query") {
    if (args.empty()) return Command{CmdQuery{}};
    CmdQuery q{std::string(args[0]), {}};
    for (std::size_t i = 1; i < args.size(); ++i) q.args.emplace_back(args[i]);
    return Command{std::move(q)};
  }
  return make_error("unknown command " + quote(name) + " : type `help` for the list");
}

const char* help_text() {
  return "Triad speaks UCI and UGI (see docs/protocol.md). Commands:\n"
         "  uci | ugi                      handshake: id, options, uciok/ugiok\n"
         "  isready                        answers readyok (also while searching)\n"
         "  setoption name <n> [value <v>] set an option (names are case-insensitive)\n"
         "  ucinewgame | uginewgame        forget the game and the hash\n"
         "  position startpos [moves ...]  set the position of the selected variant\n"
         "  position fen <fields> [moves ...]\n"
         "  go [p1time|wtime <ms>] [p2time|btime <ms>] [p1inc|winc <ms>] [p2inc|binc <ms>]\n"
         "     [movestogo <n>] [depth <n>] [nodes <n>] [movetime <ms>] [mate <n>] [infinite]\n"
         "     [ponder] [searchmoves <m> ...]   search; ends with one bestmove\n"
         "  go perft <n>                   divided perft of the current position\n"
         "  go solve [exact]               solve the position to the end (Yin Yang): who wins,\n"
         "                                 or the exact final margin; ends with bestmove\n"
         "  stop | ponderhit               end the search / the pondered move was played\n"
         "  query p1turn|turn|gameover|result|reason|score|fen|moves|board|islegal <m>\n"
         "  d                              show the board, position line and game state\n"
         "  eval                           static evaluation with its terms\n"
         "  bench [depth]                  fixed search benchmark: nodes and nodes/second\n"
         "  help                           this list\n"
         "  quit                           stop any search and exit\n";
}

}  // namespace triad::protocol
