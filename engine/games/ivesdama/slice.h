// One material slice of the Íves dáma endgame tables (docs/tables.md): the positions with
// `a` stones of Player 1 and `b` of Player 2, their numbering (index scheme 1) and the values
// of finished slices (the retrograde builder is build_slice.h). The one index scheme of every
// endgame table: the game's in-memory table (endgame.h) and the files on disk (adapters/tables/).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "engine/games/ivesdama/endgame.h"
#include "engine/games/ivesdama/game.h"

namespace triad::games::ivesdama {

struct Material {
  int a = 0;  // stones of Player 1
  int b = 0;  // stones of Player 2
  int stones() const { return a + b; }
  auto operator<=>(const Material&) const = default;
};

// Every material with at most `max_stones` stones, in build order: by stone total, then by
// Player 1's stones (a capture only lowers the total, so each slice's captures lead into
// slices listed before it).
std::vector<Material> materials_up_to(int max_stones);

// Index scheme 1: entry = side * placements + rank(P1 set) * C(n - a, b) + rank(P2 set among
// the other points), ranks in colex order; the side to move is the most significant part, so
// each side's values form one run of the file.
class SliceIndex {
 public:
  static constexpr std::uint32_t kScheme = 1;
  SliceIndex(int points, std::uint32_t all, Material m);
  Material material() const { return m_; }
  std::uint64_t size() const { return 2 * placements_; }
  std::uint64_t placements() const { return placements_; }
  std::uint64_t index(std::uint32_t p1, std::uint32_t p2, engine::Player stm) const;
  // The position of an entry (the inverse of index()).
  Position position(const Game& game, std::uint64_t entry) const;

 private:
  int points_;
  std::uint32_t all_;
  Material m_;
  std::uint64_t rest_;  // C(n - a, b): Player 2's sets per Player 1 set
  std::uint64_t placements_;
};

// The finished slices' values (endgame_code per entry), by material.
class SliceSet {
 public:
  explicit SliceSet(const Game& game) : game_(&game) {}
  const Game& game() const { return *game_; }
  void add(Material m, std::vector<std::int16_t> values);
  void remove(Material m);  // frees its values
  bool has(Material m) const { return find(m) != nullptr; }
  const std::vector<std::int16_t>& values(Material m) const { return find(m)->values; }
  const SliceIndex& index(Material m) const { return find(m)->index; }
  // The code of a position whose slice is in the set (kOver for a position already over).
  std::int16_t code(const Position& pos) const;

 private:
  struct Slice {
    SliceIndex index;
    std::vector<std::int16_t> values;
  };
  const Slice* find(Material m) const;
  const Game* game_;
  std::vector<std::unique_ptr<Slice>> slices_;  // by a * (kMaxPoints + 1) + b
};

// The code of a position from its children's codes (`child_code(child)`, from the child's
// side to move; kOver for a child already over, i.e. won by this move): the best for the side
// to move, the fastest win, else a draw, else the slowest loss; without a move it is lost.
template <class ChildCode>
std::int16_t code_from_children(const Game& game, const Position& pos, ChildCode&& child_code) {
  using namespace endgame_code;
  // Wins (fastest first) > draw > losses (slowest first).
  const auto rank = [](std::int16_t c) { return c > 0 ? 100000 - c : c == 0 ? 0 : -100000 - c; };
  Game::MoveList moves;
  game.generate(pos, {}, moves);
  std::int16_t best = loss_in(0);
  for (const Move& m : moves) {
    const std::int16_t child = child_code(game.make(pos, m));
    const std::int16_t mine = child == kOver ? win_in(1)
                              : child < 0    ? win_in(plies_of(child) + 1)
                              : child > 0    ? loss_in(plies_of(child) + 1)
                                             : std::int16_t{0};
    if (rank(mine) > rank(best)) best = mine;
  }
  return best;
}
// The same with every child's code from `known`.
std::int16_t code_from_slices(const Game& game, const Position& pos, const SliceSet& known);

// Calls body(begin, end) on `threads` threads over chunks of [0, count).
void parallel_chunks(std::uint64_t count, int threads,
                     const std::function<void(std::uint64_t, std::uint64_t)>& body);

}  // namespace triad::games::ivesdama
