// Material slices of the Íves dáma endgame tables (slice.h): the index scheme, the finished
// slices' values and a position's value from its children.
#include "engine/games/ivesdama/slice.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <thread>

#include "engine/games/ivesdama/combinations.h"

namespace triad::games::ivesdama {

using endgame_code::kOver;

std::vector<Material> materials_up_to(int max_stones) {
  std::vector<Material> out;
  for (int total = 0; total <= max_stones; ++total)
    for (int a = 0; a <= total; ++a) out.push_back({a, total - a});
  return out;
}

SliceIndex::SliceIndex(int points, std::uint32_t all, Material m)
    : points_(points),
      all_(all),
      m_(m),
      rest_(choose(points - m.a, m.b)),
      placements_(std::uint64_t{choose(points, m.a)} * rest_) {}

std::uint64_t SliceIndex::index(std::uint32_t p1, std::uint32_t p2, engine::Player stm) const {
  // The points are bits 0..n-1, so Player 1's set is its own packed form; a point q of Player
  // 2 packs to q minus the points of Player 1 below it.
  std::uint64_t rank2 = 0;
  int i = 1;
  for (std::uint32_t b = p2; b; b &= b - 1, ++i) {
    const int q = std::countr_zero(b);
    rank2 += choose(q - std::popcount(p1 & ((1u << q) - 1)), i);
  }
  return static_cast<std::uint64_t>(engine::index(stm)) * placements_ +
         std::uint64_t{colex_rank(p1)} * rest_ + rank2;
}

Position SliceIndex::position(const Game& game, std::uint64_t entry) const {
  const auto stm = entry < placements_ ? engine::Player::kOne : engine::Player::kTwo;
  const std::uint64_t placement = entry % placements_;
  const std::uint32_t p1 =
      colex_unrank(static_cast<std::uint32_t>(placement / rest_), m_.a, points_);
  const std::uint32_t p2 =
      deposit(colex_unrank(static_cast<std::uint32_t>(placement % rest_), m_.b, points_ - m_.a),
              all_ & ~p1);
  return game.make_position(p1, p2, stm, 0);
}

const SliceSet::Slice* SliceSet::find(Material m) const {
  const auto key = static_cast<std::size_t>(m.a * (kMaxPoints + 1) + m.b);
  return key < slices_.size() ? slices_[key].get() : nullptr;
}

void SliceSet::add(Material m, std::vector<std::int16_t> values) {
  const auto key = static_cast<std::size_t>(m.a * (kMaxPoints + 1) + m.b);
  if (slices_.size() <= key) slices_.resize(key + 1);
  const auto& t = game_->geometry();
  slices_[key] =
      std::make_unique<Slice>(Slice{SliceIndex(t.num_points, t.all, m), std::move(values)});
}

void SliceSet::remove(Material m) {
  const auto key = static_cast<std::size_t>(m.a * (kMaxPoints + 1) + m.b);
  if (key < slices_.size()) slices_[key].reset();
}

std::int16_t SliceSet::code(const Position& pos) const {
  if (game_->terminal(pos).over()) return kOver;
  const Slice* s = find({std::popcount(pos.pieces[0]), std::popcount(pos.pieces[1])});
  return s->values[s->index.index(pos.pieces[0], pos.pieces[1], pos.side_to_move)];
}

std::int16_t code_from_slices(const Game& game, const Position& pos, const SliceSet& known) {
  return code_from_children(game, pos, [&](const Position& c) { return known.code(c); });
}

void parallel_chunks(std::uint64_t count, int threads,
                     const std::function<void(std::uint64_t, std::uint64_t)>& body) {
  constexpr std::uint64_t kChunk = 1 << 14;
  std::atomic<std::uint64_t> next{0};
  const auto work = [&] {
    for (std::uint64_t b; (b = next.fetch_add(kChunk)) < count;)
      body(b, std::min(count, b + kChunk));
  };
  std::vector<std::jthread> helpers;
  for (int i = 1; i < threads; ++i) helpers.emplace_back(work);
  work();
}

}  // namespace triad::games::ivesdama
