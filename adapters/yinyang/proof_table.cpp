// Proofs kept sorted for lookups (see proof_table.h).
#include "adapters/yinyang/proof_table.h"

#include <algorithm>
#include <cstring>
#include <tuple>

namespace triad::adapters::yinyang {

namespace yy = games::yinyang;

namespace {
auto order_key(const PackedProof& p) {
  return std::tuple(p.light, p.dark, p.player_one);
}
bool before(const PackedProof& a, const PackedProof& b) {
  return order_key(a) < order_key(b);
}

PackedProof pack(const yy::ProvedPosition& p) {
  PackedProof r;
  r.light = p.pos.light;
  r.dark = p.pos.dark;
  r.ply = static_cast<std::uint16_t>(p.pos.ply);
  r.player_one = p.pos.side_to_move == engine::Player::kOne;
  r.side_to_move_wins = p.side_to_move_wins;
  if (p.best) {
    r.from = p.best->from;
    r.to = p.best->to;
  }
  return r;
}
}  // namespace

ProofTable::ProofTable(const std::vector<yy::ProvedPosition>& proofs) {
  owned_.reserve(proofs.size());
  for (const auto& p : proofs) owned_.push_back(pack(p));
  std::stable_sort(owned_.begin(), owned_.end(), before);
  owned_.erase(std::unique(owned_.begin(), owned_.end(),
                           [](const auto& a, const auto& b) { return !before(a, b); }),
               owned_.end());
  bytes_ = std::as_bytes(std::span(owned_));
}

Result<ProofTable> ProofTable::view(std::span<const std::byte> packed) {
  if (packed.size() % sizeof(PackedProof) != 0)
    return make_error("packed proofs: " + std::to_string(packed.size()) +
                      " bytes, not whole records of " + std::to_string(sizeof(PackedProof)));
  ProofTable table;
  table.bytes_ = packed;
  for (std::size_t i = 1; i < table.size(); ++i)
    if (!before(table.record(i - 1), table.record(i)))
      return make_error("packed proofs: record " + std::to_string(i) + " out of order");
  return table;
}

PackedProof ProofTable::record(std::size_t index) const {
  PackedProof r;  // copied out: the bytes of a view need not be aligned for a PackedProof
  std::memcpy(&r, bytes_.data() + index * sizeof r, sizeof r);
  return r;
}

yy::ProvedPosition ProofTable::at(std::size_t index) const {
  const PackedProof r = record(index);
  yy::ProvedPosition p;
  p.pos = yy::make_position(r.light, r.dark,
                            r.player_one ? engine::Player::kOne : engine::Player::kTwo, r.ply);
  p.side_to_move_wins = r.side_to_move_wins != 0;
  if (r.from != PackedProof::kNoMove) p.best = yy::Move{r.from, r.to};
  return p;
}

std::optional<yy::ProvedPosition> ProofTable::find(const yy::Position& pos) const {
  yy::ProvedPosition probe;
  probe.pos = pos;
  const PackedProof key = pack(probe);
  // A binary search by index: the records are unaligned bytes, and clang 14 cannot
  // instantiate std::views::iota with libstdc++ 12 (so no ranges::partition_point here).
  std::size_t low = 0, high = size();  // the first record not before `key`
  while (low < high) {
    const std::size_t mid = low + (high - low) / 2;
    if (before(record(mid), key))
      low = mid + 1;
    else
      high = mid;
  }
  if (low == size() || before(key, record(low))) return std::nullopt;
  return at(low);
}

}  // namespace triad::adapters::yinyang
