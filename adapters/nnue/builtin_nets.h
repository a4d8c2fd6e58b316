// The nets compiled into the binary (docs/evaluation.md "Built-in nets"): the file
// nets/<game>.nnue of the source tree becomes the built-in net of <game>, so a lone `triad`
// file plays with it. Generated at build time by cmake/embed_nets.cmake.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace triad::adapters::nnue {

// The bytes of `game`'s built-in net file, or nothing when it has none.
std::optional<std::string_view> builtin_net(std::string_view game);
// The games that have one (the file names of nets/).
std::vector<std::string_view> builtin_net_games();

}  // namespace triad::adapters::nnue
