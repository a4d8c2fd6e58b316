// Engine options (UCI `option` / `setoption`): typed (spin, check, combo, button, string),
// validated against their declaration, each with an on-change action. An option's value is
// kept by the table, or (bound to a typed setting) read from where it lives: its action stores
// it, and the table keeps no copy. The engine's table is declared with the engine state
// (state/engine_options.cpp); the session parses `setoption` and prints the `option` lines.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.h"

namespace triad::state {

enum class OptionType { kSpin, kCheck, kCombo, kButton, kString };

struct OptionSpec {
  std::string name;
  OptionType type = OptionType::kString;
  std::string default_value;      // spin: decimal; check: true/false; button: unused
  std::int64_t min = 0;           // spin only
  std::int64_t max = 0;           // spin only
  std::vector<std::string> vars;  // combo only
};

class Options {
 public:
  // Called with the validated (canonical) value; an error refuses the change.
  using OnChange = std::function<Result<void>(const std::string& value)>;

  // The current value of an option bound to a typed setting, as text (canonical).
  using Current = std::function<std::string()>;

  void add(OptionSpec spec, OnChange on_change);
  // An option bound to a setting: `on_change` stores the value, `current` reads it back.
  void add(OptionSpec spec, OnChange on_change, Current current);

  // One `option name ... type ...` line per option, in declaration order.
  std::vector<std::string> uci_lines() const;

  // Validates, runs the action, then stores; on error nothing changes. Names are matched
  // case-insensitively; check values true/false; combo values case-insensitively.
  Result<void> set(std::string_view name, const std::optional<std::string>& value);
  // Like set(), and the value also becomes the default that uci_lines() advertises (for
  // command-line settings, so a GUI that resets options to their defaults keeps them).
  Result<void> set_default(std::string_view name, const std::string& value);

  bool has(std::string_view name) const { return find(name) != nullptr; }
  // Current values (the option must exist).
  std::int64_t spin(std::string_view name) const;
  bool check(std::string_view name) const;
  std::string text(std::string_view name) const;  // string and combo values

  // Replaces a combo's allowed values (the current value must stay among them).
  void set_vars(std::string_view name, std::vector<std::string> vars);
  // Replaces a spin's range; its value and default are clamped into it, and either one at
  // the old maximum moves to the new maximum (the top stays the top).
  void set_range(std::string_view name, std::int64_t min, std::int64_t max);

 private:
  struct Entry {
    OptionSpec spec;
    OnChange on_change;
    Current current;    // bound: the value lives in a setting
    std::string value;  // unbound: the value
    std::string now() const { return current ? current() : value; }
  };
  const Entry* find(std::string_view name) const;
  Entry* find(std::string_view name);
  const Entry& get(std::string_view name) const;

  std::vector<Entry> entries_;
};

bool iequals(std::string_view a, std::string_view b);

}  // namespace triad::state
