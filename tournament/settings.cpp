// The settings table and the appliers of every setting and group key.
#include "tournament/settings.h"

#include <algorithm>
#include <sstream>

#include "runner/command_line.h"
#include "runner/value_parsers.h"

namespace triad::tournament {

namespace {

// Assigns a parsed value or returns its error.

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
    TRIAD_ASSIGN(o.plies, runner::parse_int<int>(value, "plies", 0, kMaxOpeningPlies));
  } else if (key == "start") {
    TRIAD_ASSIGN(o.start, runner::parse_int<int>(value, "start", 1));
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
    TRIAD_ASSIGN(r.moves, runner::parse_int<int>(value, "movecount", 1));
  } else if (key == "score") {
    TRIAD_ASSIGN(r.score, runner::parse_int<int>(value, "score", 0));
  } else if (key == "twosided") {
    TRIAD_ASSIGN(r.two_sided, runner::parse_bool(value, "twosided"));
  } else {
    return make_error("unknown key '" + key + "' (movecount, score, twosided)");
  }
  return {};
}

Result<void> apply_draw(DrawRule& d, const std::string& key, const std::string& value) {
  if (key == "movenumber") {
    TRIAD_ASSIGN(d.move_number, runner::parse_int<int>(value, "movenumber", 0));
  } else if (key == "movecount") {
    TRIAD_ASSIGN(d.moves, runner::parse_int<int>(value, "movecount", 1));
  } else if (key == "score") {
    TRIAD_ASSIGN(d.score, runner::parse_int<int>(value, "score", 0));
  } else {
    return make_error("unknown key '" + key + "' (movenumber, movecount, score)");
  }
  return {};
}

