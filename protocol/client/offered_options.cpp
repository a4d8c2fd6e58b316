// The options an engine offers, and the check of a user's value against them (see
// offered_options.h).
#include "protocol/client/offered_options.h"

#include <algorithm>
#include <charconv>
#include <sstream>

#include <boost/algorithm/string/case_conv.hpp>
#include <boost/algorithm/string/predicate.hpp>

namespace triad::protocol {

namespace {

std::string lower(std::string_view text) {
  return boost::algorithm::to_lower_copy(std::string(text));
}

std::optional<std::int64_t> parse_integer(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The words of a declaration after `name`: the fields name the parts that follow them, and a
// name or a value may hold spaces ("Skill Level", "var Very Fast").
const std::vector<std::string> kFields = {"type", "default", "min", "max", "var"};

std::string joined(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
  std::string text;
  for (std::size_t i = from; i < to; ++i) text += (i > from ? " " : "") + words[i];
  return text;
}

// The value shown in a message: short, and nothing that could not be printed.
std::string shown(std::string_view value) {
  constexpr std::size_t kShown = 40;
  std::string text(value.substr(0, kShown));
  for (char& c : text)
    if (static_cast<unsigned char>(c) < 0x20) c = '?';
  return "'" + text + (value.size() > kShown ? "...'" : "'");
}

}  // namespace

void OfferedOptions::add(std::string_view line) {
  std::istringstream in{std::string(line)};
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  if (words.size() < 4 || words[0] != "option" || words[1] != "name") return;
  if (options_.size() >= kMaxOptions) return;
  const auto is_field = [](const std::string& w) {
    return std::find(kFields.begin(), kFields.end(), w) != kFields.end();
  };
  std::size_t i = 2;
  while (i < words.size() && words[i] != "type") ++i;
  if (i == 2 || i + 1 >= words.size()) return;
  OfferedOption option{joined(words, 2, i), words[i + 1], {}, {}, {}};
  for (i += 2; i < words.size();) {
    const std::string field = words[i];
    std::size_t end = i + 1;
    while (end < words.size() && !is_field(words[end])) ++end;
    const std::string value = joined(words, i + 1, end);
    if (field == "min") option.min = parse_integer(value);
    if (field == "max") option.max = parse_integer(value);
    if (field == "var") option.vars.push_back(value);
    i = end;
  }
  options_.emplace(lower(option.name), std::move(option));
}

const OfferedOption* OfferedOptions::find(std::string_view name) const {
  const auto it = options_.find(lower(name));
  return it == options_.end() ? nullptr : &it->second;
}

Result<void> OfferedOptions::check(std::string_view name, std::string_view value) const {
  const OfferedOption* option = find(name);
  if (!option) return make_error("the engine offers no option " + shown(name));
  const std::string what = "option '" + option->name + "' ";
  if (option->type == "spin") {
    const auto number = parse_integer(value);
    const std::string range = option->min && option->max ? " from " + std::to_string(*option->min) +
                                                               " to " + std::to_string(*option->max)
                                                         : "";
    if (!number || (option->min && *number < *option->min) ||
        (option->max && *number > *option->max))
      return make_error(what + "takes a whole number" + range + ", not " + shown(value));
  } else if (option->type == "check") {
    if (!boost::algorithm::iequals(value, "true") && !boost::algorithm::iequals(value, "false"))
      return make_error(what + "takes true or false, not " + shown(value));
  } else if (option->type == "combo") {
    const auto same = [value](const std::string& v) { return boost::algorithm::iequals(v, value); };
    if (std::none_of(option->vars.begin(), option->vars.end(), same)) {
      std::string vars;
      for (const auto& v : option->vars) vars += (vars.empty() ? "" : ", ") + v;
      return make_error(what + "takes one of " + vars + ", not " + shown(value));
    }
  } else if (option->type == "button") {
    if (!value.empty()) return make_error(what + "is a button: it takes no value");
  }
  return {};
}

}  // namespace triad::protocol
