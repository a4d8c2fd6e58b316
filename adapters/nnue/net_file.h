// Net files of learned evaluations read from disk (the format is learn/net_file.h's): a file
// or a built-in net checked field by field, and the learned evaluation of any game position
// from its position line (the feature set of learn/features.h).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/common/any_game.h"
#include "engine/core/result.h"
#include "learn/net_file.h"

namespace triad::adapters::nnue {

using learn::encode_net_file;
using learn::kMaxNetFileBytes;
using learn::NetFile;

// The net in `path`: refuses anything but a regular file of at most kMaxNetFileBytes, and
// whatever learn::decode_net_file refuses, each with one message naming the file.
Result<NetFile> read_net_file(const std::filesystem::path& path,
                              learn::NetVersions versions = learn::NetVersions::kCurrent);
// The same checks on a net file's bytes (`name` names it in messages, quoted as every user
// text is, and becomes its path).
Result<NetFile> parse_net_file(std::string_view bytes, const std::string& name,
                               learn::NetVersions versions = learn::NetVersions::kCurrent);
// The built-in net (builtin_nets.h) of the variant `variant` of `game`: the variant's own if
// it has one, else the game's; read with the same checks and named "<built-in NAME>"; nothing
// when neither has one.
std::optional<Result<NetFile>> builtin_net_file(std::string_view variant, std::string_view game);

// The learned evaluation of `game`'s current position, in engine points from the side to
// move (refreshed from scratch: for `eval`, not for the search). The net must be for the
// game (an error otherwise).
Result<int> learned_evaluation(const NetFile& net, const AnyGame& game);

}  // namespace triad::adapters::nnue
