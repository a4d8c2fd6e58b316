// The shared engine keys (see engine_spec.h).
#include "runner/engine_spec.h"

#include <sstream>

#include "adapters/common/text.h"
#include "runner/value_parsers.h"

namespace triad::runner {

Result<bool> apply_engine_key(EngineSpec& e, const std::string& key, const std::string& value) {
  if (key == "name") {
    e.name = value;
  } else if (key == "cmd") {
    e.command = value;
  } else if (key == "arg") {
    e.args.push_back(value);
  } else if (key == "args") {
    std::istringstream in(value);
    for (std::string a; in >> a;) e.args.push_back(a);
  } else if (key == "dir") {
    e.working_dir = value;
  } else if (key == "proto") {
    if (value == "uci") {
      e.dialect = protocol::Dialect::kUci;
    } else if (value == "ugi") {
      e.dialect = protocol::Dialect::kUgi;
    } else {
      return make_error("proto " + adapters::quote(value) + " must be uci or ugi");
    }
  } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
    // A line break in a name or value would reach the engine as a command of its own.
    for (const std::string* text : {&key, &value})
      for (const unsigned char ch : *text)
        if (ch < 0x20 || ch == 0x7f)
          return make_error(key.substr(0, 7) + adapters::quote(key.substr(7)) +
                            " contains a control character (code " + std::to_string(ch) +
                            "); option names and values must be one line of text");
    e.options.emplace_back(key.substr(7), value);
  } else {
    return false;
  }
  return true;
}

Result<void> apply_items(
    const std::string& field, const std::vector<std::string>& items,
    const std::function<Result<void>(const std::string& key, const std::string& value)>& set) {
  for (const auto& item : items) {
    auto [key, value] = split_item(item);
    if (auto r = set(key, value); !r) return make_error(field + ": " + r.error().message);
  }
  return {};
}

}  // namespace triad::runner
