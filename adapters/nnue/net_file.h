// Net files (format version 1, docs/evaluation.md "The net file"), written by the trainer
// (training/triad-train): reading one with every field checked, and the learned evaluation
// of any game position from its position line (the network's inputs are the board's letters
// seen by each side; see training/triad_train/data.py for the layout).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/common/any_game.h"
#include "engine/core/result.h"
#include "engine/nnue/network.h"

namespace triad::adapters::nnue {

inline constexpr std::uint32_t kNetFormatVersion = 1;
inline constexpr std::uintmax_t kMaxNetFileBytes = 64u << 20;
inline constexpr int kMaxDrawPermille = 1000;

struct NetFile {
  std::string path;     // as given
  std::string game;     // the base game it evaluates
  std::string variant;  // the variant its data came from
  std::string letters;  // the layout: the men's letters (upper case), e.g. "PBX"
  int points = 0;
  std::uint64_t positions = 0;  // positions it was trained on
  // Draws per 1000 games from an even position (expected score E = 0.5), fitted on the
  // validation games: the draw share at E is draw_permille * 2 min(E, 1 - E) / 1000 (protocol/
  // wdl.h). Nets of older trainers have 0 there (their reserved bytes).
  int draw_permille = 0;
  engine::nnue::Network net;
};

// The net in `path`: refuses anything but a regular file of at most kMaxNetFileBytes, another
// magic, another format version, sizes that do not fit together, a truncated file and a
// checksum mismatch, each with one message naming the file.
Result<NetFile> read_net_file(const std::filesystem::path& path);
// The same checks on a net file's bytes (`name` names it in messages and becomes its path).
Result<NetFile> parse_net_file(const std::string& bytes, const std::string& name);
// The built-in net (builtin_nets.h) of the variant `variant` of `game`: the variant's own if
// it has one, else the game's; read with the same checks and named "<built-in NAME>"; nothing
// when neither has one.
std::optional<Result<NetFile>> builtin_net_file(std::string_view variant, std::string_view game);

// The bytes of the net file of `f` (its path aside): what the trainer's writer writes
// (training/triad_train/net_file.py), for tests and tools that make nets in C++.
std::string encode_net_file(const NetFile& f);

// The on inputs of a board (one letter per point, '.' empty, the position line's order) seen
// by `side_to_move` (0: Player 1) and by the other side, ascending; letters outside the
// layout are an error.
Result<void> board_inputs(const NetFile& net, const std::string& board, int side_to_move,
                          std::vector<int>& mover, std::vector<int>& other);

// The learned evaluation of `game`'s current position, in engine points from the side to
// move (refreshed from scratch: for `eval`, not for the search). The net must be for the
// game (an error otherwise).
Result<int> learned_evaluation(const NetFile& net, const AnyGame& game);

}  // namespace triad::adapters::nnue
