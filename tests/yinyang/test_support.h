// Shared helpers for the Yin Yang tests: positions from text, the perft table of
// tests/data/perft.yaml, seeded random games and an independent square-by-square reference
// move generator (written from the rules text, not from the bitboard code).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/game.h"

namespace triad::games::yinyang::testing {

using Notation = adapters::Notation<Game>;

// A position from a line the test knows to be valid (fails the test otherwise).
inline Position position_from(const Game& game, const std::string& line) {
  auto pos = Notation::parse_position(game, line);
  EXPECT_TRUE(pos.ok()) << line << ": " << (pos.ok() ? "" : pos.error().message);
  return pos.ok() ? *pos : Position{};
}

struct PerftTable {
  std::string fen;
  std::vector<std::uint64_t> leaves;  // leaves[d - 1] = perft(d)
};

inline PerftTable load_perft_table() {
  const YAML::Node root = YAML::LoadFile(TRIAD_SOURCE_DIR "/tests/data/perft.yaml");
  const YAML::Node entry = root["yinyang"];
  return {entry["fen"].as<std::string>(), entry["perft"].as<std::vector<std::uint64_t>>()};
}

// The moves as (from, to) pairs, sorted, for set comparisons.
inline std::vector<std::pair<int, int>> sorted_pairs(const MoveList& moves) {
  std::vector<std::pair<int, int>> out;
  for (const Move& m : moves) out.emplace_back(m.from, m.to);
  std::sort(out.begin(), out.end());
  return out;
}

// Reference generator: for each stone, count same-colour stones on the 8 neighbouring
// squares by coordinates, then walk each of the 4 lines square by square.
inline std::vector<std::pair<int, int>> reference_moves(const Position& pos) {
  auto at = [&](int f, int r) -> int {  // 0 empty, 1 light, 2 dark, -1 off board
    if (f < 0 || f >= 6 || r < 0 || r >= 6) return -1;
    const std::uint64_t b = std::uint64_t{1} << (r * 6 + f);
    return (pos.light & b) ? 1 : (pos.dark & b) ? 2 : 0;
  };
  std::vector<std::pair<int, int>> out;
  for (int r = 0; r < 6; ++r) {
    for (int f = 0; f < 6; ++f) {
      const int colour = at(f, r);
      if (colour <= 0) continue;
      int n = 0;
      for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr)
          if ((df || dr) && at(f + df, r + dr) == colour) ++n;
      if (n == 0) continue;
      const int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
      for (const auto& d : dirs) {
        bool clear = true;
        for (int k = 1; k <= n && clear; ++k) clear = at(f + k * d[0], r + k * d[1]) == 0;
        if (clear) out.emplace_back(r * 6 + f, (r + n * d[1]) * 6 + f + n * d[0]);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Every position of `games` seeded random games from the start position, finished ones
// included (their last position has no move).
inline std::vector<Position> random_game_positions(const Game& game, unsigned seed, int games) {
  std::mt19937 rng(seed);
  std::vector<Position> out;
  for (int i = 0; i < games; ++i) {
    Position pos = game.start_position();
    while (true) {
      out.push_back(pos);
      MoveList moves;
      game.generate(pos, {}, moves);
      if (moves.empty()) break;
      pos = game.make(pos,
                      moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
  return out;
}

}  // namespace triad::games::yinyang::testing
