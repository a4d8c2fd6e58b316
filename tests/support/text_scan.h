// Reading numbers out of a program's text output in the tests, without std::regex (which
// costs tens of seconds of compile time per test file under the sanitizers).
#pragma once

#include <string_view>
#include <vector>

namespace triad::testing {

// Every place where `pattern` occurs in `text`, left to right and not overlapping, with the
// whole numbers (an optional '-', then digits) standing at its "{}" marks:
// scan_numbers("x +3 =1 -0} y", "+{} ={} -{}}") is {{3, 1, 0}}. The pattern starts with text.
std::vector<std::vector<long>> scan_numbers(std::string_view text, std::string_view pattern);

}  // namespace triad::testing
