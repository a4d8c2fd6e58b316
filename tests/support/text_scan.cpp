// Numbers out of text output for the tests (text_scan.h).
#include "tests/support/text_scan.h"

#include <cctype>
#include <optional>
#include <string>

namespace triad::testing {

namespace {

// The number at `at` (moved past it), or nothing.
std::optional<long> number_at(std::string_view text, std::size_t& at) {
  std::size_t i = at;
  const bool negative = i < text.size() && text[i] == '-';
  if (negative) ++i;
  const std::size_t digits = i;
  long value = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])))
    value = value * 10 + (text[i++] - '0');
  if (i == digits) return std::nullopt;
  at = i;
  return negative ? -value : value;
}

}  // namespace

std::vector<std::vector<long>> scan_numbers(std::string_view text, std::string_view pattern) {
  std::vector<std::string_view> literals;  // the pattern's text between its "{}" marks
  for (std::size_t from = 0;;) {
    const std::size_t mark = pattern.find("{}", from);
    literals.push_back(pattern.substr(from, mark == std::string_view::npos ? mark : mark - from));
    if (mark == std::string_view::npos) break;
    from = mark + 2;
  }
  std::vector<std::vector<long>> found;
  if (literals.front().empty()) return found;
  for (std::size_t start = text.find(literals.front()); start != std::string_view::npos;) {
    std::size_t at = start + literals.front().size();
    std::vector<long> numbers;
    bool whole = true;
    for (std::size_t k = 1; k < literals.size() && whole; ++k) {
      const auto n = number_at(text, at);
      whole = n && text.substr(at, literals[k].size()) == literals[k];
      if (whole) {
        numbers.push_back(*n);
        at += literals[k].size();
      }
    }
    if (whole) found.push_back(std::move(numbers));
    start = text.find(literals.front(), whole ? at : start + 1);
  }
  return found;
}

}  // namespace triad::testing
