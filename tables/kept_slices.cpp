// The finished slices' values kept in memory under -memory (kept_slices.h).
#include "tables/kept_slices.h"

#include <algorithm>
#include <bit>

#include "tables/builder.h"

namespace triad::tables {

namespace {

// Whether slice y has a capture into slice x: a capture takes one or more stones of one side.
bool reaches(Material y, Material x) {
  return (y.a == x.a && y.b > x.b) || (y.b == x.b && y.a > x.a);
}

std::uint64_t entries_of(const iv::Game& game, Material m) {
  return SliceIndex(game.geometry().num_points, game.geometry().all, m).size();
}

}  // namespace

KeptSlices::KeptSlices(const iv::Game& game, std::uint64_t memory, int max_stones)
    : game_(&game), memory_(memory), max_stones_(max_stones), set_(game) {}

std::uint64_t KeptSlices::build_bytes(Material m) const {
  const std::uint64_t entries = entries_of(*game_, m);
  return entries > piece_entries(memory_) ? memory_ : 3 * entries;
}

bool KeptSlices::needed_from(Material m, Material x) const {
  // Build order: by stone total, then by Player 1's stones (materials_up_to()).
  for (const Material y : materials_up_to(max_stones_))
    if ((y.stones() > m.stones() || (y.stones() == m.stones() && y.a >= m.a)) && reaches(y, x))
      return true;
  return false;
}

void KeptSlices::free(Material x) {
  bytes_ -= 2 * set_.values(x).size();
  set_.remove(x);
  kept_.erase(std::find(kept_.begin(), kept_.end(), x));
}

void KeptSlices::make_room(Material m) {
  for (const Material x : std::vector<Material>(kept_))
    if (!needed_from(m, x)) free(x);
  const std::uint64_t room = memory_ - std::min(memory_, build_bytes(m));
  while (bytes_ > room) {
    // The largest slice m does not reach, else the largest.
    const auto worse = [&](Material x, Material y) {
      if (reaches(m, x) != reaches(m, y)) return reaches(m, x);
      return set_.values(x).size() < set_.values(y).size();
    };
    free(*std::max_element(kept_.begin(), kept_.end(), worse));
  }
}

void KeptSlices::offer(Material m, std::vector<std::int16_t>& values) {
  if (!needed_from(m, m) || bytes_ + 2 * values.size() > memory_) return;
  bytes_ += 2 * values.size();
  set_.add(m, std::move(values));
  kept_.push_back(m);
}

Result<void> KeptSlices::offer_file(const SliceFile& file, int threads) {
  const Material m = file.material();
  if (!needed_from(m, m) || bytes_ + 2 * file.entries() > memory_) return {};
  for (const Material x : materials_up_to(m.stones() - 1))
    if (reaches(m, x) && !has(x)) return {};
  auto values = file.decode_all(set_, threads);
  if (!values) return values.error();
  offer(m, *values);
  return {};
}

iv::ChildCode KeptSlices::child(const TableSet* files, std::atomic<bool>& unreadable) const {
  return [this, files, &unreadable](const iv::Position& c) -> std::int16_t {
    using namespace iv::endgame_code;
    if (set_.has({std::popcount(c.pieces[0]), std::popcount(c.pieces[1])})) return set_.code(c);
    if (game_->terminal(c).over()) return kOver;
    const auto v = files->probe(c);
    if (!v) {
      unreadable = true;
      return 0;
    }
    using R = iv::EndgameValue::Result;
    return v->result == R::kWin ? win_in(v->plies) : v->result == R::kLoss ? loss_in(v->plies) : 0;
  };
}

}  // namespace triad::tables
