// Tournament configuration: the shared setters, the YAML reader and the cutechess-style
// command line (a pre-pass groups `-key v1 v2 …` words, Boost.Program_options parses them).
#include "tournament/config.h"

#include <charconv>
#include <limits>
#include <set>
#include <sstream>

#include <yaml-cpp/yaml.h>
#include <boost/program_options.hpp>

namespace triad::tournament {

namespace {

template <class T>
Result<T> parse_int(const std::string& text, const std::string& field, T min_value,
                    T max_value = std::numeric_limits<T>::max()) {
  T v{};
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec == std::errc::result_out_of_range ||
      (ec == std::errc() && p == text.data() + text.size() && v > max_value))
    return make_error(field + " '" + text + "' is above the maximum " + std::to_string(max_value));
  if (text.empty() || ec != std::errc() || p != text.data() + text.size())
    return make_error(field + " '" + text + "' is not an integer");
  if (v < min_value)
    return make_error(field + " " + text + " is below the minimum " + std::to_string(min_value));
  return v;
}

Result<double> parse_double(const std::string& text, const std::string& field) {
  double v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || p != text.data() + text.size())
    return make_error(field + " '" + text + "' is not a number");
  return v;
}

Result<bool> parse_bool(const std::string& text, const std::string& field) {
  if (text == "" || text == "on" || text == "true" || text == "yes" || text == "1") return true;
  if (text == "off" || text == "false" || text == "no" || text == "0") return false;
  return make_error(field + " '" + text + "' is not on/off/true/false");
}

// Assigns a parsed value or returns its error.
#define TRIAD_ASSIGN(target, expr) \
  do {                             \
    auto r_ = (expr);              \
    if (!r_) return r_.error();    \
    target = *r_;                  \
  } while (false)

std::pair<std::string, std::string> split_item(const std::string& item) {
  auto eq = item.find('=');
  if (eq == std::string::npos) return {item, ""};
  return {item.substr(0, eq), item.substr(eq + 1)};
}

// Applies every key=value item of a group through `set`, prefixing errors with the group.
template <class F>
Result<void> apply_items(const std::string& group, const std::vector<std::string>& items, F set) {
  for (const auto& item : items) {
    auto [key, value] = split_item(item);
    if (auto r = set(key, value); !r) return make_error("-" + group + ": " + r.error().message);
  }
  return {};
}

Result<void> apply_openings(OpeningConfig& o, const std::string& key, const std::string& value) {
  if (key == "file") {
    o.file = value;
  } else if (key == "order") {
    if (value == "sequential") {
      o.order = OpeningOrder::kSequential;
    } else if (value == "random") {
      o.order = OpeningOrder::kRandom;
    } else {
      return make_error("order '" + value + "' must be sequential or random");
    }
  } else if (key == "plies") {
    TRIAD_ASSIGN(o.plies, parse_int<int>(value, "plies", 0));
  } else if (key == "start") {
    TRIAD_ASSIGN(o.start, parse_int<int>(value, "start", 1));
  } else if (key == "format") {
    if (value != "fen" && value != "epd" && value != "lines")
      return make_error("format '" + value + "' is not supported: files hold position lines");
  } else {
    return make_error("unknown key '" + key + "' (file, order, plies, start, format)");
  }
  return {};
}

Result<void> apply_resign(ResignRule& r, const std::string& key, const std::string& value) {
  if (key == "movecount") {
    TRIAD_ASSIGN(r.moves, parse_int<int>(value, "movecount", 1));
  } else if (key == "score") {
    TRIAD_ASSIGN(r.score, parse_int<int>(value, "score", 0));
  } else if (key == "twosided") {
    TRIAD_ASSIGN(r.two_sided, parse_bool(value, "twosided"));
  } else {
    return make_error("unknown key '" + key + "' (movecount, score, twosided)");
  }
  return {};
}

Result<void> apply_draw(DrawRule& d, const std::string& key, const std::string& value) {
  if (key == "movenumber") {
    TRIAD_ASSIGN(d.move_number, parse_int<int>(value, "movenumber", 0));
  } else if (key == "movecount") {
    TRIAD_ASSIGN(d.moves, parse_int<int>(value, "movecount", 1));
  } else if (key == "score") {
    TRIAD_ASSIGN(d.score, parse_int<int>(value, "score", 0));
  } else {
    return make_error("unknown key '" + key + "' (movenumber, movecount, score)");
  }
  return {};
}

