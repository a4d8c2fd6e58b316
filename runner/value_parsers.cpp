// Setting values: numbers, flags and key=value items.
#include "runner/value_parsers.h"

#include <cmath>

namespace triad::runner {

Result<double> parse_double(const std::string& text, const std::string& field) {
  double v = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || p != text.data() + text.size() || !std::isfinite(v))
    return make_error(field + " '" + text + "' is not a finite number");
  return v;
}

Result<bool> parse_bool(const std::string& text, const std::string& field) {
  if (text == "" || text == "on" || text == "true" || text == "yes" || text == "1") return true;
  if (text == "off" || text == "false" || text == "no" || text == "0") return false;
  return make_error(field + " '" + text + "' is not on/off/true/false");
}

std::pair<std::string, std::string> split_item(const std::string& item) {
  auto eq = item.find('=');
  if (eq == std::string::npos) return {item, ""};
  return {item.substr(0, eq), item.substr(eq + 1)};
}

}  // namespace triad::runner
