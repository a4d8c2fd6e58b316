// Small helpers shared by the Razzle Dazzle tests: parse a position line (failing the test
// on error) and list the legal moves of a position as tokens.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/razzle/notation.h"
#include "engine/games/razzle/game.h"

namespace triad::games::razzle::test {

using RazzleNotation = adapters::Notation<Game>;

// A position line from piece placements such as "d1:B d3:P a8:b" plus the other fields
// ("1 - -"), so rule tests can say where each piece stands.
inline std::string position_line(std::string_view placements, std::string_view rest) {
  std::array<char, kSquares> cells;
  cells.fill('.');
  for (std::size_t i = 0; i + 3 < placements.size(); i += 5)
    cells[static_cast<std::size_t>(make_square(placements[i] - 'a', placements[i + 1] - '1'))] =
        placements[i + 3];
  std::string board;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const char c = cells[static_cast<std::size_t>(make_square(file, rank))];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) board += static_cast<char>('0' + empty);
      empty = 0;
      board += c;
    }
    if (empty) board += static_cast<char>('0' + empty);
    if (rank) board += '/';
  }
  return board + " " + std::string(rest);
}

// The three rule combinations with public perft figures (parameters of the rule-wide tests).
inline const auto kRuleCombinations = ::testing::Values(
    Rules{RuleSet::kExtended, Repetition::kUndo}, Rules{RuleSet::kBasic, Repetition::kUndo},
    Rules{RuleSet::kExtended, Repetition::kPosition});

// "extended_undo", "basic_undo", "extended_position": test name suffixes.
inline std::string rules_name(const Rules& rules) {
  return std::string(rules.rule_set == RuleSet::kExtended ? "extended" : "basic") +
         (rules.repetition == Repetition::kUndo ? "_undo" : "_position");
}

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