Result<void> apply_sprt(SprtConfig& s, const std::string& key, const std::string& value) {
  if (key == "elo0") {
    TRIAD_ASSIGN(s.elo0, parse_double(value, "elo0"));
  } else if (key == "elo1") {
    TRIAD_ASSIGN(s.elo1, parse_double(value, "elo1"));
  } else if (key == "alpha") {
    TRIAD_ASSIGN(s.alpha, parse_double(value, "alpha"));
  } else if (key == "beta") {
    TRIAD_ASSIGN(s.beta, parse_double(value, "beta"));
  } else if (key == "model") {
    if (value == "logistic") {
      s.model = SprtModel::kLogistic;
    } else if (value == "normalized") {
      s.model = SprtModel::kNormalized;
    } else {
      return make_error("model '" + value + "' must be logistic or normalized");
    }
  } else {
    return make_error("unknown key '" + key + "' (elo0, elo1, alpha, beta, model)");
  }
  return {};
}

// A YAML value as the key=value items of a group (maps; nested `options` maps become
// option.<Name>=value, `args` lists become repeated arg=).
Result<std::vector<std::string>> yaml_items(const YAML::Node& node, const std::string& where) {
  if (!node.IsMap()) return make_error(where + " must be a map of key: value");
  std::vector<std::string> items;
  for (const auto& kv : node) {
    const std::string key = kv.first.as<std::string>();
    const YAML::Node& v = kv.second;
    if ((key == "options" || key == "option") && v.IsMap()) {
      for (const auto& o : v)
        items.push_back("option." + o.first.as<std::string>() + "=" + o.second.as<std::string>());
    } else if (key == "args" && v.IsSequence()) {
      for (const auto& a : v) items.push_back("arg=" + a.as<std::string>());
    } else if (v.IsScalar()) {
      items.push_back(key + "=" + v.as<std::string>());
    } else {
      return make_error(where + "." + key + " must be a single value");
    }
  }
  return items;
}

// Refuses control characters (line breaks, escapes) in text that goes into records or
// protocol lines.
Result<void> single_line(const std::string& text, const std::string& what) {
  for (unsigned char ch : text)
    if (ch < 0x20 || ch == 0x7f)
      return make_error(what + " contains a control character (code " + std::to_string(ch) +
                        "); names and values must be one line of text");
  return {};
}

const std::set<std::string> kGroupKeys = {"engine", "each", "openings", "draw", "resign", "sprt"};

}  // namespace

Result<void> apply_engine_setting(EngineConfig& e, const std::string& key,
                                  const std::string& value) {
  if (key == "name") {
    e.name = value;
  } else if (key == "cmd") {
    e.command = value;
  } else if (key == "arg") {
    e.args.push_back(value);
  } else if (key == "args") {
    std::istringstream in(value);
    for (std::string a; in >> a;) e.args.push_back(a);
  } else if (key == "dir") {
    e.working_dir = value;
  } else if (key == "proto") {
    if (value == "uci") {
      e.dialect = protocol::Dialect::kUci;
    } else if (value == "ugi") {
      e.dialect = protocol::Dialect::kUgi;
    } else {
      return make_error("proto '" + value + "' must be uci or ugi");
    }
  } else if (key == "tc") {
    if (auto r = parse_tc(value, e.tc); !r) return r;
  } else if (key == "st") {
    TRIAD_ASSIGN(e.tc.move_time_ms, parse_seconds(value, "st"));
  } else if (key == "depth") {
    TRIAD_ASSIGN(e.tc.depth, parse_int<int>(value, "depth", 1));
  } else if (key == "nodes") {
    TRIAD_ASSIGN(e.tc.nodes, parse_int<std::uint64_t>(value, "nodes", 1));
  } else if (key == "timemargin") {
    TRIAD_ASSIGN(e.tc.margin_ms, parse_int<std::int64_t>(value, "timemargin (ms)", 0, kMaxWaitMs));
  } else if (key == "restart") {
    TRIAD_ASSIGN(e.restart, parse_bool(value, "restart"));
  } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
    e.options.emplace_back(key.substr(7), value);
  } else {
    return make_error("unknown engine key '" + key +
                      "' (name, cmd, arg, args, dir, proto, tc, st, depth, nodes, timemargin, "
                      "restart, option.<Name>)");
  }
  return {};
}

