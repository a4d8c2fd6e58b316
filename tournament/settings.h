// The table of triad-match's settings: every key with its argument, help text and the
// function that applies it. The command line, the YAML reader and -help all read this one
// table, so a setting is added in one place.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.h"
#include "tournament/config.h"

namespace triad::tournament {

struct Setting {
  const char* key;
  const char* help;  // "ARG: what it does" as -help shows it
  // A group takes key=value items (a YAML map); other settings take one value, none
  // (flags) or, for `variants`, several.
  bool group;
  // `field` is the key as the user wrote it ("-games"), for messages.
  Result<void> (*apply)(PendingConfig& pending, const std::string& field,
                        const std::vector<std::string>& values);
};

// Every setting, in the order -help lists them (`config` and `help` are handled by the
// command line itself and have no setter).
const std::vector<Setting>& settings();
// The setting named `key`, or nullptr.
const Setting* find_setting(std::string_view key);

// Applies one `key=value` of an engine group: the runner's keys (runner/engine_spec.h) and
// the match's (tc, st, depth, nodes, timemargin, restart).
Result<void> apply_engine_setting(EngineConfig& engine, const std::string& key,
                                  const std::string& value);

}  // namespace triad::tournament
