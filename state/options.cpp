// Option declaration, validation and the UCI `option` lines (see options.h).
#include "state/options.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "adapters/common/text.h"

namespace triad::state {

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

namespace {

const char* type_name(OptionType t) {
  switch (t) {
    case OptionType::kSpin:
      return "spin";
    case OptionType::kCheck:
      return "check";
    case OptionType::kCombo:
      return "combo";
    case OptionType::kButton:
      return "button";
    case OptionType::kString:
      return "string";
  }
  return "string";
}

// The canonical form of `value` for `spec`, or why it is not acceptable.
Result<std::string> canonical_value(const OptionSpec& spec,
                                    const std::optional<std::string>& value) {
  const std::string what = "setoption " + spec.name;
  if (spec.type == OptionType::kButton) return std::string();
  if (!value) return make_error(what + " : a value is required (`value <v>`)");
  switch (spec.type) {
    case OptionType::kSpin: {
      const auto v = adapters::parse_integer<std::int64_t>(*value);
      if (!v) return make_error(what + " : " + adapters::quote(*value) + " is not an integer");
      if (*v < spec.min || *v > spec.max)
        return make_error(what + " : " + std::to_string(*v) + " is out of range " +
                          std::to_string(spec.min) + ".." + std::to_string(spec.max));
      return std::to_string(*v);
    }
    case OptionType::kCheck:
      if (iequals(*value, "true")) return std::string("true");
      if (iequals(*value, "false")) return std::string("false");
      return make_error(what + " : " + adapters::quote(*value) + " is not true or false");
    case OptionType::kCombo:
      for (const auto& var : spec.vars)
        if (iequals(var, *value)) return var;
      return make_error(what + " : " + adapters::quote(*value) +
                        " is not one of the allowed values");
    default:
      // Strings: `<empty>` is how UCI GUIs write the empty string.
      return *value == "<empty>" ? std::string() : *value;
  }
}

}  // namespace

void Options::add(OptionSpec spec, OnChange on_change) {
  std::string value = spec.default_value;
  entries_.push_back({std::move(spec), std::move(on_change), nullptr, std::move(value)});
}

void Options::add(OptionSpec spec, OnChange on_change, Current current) {
  entries_.push_back({std::move(spec), std::move(on_change), std::move(current), {}});
}

std::vector<std::string> Options::uci_lines() const {
  std::vector<std::string> out;
  for (const auto& e : entries_) {
    const auto& s = e.spec;
    std::string line = "option name " + s.name + " type " + type_name(s.type);
    switch (s.type) {
      case OptionType::kSpin:
        line += " default " + s.default_value + " min " + std::to_string(s.min) + " max " +
                std::to_string(s.max);
        break;
      case OptionType::kCombo:
        line += " default " + s.default_value;
        for (const auto& v : s.vars) line += " var " + v;
        break;
      case OptionType::kButton:
        break;
      case OptionType::kCheck:
        line += " default " + s.default_value;
        break;
      case OptionType::kString:
        line += " default " + (s.default_value.empty() ? std::string("<empty>") : s.default_value);
        break;
    }
    out.push_back(std::move(line));
  }
  return out;
}

Result<void> Options::set(std::string_view name, const std::optional<std::string>& value) {
  Entry* e = find(name);
  if (!e) return make_error("setoption " + adapters::quote(name) + " : no such option (see `uci`)");
  auto canonical = canonical_value(e->spec, value);
  if (!canonical) return canonical.error();
  if (e->on_change) {
    if (auto r = e->on_change(*canonical); !r) return r.error();
  }
  if (e->spec.type != OptionType::kButton && !e->current) e->value = std::move(*canonical);
  return {};
}

Result<void> Options::set_default(std::string_view name, const std::string& value) {
  if (auto r = set(name, value); !r) return r;
  Entry* e = find(name);
  if (e->spec.type != OptionType::kButton) e->spec.default_value = e->now();
  return {};
}

const Options::Entry* Options::find(std::string_view name) const {
  for (const auto& e : entries_)
    if (iequals(e.spec.name, name)) return &e;
  return nullptr;
}

Options::Entry* Options::find(std::string_view name) {
  return const_cast<Entry*>(static_cast<const Options*>(this)->find(name));
}

const Options::Entry& Options::get(std::string_view name) const {
  const Entry* e = find(name);
  if (!e) throw std::logic_error("undeclared option " + std::string(name));
  return *e;
}

std::int64_t Options::spin(std::string_view name) const {
  return std::stoll(get(name).now());
}
bool Options::check(std::string_view name) const {
  return get(name).now() == "true";
}
std::string Options::text(std::string_view name) const {
  return get(name).now();
}

void Options::set_vars(std::string_view name, std::vector<std::string> vars) {
  if (Entry* e = find(name)) e->spec.vars = std::move(vars);
}

void Options::set_range(std::string_view name, std::int64_t min, std::int64_t max) {
  Entry* e = find(name);
  if (!e || e->spec.type != OptionType::kSpin || e->current) return;  // bound: fixed ranges
  const std::int64_t old_max = e->spec.max;
  e->spec.min = min;
  e->spec.max = max;
  const auto clamped = [&](const std::string& v) {
    const std::int64_t n = std::stoll(v);
    return std::to_string(n == old_max ? max : std::clamp<std::int64_t>(n, min, max));
  };
  e->value = clamped(e->value);
  e->spec.default_value = clamped(e->spec.default_value);
}

}  // namespace triad::state