Result<void> ConfigBuilder::apply(const std::string& key, const std::vector<std::string>& values) {
  TournamentConfig& c = config_;
  if (key == "engine") {
    engines_.push_back(values);
    return {};
  }
  if (key == "each") {
    each_.insert(each_.end(), values.begin(), values.end());
    return {};
  }
  if (key == "openings") {
    if (!c.openings) c.openings = OpeningConfig{};
    return apply_items(key, values,
                       [&](auto& k, auto& v) { return apply_openings(*c.openings, k, v); });
  }
  if (key == "resign")
    return apply_items(key, values, [&](auto& k, auto& v) { return apply_resign(c.resign, k, v); });
  if (key == "draw")
    return apply_items(key, values, [&](auto& k, auto& v) { return apply_draw(c.draw, k, v); });
  if (key == "sprt") {
    if (!c.sprt) c.sprt = SprtConfig{};
    return apply_items(key, values, [&](auto& k, auto& v) { return apply_sprt(*c.sprt, k, v); });
  }
  if (key == "variants") {
    for (const auto& v : values) c.variant_files.emplace_back(v);
    return {};
  }
  // Flags: no value needed.
  const std::string v = values.empty() ? "" : values.front();
  if (values.size() > 1)
    return make_error("-" + key + " takes one value, got " + std::to_string(values.size()));
  const std::string field = "-" + key;
  if (key == "recover") {
    TRIAD_ASSIGN(c.recover, parse_bool(v, field));
  } else if (key == "debug") {
    TRIAD_ASSIGN(c.debug_log, parse_bool(v, field));
  } else if (key == "norecover") {
    c.recover = false;
  } else if (key == "repeat") {
    // -repeat, -repeat N, and in YAML repeat: true/false.
    if (v.empty() || v == "true" || v == "on") {
      c.repeat = 2;
    } else if (v == "false" || v == "off") {
      c.repeat = 1;
    } else {
      TRIAD_ASSIGN(c.repeat, parse_int<int>(v, field, 1));
    }
  } else if (v.empty()) {
    return make_error(field + " needs a value");
  } else if (key == "variant") {
    c.variant = v;
  } else if (key == "tournament") {
    if (v == "round-robin") {
      c.type = TournamentType::kRoundRobin;
    } else if (v == "gauntlet") {
      c.type = TournamentType::kGauntlet;
    } else {
      return make_error(field + " '" + v + "' must be round-robin or gauntlet");
    }
  } else if (key == "games") {
    TRIAD_ASSIGN(c.games, parse_int<int>(v, field, 1));
  } else if (key == "rounds") {
    TRIAD_ASSIGN(c.rounds, parse_int<int>(v, field, 1));
  } else if (key == "concurrency") {
    TRIAD_ASSIGN(c.concurrency, parse_int<int>(v, field, 1, kMaxConcurrency));
  } else if (key == "seed" || key == "srand") {
    TRIAD_ASSIGN(c.seed, parse_int<std::uint64_t>(v, field, 0));
  } else if (key == "maxplies") {
    TRIAD_ASSIGN(c.max_plies, parse_int<int>(v, field, 0));
  } else if (key == "maxmoves") {
    TRIAD_ASSIGN(c.max_plies, parse_int<int>(v, field, 0));
    c.max_plies *= 2;
  } else if (key == "event") {
    c.event = v;
  } else if (key == "pgnout") {
    c.pgn_out = v;
  } else if (key == "jsonout") {
    c.json_out = v;
  } else if (key == "resume") {
    c.state_file = v;
  } else if (key == "log") {
    c.log_dir = v;
  } else if (key == "ratinginterval") {
    TRIAD_ASSIGN(c.rating_interval, parse_int<int>(v, field, 0));
  } else if (key == "handshaketimeout") {
    TRIAD_ASSIGN(c.handshake_timeout_ms,
                 parse_int<std::int64_t>(v, field + " (ms)", 1, kMaxWaitMs));
  } else if (key == "movetimeout") {
    TRIAD_ASSIGN(c.untimed_move_limit_ms,
                 parse_int<std::int64_t>(v, field + " (ms)", 1, kMaxWaitMs));
  } else {
    return make_error("unknown setting '" + key + "'");
  }
  return {};
}

