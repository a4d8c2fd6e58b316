// The engine specification every runner reads (`-engine key=value ...`, a YAML engine map):
// how to start an engine and what to tell it before its first search. Each program adds its
// own keys on top (triad-match's time controls and restart rule stay in tournament/).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/result.h"
#include "protocol/client/info_line.h"

namespace triad::runner {

// Engine processes (or game slots) one program runs at once, at most.
inline constexpr int kMaxConcurrency = 1024;
// The longest time or wait any setting may give, in milliseconds (30 days): keeps clock
// arithmetic and deadlines far from overflow.
inline constexpr std::int64_t kMaxWaitMs = 30LL * 24 * 3600 * 1000;

struct EngineSpec {
  std::string name;
  std::string command;  // path / PATH name, or (triad-match) builtin:random / builtin:greedy
  std::vector<std::string> args;
  std::filesystem::path working_dir;
  protocol::Dialect dialect = protocol::Dialect::kUci;
  std::vector<std::pair<std::string, std::string>> options;  // setoption, in order

  bool builtin() const { return command.rfind("builtin:", 0) == 0; }
};

// The keys every runner takes, for messages: "name, cmd, arg, args, dir, proto, option.<Name>".
inline constexpr const char* kEngineKeys = "name, cmd, arg, args, dir, proto, option.<Name>";

// Applies one key=value of the shared keys; false if `key` is not one of them (the program's
// own keys, or an unknown key: the caller says which).
Result<bool> apply_engine_key(EngineSpec& engine, const std::string& key, const std::string& value);

// Applies every key=value item of a group through `set`, prefixing errors with `field`
// ("-engine").
Result<void> apply_items(
    const std::string& field, const std::vector<std::string>& items,
    const std::function<Result<void>(const std::string& key, const std::string& value)>& set);

}  // namespace triad::runner
