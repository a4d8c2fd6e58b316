// Shared helpers of the Íves dáma tests: games of the three built-in variants, positions
// from position lines, and moves from tokens (failing the test on a parse error).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "adapters/ivesdama/board_loader.h"
#include "adapters/ivesdama/notation.h"
#include "adapters/ivesdama/settings.h"
#include "engine/games/ivesdama/game.h"

namespace triad::games::ivesdama::testing {

using Notation = adapters::Notation<Game>;

inline Rules rules_of(std::string_view variant) {
  Rules rules;
  rules.arc_capture = variant == "ivesdama-arc";
  rules.forward = variant == "ivesdama-forward";
  return rules;
}

inline Game default_game(std::string_view variant = "ivesdama") {
  auto game = adapters::ivesdama::make_default_game(rules_of(variant));
  if (!game) ADD_FAILURE() << game.error().message;
  return *game;
}

inline Position position(const Game& game, std::string_view fen) {
  auto pos = Notation::parse_position(game, fen);
  if (!pos) {
    ADD_FAILURE() << "bad position '" << fen << "': " << pos.error().message;
    return game.start_position();
  }
  return *pos;
}

// The legal moves as canonical tokens.
inline std::vector<std::string> legal_tokens(const Game& game, const Position& pos) {
  Game::MoveList moves;
  game.generate(pos, {}, moves);
  std::vector<std::string> out;
  for (const auto& m : moves) out.push_back(Notation::format_move(game, pos, m));
  return out;
}

inline Position play(const Game& game, const Position& pos, std::string_view token) {
  auto m = Notation::parse_move(game, pos, {}, token);
  if (!m) {
    ADD_FAILURE() << "move '" << token << "': " << m.error().message;
    return pos;
  }
  return game.make(pos, *m);
}

}  // namespace triad::games::ivesdama::testing