Result<void> ConfigBuilder::load_yaml(const std::filesystem::path& file) {
  YAML::Node root;
  try {
    root = YAML::LoadFile(file.string());
  } catch (const YAML::Exception& e) {
    return make_error("config '" + file.string() + "': " + e.what());
  }
  if (!root.IsMap())
    return make_error("config '" + file.string() + "': the top level must be a map");
  const std::string where = "config '" + file.string() + "'";
  try {
    for (const auto& kv : root) {
      std::string key = kv.first.as<std::string>();
      const YAML::Node& v = kv.second;
      if (key == "engines") {
        if (!v.IsSequence()) return make_error(where + ": engines must be a list");
        for (std::size_t i = 0; i < v.size(); ++i) {
          auto items = yaml_items(v[i], where + ": engines[" + std::to_string(i) + "]");
          if (!items) return items.error();
          engines_.push_back(*items);
        }
        continue;
      }
      Result<void> r;
      if (kGroupKeys.count(key)) {
        auto items = yaml_items(v, where + ": " + key);
        if (!items) return items.error();
        r = apply(key, *items);
      } else if (v.IsSequence()) {
        std::vector<std::string> values;
        for (const auto& item : v) values.push_back(item.as<std::string>());
        r = apply(key, values);
      } else if (v.IsScalar()) {
        r = apply(key, {v.as<std::string>()});
      } else {
        r = make_error(key + " must be a value or a list");
      }
      if (!r) return make_error(where + ": " + r.error().message);
    }
  } catch (const YAML::Exception& e) {
    return make_error(where + ": " + e.what());
  }
  return {};
}

Result<TournamentConfig> ConfigBuilder::build() const {
  TournamentConfig c = config_;
  c.engines.clear();
  for (std::size_t i = 0; i < engines_.size(); ++i) {
    EngineConfig e;
    auto set = [&e](auto& k, auto& v) { return apply_engine_setting(e, k, v); };
    if (auto r = apply_items("each", each_, set); !r) return r.error();
    if (auto r = apply_items("engine", engines_[i], set); !r)
      return make_error("engine " + std::to_string(i + 1) + ": " + r.error().message);
    if (e.name.empty()) e.name = e.command;
    c.engines.push_back(std::move(e));
  }
  if (auto r = validate(c); !r) return r.error();
  return c;
}

Result<void> validate(const TournamentConfig& c) {
  if (c.engines.size() < 2) return make_error("at least two engines are needed (-engine ...)");
  // Names end up in record tags and option values in protocol lines: a line break there
  // would split a tag or send the engine a command of its own.
  if (auto r = single_line(c.event, "-event"); !r) return r;
  std::set<std::string> names;
  for (const auto& e : c.engines) {
    if (auto r = single_line(e.name, "engine name"); !r) return r;
    for (const auto& [name, value] : e.options) {
      if (auto r = single_line(name, "engine '" + e.name + "': option name"); !r) return r;
      if (auto r = single_line(value, "engine '" + e.name + "': option " + name); !r) return r;
    }
    if (e.command.empty()) return make_error("engine '" + e.name + "' has no cmd=");
    if (e.builtin() && e.command != "builtin:random" && e.command != "builtin:greedy")
      return make_error("engine '" + e.name + "': unknown built-in '" + e.command +
                        "' (builtin:random, builtin:greedy)");
    if (!names.insert(e.name).second)
      return make_error("engine name '" + e.name + "' is used twice; names must be unique");
  }
  if (c.sprt) {
    if (c.engines.size() != 2) return make_error("-sprt needs exactly two engines");
    if (!(c.sprt->alpha > 0 && c.sprt->alpha < 1 && c.sprt->beta > 0 && c.sprt->beta < 1))
      return make_error("-sprt: alpha and beta must be between 0 and 1");
    if (c.sprt->elo0 >= c.sprt->elo1) return make_error("-sprt: elo0 must be below elo1");
  }
  if (c.resign.moves > 0 && c.resign.score <= 0)
    return make_error("-resign: score must be positive when movecount is set");
  if (c.debug_log && c.log_dir.empty()) return make_error("-debug needs -log DIR");
  if (c.openings && c.openings->file.empty() && c.openings->plies == 0)
    return make_error("-openings needs file= or plies=");
  return {};
}

