// Small helpers shared by the Razzle Dazzle tests: parse a position line (failing the test
// on error) and list the legal moves of a position as tokens.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/razzle/notation.h"
#include "engine/games/razzle/game.h"

namespace triad::games::razzle::test {

using RazzleNotation = adapters::Notation<Game>;

inline Position parse(const Game& game, std::string_view fen) {
  auto pos = RazzleNotation::parse_position(game, fen);
  EXPECT_TRUE(pos.ok()) << fen << ": " << (pos.ok() ? "" : pos.error().message);
  return pos.ok() ? *pos : game.start_position();
}

// Legal turns as canonical tokens, sorted.
inline std::vector<std::string> legal_tokens(const Game& game, const Position& pos,
                                             engine::History history = {}) {
  Game::MoveList moves;
  game.generate(pos, history, moves);
  std::vector<std::string> out;
  for (const Move& m : moves) out.push_back(RazzleNotation::format_move(game, pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

inline bool is_legal(const Game& game, const Position& pos, std::string_view token,
                     engine::History history = {}) {
  return RazzleNotation::parse_move(game, pos, history, token).ok();
}

}  // namespace triad::games::razzle::test
