// OfferedOptions: the options an engine lists at the handshake (`option name … type …`), and
// whether a value a user gives for one of them is one the engine declared it takes — so a
// runner refuses a misspelt option or a value out of range before the first game instead of
// sending a `setoption` the engine ignores. Names and check/combo values compare without
// regard to case, as UCI asks.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.h"

namespace triad::protocol {

struct OfferedOption {
  std::string name;  // as the engine spells it
  std::string type;  // check, spin, combo, button or string (or another word: not checked)
  std::optional<std::int64_t> min, max;  // a spin's bounds, when declared
  std::vector<std::string> vars;         // a combo's values
};

class OfferedOptions {
 public:
  // Reads one `option name <name> type <type> [default …] [min …] [max …] [var …]…` line;
  // other lines, and options beyond kMaxOptions, are ignored.
  void add(std::string_view line);
  // The option of this name (any case), if the engine offered it.
  const OfferedOption* find(std::string_view name) const;
  // Why the engine would not take `value` for `name`: it offered no such option, or the value
  // is not of the declared type or outside the declared range (a button takes no value).
  Result<void> check(std::string_view name, std::string_view value) const;
  std::size_t size() const { return options_.size(); }

  static constexpr std::size_t kMaxOptions = 1000;

 private:
  std::map<std::string, OfferedOption> options_;  // by lower-case name
};

}  // namespace triad::protocol