Result<CommandLine> parse_command_line(int argc, const char* const* argv) {
  namespace po = boost::program_options;
  po::options_description desc(
      "triad-match: a tournament runner that referees Razzle Dazzle, Yin Yang and Ives dama.\n"
      "Options take a single or double dash; groups take key=value words");
  auto opt = [&desc](const char* name, const char* help) {
    desc.add_options()(name, po::value<std::string>()->implicit_value(""), help);
  };
  desc.add_options()("help", "this text");
  opt("config", "FILE: YAML configuration, read first; the command line overrides it");
  opt("engine",
      "name=N cmd=C [arg=A]... [dir=D] [proto=uci|ugi] [tc=..|st=..|depth=..|"
      "nodes=..] [timemargin=MS] [restart=on] [option.NAME=V]...; cmd=builtin:random"
      " or builtin:greedy for the built-in players");
  opt("each", "key=value ... applied to every engine (before its own keys)");
  opt("variant", "NAME: the variant all games use (default razzledazzle)");
  opt("variants", "FILE: extra variant definitions (YAML)");
  opt("tournament", "round-robin (default) | gauntlet (the first engine against each other)");
  opt("games", "N: games per encounter in each round (default 1)");
  opt("rounds", "N: rounds (default 1)");
  opt("repeat", "[N]: play each opening N times (default 2), colours swapped");
  opt("concurrency", "N: games played at the same time (default 1)");
  opt("seed", "N: random seed (openings, built-in players); also -srand");
  opt("srand", "N: same as -seed");
  opt("openings", "file=F [order=sequential|random] [start=N] [plies=N]");
  opt("maxplies", "N: adjudicate a draw after N plies");
  opt("maxmoves", "N: adjudicate a draw after N moves of each side");
  opt("resign", "movecount=N score=CP [twosided=true]");
  opt("draw", "movenumber=N movecount=N score=CP");
  opt("sprt", "elo0=E elo1=E alpha=A beta=B [model=logistic|normalized]; stops early");
  opt("recover", "restart crashed engines and go on (the default)");
  opt("norecover", "stop the tournament when an engine crashes");
  opt("event", "NAME: the Event tag");
  opt("pgnout", "FILE: append game records");
  opt("jsonout", "FILE: machine-readable summary");
  opt("resume", "FILE: state file; an interrupted run started again with it continues");
  opt("log", "DIR: engine stderr logs (<engine>-<thread>.log)");
  opt("debug", "with -log: also protocol transcripts (<engine>-<thread>.io.log)");
  opt("ratinginterval", "N: print the score every N games (default 10, 0 = at the end)");
  opt("handshaketimeout", "MS: limit for uciok/readyok (default 10000)");
  opt("movetimeout", "MS: limit for a move without a clock (default 60000)");

  // Pre-pass: `-key v1 v2 …` -> `--key=v1<US>v2…` (US = unit separator), so that a group
  // keeps its words together and repeated -engine groups stay apart.
  constexpr char kSep = '\x1f';
  std::vector<std::string> normal;
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word.size() < 2 || word[0] != '-' || (word[1] >= '0' && word[1] <= '9'))
      return make_error("unexpected value '" + word + "' (values follow an option such as -games)");
    word = word.substr(word[1] == '-' ? 2 : 1);
    std::string joined;
    bool first = true;
    for (; i + 1 < argc; ++i) {
      std::string next = argv[i + 1];
      if (next.size() > 1 && next[0] == '-' && !(next[1] >= '0' && next[1] <= '9')) break;
      joined += (first ? "" : std::string(1, kSep)) + next;
      first = false;
    }
    normal.push_back("--" + word + (first ? "" : "=" + joined));
  }
  po::parsed_options parsed(&desc);
  try {
    parsed = po::command_line_parser(normal)
                 .options(desc)
                 .style(po::command_line_style::unix_style)
                 .run();
  } catch (const po::error& e) {
    return make_error(e.what());
  }
  CommandLine out;
  ConfigBuilder builder;
  for (const auto& o : parsed.options) {  // the config file first
    if (o.string_key == "config" && !o.value.empty() && !o.value[0].empty())
      if (auto r = builder.load_yaml(o.value[0]); !r) return r.error();
  }
  for (const auto& o : parsed.options) {
    if (o.string_key == "help") {
      std::ostringstream text;
      text << desc;
      out.show_help = true;
      out.help_text = text.str();
      return out;
    }
    if (o.string_key == "config") continue;
    std::vector<std::string> values;
    if (!o.value.empty() && !o.value[0].empty()) {
      std::string item;
      std::istringstream in(o.value[0]);
      while (std::getline(in, item, kSep)) values.push_back(item);
    }
    if (auto r = builder.apply(o.string_key, values); !r) return r.error();
  }
  auto config = builder.build();
  if (!config) return config.error();
  out.config = std::move(*config);
  return out;
}

}  // namespace triad::tournament
