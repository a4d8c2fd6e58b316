// Íves dáma endgame table: the slices up to its stone total, built in build order by the one
// retrograde builder (build_slice.h) and kept in memory; a capture's children, in smaller
// slices, are answered by the slices already built.
#include "engine/games/ivesdama/endgame.h"

#include <algorithm>
#include <bit>

#include "engine/games/ivesdama/build_slice.h"

namespace triad::games::ivesdama {

// Per material, in materials_up_to() order: its index and its codes (endgame_code).
struct EndgameTable::Slices {
  std::vector<SliceIndex> index;
  std::vector<std::vector<std::int16_t>> values;
};

namespace {

// The place of material (a, b) in materials_up_to() order: totals 0..s-1 hold s(s+1)/2.
std::size_t slice_of(int a, int b) {
  const int s = a + b;
  return static_cast<std::size_t>(s * (s + 1) / 2 + a);
}

}  // namespace

EndgameTable::EndgameTable(const Game& game, int max_stones) : max_stones_(max_stones) {
  auto slices = std::make_shared<Slices>();
  SliceSet built(game);  // the children of captures, in smaller slices
  const ChildCode child = [&built](const Position& c) { return built.code(c); };
  for (const Material m : materials_up_to(max_stones)) {
    built.add(m, build_slice(game, child, m, 1));
    slices->index.push_back(built.index(m));
    slices->values.push_back(built.values(m));
  }
  slices_ = std::move(slices);
}

std::size_t EndgameTable::size() const {
  std::size_t n = 0;
  for (const auto& v : slices_->values) n += v.size();
  return n;
}

bool EndgameTable::covers(const Position& pos) const {
  return std::popcount(pos.pieces[0]) + std::popcount(pos.pieces[1]) <= max_stones_;
}

std::optional<EndgameValue> EndgameTable::probe(const Position& pos) const {
  if (!covers(pos)) return std::nullopt;
  const std::size_t k = slice_of(std::popcount(pos.pieces[0]), std::popcount(pos.pieces[1]));
  const std::int16_t v =
      slices_->values[k][slices_->index[k].index(pos.pieces[0], pos.pieces[1], pos.side_to_move)];
  if (v == endgame_code::kOver) return std::nullopt;
  return decode_value(v);
}

const EndgameTable& Game::endgame() const {
  std::call_once(endgame_->once, [this] {
    endgame_->table = std::make_unique<EndgameTable>(*this, EndgameTable::kStones);
  });
  return *endgame_->table;
}

}  // namespace triad::games::ivesdama
