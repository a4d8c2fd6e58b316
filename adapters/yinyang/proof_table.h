// Proofs kept sorted for lookups, in a fixed 24-byte record each: built from parsed proof
// lines (the packer, tests), or read in place from bytes of such records (the engine's
// built-in book, packed at build time: perfect_book.h). The record is the build machine's own
// layout and byte order; the bytes never leave the build that wrote them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/core/result.h"
#include "engine/games/yinyang/prover.h"

namespace triad::adapters::yinyang {

// One proof as the table keeps it: the stones, side to move and ply, the value for the side
// to move, and the move (kNoMove in `from` when the proof has none).
struct PackedProof {
  static constexpr std::uint8_t kNoMove = 0xFF;
  std::uint64_t light = 0, dark = 0;
  std::uint16_t ply = 0;
  std::uint8_t player_one = 0, side_to_move_wins = 0;
  std::uint8_t from = kNoMove, to = kNoMove;
  std::uint8_t unused[2] = {0, 0};
};
static_assert(sizeof(PackedProof) == 24);

class ProofTable final : public games::yinyang::ProofLookup {
 public:
  // Sorted by stones and side to move, one proof per position (the first of a position
  // given twice, at two plies, is kept).
  explicit ProofTable(const std::vector<games::yinyang::ProvedPosition>& proofs);
  // The records in `packed`, read in place (the bytes must outlive the table): an error
  // when they are not whole records in the table's order.
  static Result<ProofTable> view(std::span<const std::byte> packed);

  std::optional<games::yinyang::ProvedPosition> find(
      const games::yinyang::Position& pos) const override;
  std::size_t size() const { return bytes_.size() / sizeof(PackedProof); }
  games::yinyang::ProvedPosition at(std::size_t index) const;
  // The records, as view() reads them.
  std::span<const std::byte> bytes() const { return bytes_; }

  ProofTable(ProofTable&&) = default;
  ProofTable& operator=(ProofTable&&) = default;
  ProofTable(const ProofTable&) = delete;
  ProofTable& operator=(const ProofTable&) = delete;

 private:
  ProofTable() = default;
  PackedProof record(std::size_t index) const;

  std::vector<PackedProof> owned_;  // empty for a view
  std::span<const std::byte> bytes_;
};

}  // namespace triad::adapters::yinyang
