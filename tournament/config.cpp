// Tournament configuration: the builder that collects settings from YAML files and the
// command line (through the settings table), and the checks of the finished configuration.
#include "tournament/config.h"

#include <set>

#include <yaml-cpp/yaml.h>

#include "adapters/common/text.h"
#include "tournament/settings.h"

namespace triad::tournament {

namespace {

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

}  // namespace

Result<void> ConfigBuilder::apply(const std::string& key, const std::vector<std::string>& values) {
  const Setting* setting = find_setting(key);
  if (!setting) return make_error("unknown setting '" + key + "'");
  return setting->apply(pending_, "-" + key, values);
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
          pending_.engines.push_back(*items);
        }
        continue;
      }
      Result<void> r;
      const Setting* setting = find_setting(key);
      if (!setting) {
        r = make_error("unknown setting '" + key + "'");
      } else if (setting->group) {
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
  TournamentConfig c = pending_.config;
  c.engines.clear();
  for (std::size_t i = 0; i < pending_.engines.size(); ++i) {
    EngineConfig e;
    auto set = [&e](auto& k, auto& v) { return apply_engine_setting(e, k, v); };
    if (auto r = runner::apply_items("-each", pending_.each, set); !r) return r.error();
    if (auto r = runner::apply_items("-engine", pending_.engines[i], set); !r)
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
  if (!c.anchor.empty() && !names.count(c.anchor))
    return make_error("-anchor " + adapters::quote(c.anchor) + " is not the name of an engine");
  if (c.resign.moves > 0 && c.resign.score <= 0)
    return make_error("-resign: score must be positive when movecount is set");
  if (c.debug_log && c.log_dir.empty()) return make_error("-debug needs -log DIR");
  if (c.openings && c.openings->file.empty() && c.openings->plies == 0)
    return make_error("-openings needs file= or plies=");
  return {};
}

}  // namespace triad::tournament
