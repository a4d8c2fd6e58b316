// The nets compiled into the binary (docs/evaluation.md "In the engine"): the file
// nets/<name>.nnue of the source tree becomes the built-in net of <name>, a game (the net of
// all its variants) or a built-in variant (its own net, before its game's), so a lone `triad`
// file plays with it. Generated at build time by cmake/embed_nets.cmake.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace triad::adapters::nnue {

// The bytes of the built-in net file named `name` (a game or a variant), or nothing.
std::optional<std::string_view> builtin_net(std::string_view name);
// The names that have one (the file names of nets/).
std::vector<std::string_view> builtin_net_names();

}  // namespace triad::adapters::nnue