Result<void> apply_sprt(SprtConfig& s, const std::string& key, const std::string& value) {
  if (key == "elo0") {
    TRIAD_ASSIGN(s.elo0, runner::parse_double(value, "elo0"));
  } else if (key == "elo1") {
    TRIAD_ASSIGN(s.elo1, runner::parse_double(value, "elo1"));
  } else if (key == "alpha") {
    TRIAD_ASSIGN(s.alpha, runner::parse_double(value, "alpha"));
  } else if (key == "beta") {
    TRIAD_ASSIGN(s.beta, runner::parse_double(value, "beta"));
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

// The one value of a scalar setting ("" for a bare flag); `field` is "-games" etc.
Result<std::string> single(const std::string& field, const std::vector<std::string>& values) {
  if (values.size() > 1)
    return make_error(field + " takes one value, got " + std::to_string(values.size()));
  return values.empty() ? std::string() : values.front();
}

// A setting that needs exactly one non-empty value, given to `parse`.
template <class F>
Result<void> with_value(const std::string& field, const std::vector<std::string>& values, F parse) {
  auto v = single(field, values);
  if (!v) return v.error();
  if (v->empty()) return make_error(field + " needs a value");
  return parse(*v);
}

template <class T>
Result<void> set_int(T& target, const std::string& field, const std::vector<std::string>& values,
                     T min_value, T max_value = std::numeric_limits<T>::max()) {
  return with_value(field, values, [&](const std::string& v) -> Result<void> {
    TRIAD_ASSIGN(target, runner::parse_int<T>(v, field, min_value, max_value));
    return {};
  });
}

template <class T>
Result<void> set_text(T& target, const std::string& field, const std::vector<std::string>& values) {
  return with_value(field, values, [&](const std::string& v) -> Result<void> {
    target = v;
    return {};
  });
}

Result<void> set_bool(bool& target, const std::string& field,
                      const std::vector<std::string>& values) {
  auto v = single(field, values);
  if (!v) return v.error();
  TRIAD_ASSIGN(target, runner::parse_bool(*v, field));
  return {};
}

using P = PendingConfig;
using V = std::vector<std::string>;

// clang-format off
const std::vector<Setting> kSettings = {
  {"config", "FILE: YAML configuration, read first; the command line overrides it", false, nullptr},
  {"engine", "name=N cmd=C [arg=A]... [dir=D] [proto=uci|ugi] [tc=..|st=..|depth=..|nodes=..] "
             "[timemargin=MS] [restart=on] [option.NAME=V]...; cmd=builtin:random or "
             "builtin:greedy for the built-in players", true,
   [](P& p, const std::string&, const V& v) -> Result<void> { p.engines.push_back(v); return {}; }},
  {"each", "key=value ... applied to every engine (before its own keys)", true,
   [](P& p, const std::string&, const V& v) -> Result<void> { p.each.insert(p.each.end(), v.begin(), v.end()); return {}; }},
  {"variant", "NAME: the variant all games use (default razzledazzle)", false,
   [](P& p, const std::string& f, const V& v) { return with_value(f, v, [&](const std::string& s) -> Result<void> {
     p.config.variant = s; return {}; }); }},
  {"variants", "FILE...: extra variant definitions (YAML)", false,
   [](P& p, const std::string& f, const V& v) -> Result<void> {
     if (v.empty()) return make_error(f + " needs a file");
     for (const auto& f : v) p.config.variant_files.emplace_back(f);
     return {}; }},
  {"tournament", "round-robin (default) | gauntlet (the first engine against each other)", false,
   [](P& p, const std::string& f, const V& v) { return with_value(f, v, [&](const std::string& s) -> Result<void> {
     if (s == "round-robin") { p.config.type = TournamentType::kRoundRobin; return {}; }
     if (s == "gauntlet") { p.config.type = TournamentType::kGauntlet; return {}; }
     return make_error(f + " '" + s + "' must be round-robin or gauntlet"); }); }},
  {"games", "N: games per encounter in each round (default 1)", false,
   [](P& p, const std::string& f, const V& v) { return set_int(p.config.games, f, v, 1); }},
  {"rounds", "N: rounds (default 1)", false,
   [](P& p, const std::string& f, const V& v) { return set_int(p.config.rounds, f, v, 1); }},
  {"repeat", "[N]: play each opening N times (default 2), colours swapped", false,
   [](P& p, const std::string& f, const V& v) -> Result<void> {
     // -repeat, -repeat N, and in YAML repeat: true/false.
     auto s = single(f, v);
     if (!s) return s.error();
     if (s->empty() || *s == "true" || *s == "on") { p.config.repeat = 2; return {}; }
     if (*s == "false" || *s == "off") { p.config.repeat = 1; return {}; }
     return set_int(p.config.repeat, f, v, 1); }},
  {"concurrency", "N: games played at the same time (default 1, at most 1024)", false,
   [](P& p, const std::string& f, const V& v) { return set_int(p.config.concurrency, f, v, 1, kMaxConcurrency); }},
  {"mpi", runner::kMpiHelp, false,
   [](P& p, const std::string& f, const V& v) { return set_bool(p.config.mpi, f, v); }},
  {"mpilease", runner::kMpiLeaseHelp, false,
   [](P& p, const std::string& f, const V& v) { return with_value(f, v, [&](const std::string& s) -> Result<void> {
     TRIAD_ASSIGN(p.config.mpi_lease_seconds, runner::parse_mpi_lease(s, f));
     return {}; }); }},
  {"seed", "N: random seed (openings, built-in players); also -srand", false,
   [](P& p, const std::string& f, const V& v) { return set_int<std::uint64_t>(p.config.seed, f, v, 0); }},
  {"srand", "N: same as -seed", false,
   [](P& p, const std::string& f, const V& v) { return set_int<std::uint64_t>(p.config.seed, f, v, 0); }},
  {"openings", "file=F [order=sequential|random] [start=N] [plies=N]", true,
   [](P& p, const std::string& f, const V& v) {
     if (!p.config.openings) p.config.openings = OpeningConfig{};
     return runner::apply_items(f, v, [&](auto& k, auto& x) { return apply_openings(*p.config.openings, k, x); }); }},
  {"maxplies", "N: adjudicate a draw after N plies", false,
   [](P& p, const std::string& f, const V& v) { return set_int(p.config.max_plies, f, v, 0); }},
  {"maxmoves", "N: adjudicate a draw after N moves of each side", false,
   [](P& p, const std::string& f, const V& v) -> Result<void> {
     if (auto r = set_int(p.config.max_plies, f, v, 0, std::numeric_limits<int>::max() / 2); !r) return r;
     p.config.max_plies *= 2;
     return {}; }},
  {"tb", "DIR: adjudicate a game that reaches Íves dáma's endgame tables in DIR", false,
   [](P& p, const std::string& f, const V& v) { return with_value(f, v, [&](const std::string& s) -> Result<void> {
     p.config.tables_dir = s;
     return {}; }); }},
  {"resign", "movecount=N score=CP [twosided=true]", true,
   [](P& p, const std::string& f, const V& v) { return runner::apply_items(f, v, [&](auto& k, auto& x) { return apply_resign(p.config.resign, k, x); }); }},
  {"draw", "movenumber=N movecount=N score=CP", true,
   [](P& p, const std::string& f, const V& v) { return runner::apply_items(f, v, [&](auto& k, auto& x) { return apply_draw(p.config.draw, k, x); }); }},
  {"sprt", "elo0=E elo1=E alpha=A beta=B [model=logistic|normalized]; stops early", true,
   [](P& p, const std::string& f, const V& v) {
     if (!p.config.sprt) p.config.sprt = SprtConfig{};
     return runner::apply_items(f, v, [&](auto& k, auto& x) { return apply_sprt(*p.config.sprt, k, x); }); }},
  {"recover", "restart crashed engines and go on (the default)", false,
   [](P& p, const std::string& f, const V& v) { return set_bool(p.config.recover, f, v); }},
  {"norecover", "stop the tournament when an engine crashes", false,
   [](P& p, const std::string& f, const V& v) -> Result<void> {
     if (!v.empty()) return make_error(f + " takes no value");
     p.config.recover = false;
     return {}; }},
  {"event", "NAME: the Event tag", false,
   [](P& p, const std::string& f, const V& v) { return with_value(f, v, [&](const std::string& s) -> Result<void> {
     p.config.event = s; return {}; }); }},
  {"pgnout", "FILE: append game records", false,
   [](P& p, const std::string& f, const V& v) { return set_text(p.config.pgn_out, f, v); }},
  {"jsonout", "FILE: machine-readable summary", false,
   [](P& p, const std::string& f, const V& v) { return set_text(p.config.json_out, f, v); }},
  {"resume", "FILE: state file; an interrupted run started again with it continues", false,
   [](P& p, const std::string& f, const V& v) { return set_text(p.config.state_file, f, v); }},
  {"log", "DIR: engine stderr logs (<engine>-<thread>.log)", false,
   [](P& p, const std::string& f, const V& v) { return set_text(p.config.log_dir, f, v); }},
  {"debug", "with -log: also protocol transcripts (<engine>-<thread>.io.log)", false,
   [](P& p, const std::string& f, const V& v) { return set_bool(p.config.debug_log, f, v); }},
  {"ratinginterval", "N: print the score every N games (default 10, 0 = at the end)", false,
   [](P& p, const std::string& f, const V& v) { return set_int(p.config.rating_interval, f, v, 0); }},
  {"anchor", "NAME: the engine rated 0 in the maximum-likelihood ratings (default: the first builtin:random engine, else the first)", false,
   [](P& p, const std::string& f, const V& v) { return with_value(f, v, [&](const std::string& s) -> Result<void> {
     p.config.anchor = s; return {}; }); }},
  {"wait", "MS: pause MS milliseconds between a game thread's games (default 0)", false,
   [](P& p, const std::string& f, const V& v) { return set_int<std::int64_t>(p.config.wait_ms, f, v, 0, kMaxWaitMs); }},
  {"handshaketimeout", "MS: limit for uciok/readyok (default 10000)", false,
   [](P& p, const std::string& f, const V& v) { return set_int<std::int64_t>(p.config.handshake_timeout_ms, f, v, 1, kMaxWaitMs); }},
  {"movetimeout", "MS: limit for a move without a clock (default 60000)", false,
   [](P& p, const std::string& f, const V& v) { return set_int<std::int64_t>(p.config.untimed_move_limit_ms, f, v, 1, kMaxWaitMs); }},
};
// clang-format on

}  // namespace

const std::vector<Setting>& settings() {
  return kSettings;
}

const Setting* find_setting(std::string_view key) {
  auto it = std::find_if(kSettings.begin(), kSettings.end(),
                         [&](const Setting& s) { return key == s.key; });
  return it == kSettings.end() || !it->apply ? nullptr : &*it;
}

Result<void> apply_engine_setting(EngineConfig& e, const std::string& key,
                                  const std::string& value) {
  auto shared = runner::apply_engine_key(e, key, value);
  if (!shared) return shared.error();
  if (*shared) return {};
  if (key == "tc") {
    if (auto r = parse_tc(value, e.tc); !r) return r;
  } else if (key == "st") {
    TRIAD_ASSIGN(e.tc.move_time_ms, parse_seconds(value, "st"));
  } else if (key == "depth") {
    TRIAD_ASSIGN(e.tc.depth, runner::parse_int<int>(value, "depth", 1));
  } else if (key == "nodes") {
    TRIAD_ASSIGN(e.tc.nodes, runner::parse_int<std::uint64_t>(value, "nodes", 1));
  } else if (key == "timemargin") {
    TRIAD_ASSIGN(e.tc.margin_ms,
                 runner::parse_int<std::int64_t>(value, "timemargin (ms)", 0, kMaxWaitMs));
  } else if (key == "restart") {
    TRIAD_ASSIGN(e.restart, runner::parse_bool(value, "restart"));
  } else {
    return make_error("unknown engine key " + adapters::quote(key) + " (" + runner::kEngineKeys +
                      ", tc, st, depth, nodes, timemargin, restart)");
  }
  return {};
}

}  // namespace triad::tournament
