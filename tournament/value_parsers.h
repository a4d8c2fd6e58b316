// Typed values from setting text (command line words, YAML scalars, key=value items), each
// failure one clear message naming the setting.
#pragma once

#include <charconv>
#include <limits>
#include <string>
#include <utility>

#include "engine/core/result.h"

namespace triad::tournament {

// An integer in [min_value, max_value]; the error names `field` and the bound broken.
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

Result<double> parse_double(const std::string& text, const std::string& field);

// on/true/yes/1 or an empty value (a bare flag) = true; off/false/no/0 = false.
Result<bool> parse_bool(const std::string& text, const std::string& field);

// "key=value" -> {key, value}; "key" -> {key, ""}.
std::pair<std::string, std::string> split_item(const std::string& item);

}  // namespace triad::tournament
