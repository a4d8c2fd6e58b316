// Playing a record on a game of its variant: the start from its FEN tag, then every move in
// turn, with one error naming the bad tag or the bad move (its ply and token).
#pragma once

#include <cstddef>
#include <functional>

#include "adapters/common/any_game.h"
#include "adapters/records/record.h"

namespace triad::adapters::records {

// Resets `game` to the record's start: its FEN tag, or the start position without one (or
// with CuteGames' [FEN "startpos"]). Error: "FEN tag: <why>".
Result<void> set_up(AnyGame& game, const Record& record);

// Plays the record's moves on `game` (set up already), calling `before_move(ply, game)` with
// each move's 0-based ply before it is played. Stops at the first move the rules refuse:
// "ply 5: <why>", the game's notation naming the token in <why> (the game is left before
// that move).
Result<void> play_moves(
    AnyGame& game, const Record& record,
    const std::function<void(std::size_t ply, const AnyGame& before)>& before_move = nullptr);

// Plays every variation of the record (nested ones too) from the position before the move
// it replaces, the main line from the record's start (set_up first); the main line's own
// moves are checked on the way. Stops at the first refused move: "ply 5: variation 1: ply 6:
// <why>" (plies counted from the record's start). `game` is left unchanged.
Result<void> check_variations(const AnyGame& game, const Record& record);

}  // namespace triad::adapters::records
