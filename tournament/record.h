// Game records in the PGN-like format of docs/notation.md "Game records": tag pairs, the
// numbered move tokens with a comment per engine move ({score/depth time}), a closing
// comment saying why the game ended, and the result.
#pragma once

#include <string>

#include "tournament/game.h"

namespace triad::tournament {

// "+0.35" / "-1.20" for centipawn-like scores, "+M5" / "-M4" for mates in moves (UCI's
// `score mate N`, as cutechess writes them).
std::string format_score(const protocol::EngineScore& score);

// The whole record, ending with an empty line (records are appended one after another).
std::string format_record(const GameRecord& record);

}  // namespace triad::tournament
