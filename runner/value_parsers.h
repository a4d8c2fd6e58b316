// Typed values from setting text (command line words, YAML scalars, key=value items), each
// failure one clear message naming the setting.
#pragma once

#include <charconv>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "adapters/common/text.h"
#include "engine/core/result.h"

namespace triad::runner {

// An integer in [min_value, max_value], read whole (no sign but '-', no trailing text); the
// one wording of a number error in every program's settings: "FIELD 'TEXT' is not an
// integer" or "FIELD 'TEXT' is outside MIN..MAX" (also for numbers too large for any type).
template <class T>
Result<T> parse_int(std::string_view text, std::string_view field, T min_value,
                    T max_value = std::numeric_limits<T>::max()) {
  T v{};
  const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  bool number = !text.empty() && p == text.data() + text.size();
  // A negative number for an unsigned type: from_chars reads no digit, but it is a number.
  const std::string_view digits = text.substr(!text.empty() && text[0] == '-' ? 1 : 0);
  if (std::is_unsigned_v<T> && digits.size() < text.size() && !digits.empty() &&
      digits.find_first_not_of("0123456789") == std::string_view::npos)
    number = true;
  const std::string shown = std::string(field) + " " + adapters::quote(text);
  if (number && (ec != std::errc() || v < min_value || v > max_value))
    return make_error(shown + " is outside " + std::to_string(min_value) + ".." +
                      std::to_string(max_value));
  if (!number) return make_error(shown + " is not an integer");
  return v;
}

// Assigns the value of the Result `expr` to `target`, or returns its error from the
// enclosing function (which returns a Result).
#define TRIAD_ASSIGN(target, expr) \
  do {                             \
    auto r_ = (expr);              \
    if (!r_) return r_.error();    \
    target = *r_;                  \
  } while (false)

Result<double> parse_double(const std::string& text, const std::string& field);

// on/true/yes/1 or an empty value (a bare flag) = true; off/false/no/0 = false.
Result<bool> parse_bool(const std::string& text, const std::string& field);

// "key=value" -> {key, value}; "key" -> {key, ""}.
std::pair<std::string, std::string> split_item(const std::string& item);

}  // namespace triad::runner
