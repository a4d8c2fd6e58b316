// Yin Yang's perfect-play book (see perfect_book.h).
#include "adapters/yinyang/perfect_book.h"

#include <bit>
#include <cstddef>
#include <cstdint>

#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/symmetry.h"

// The packed table's bytes and their count, from start_proof.S (which includes the file the
// packer wrote at build time).
extern "C" {
__attribute__((visibility("hidden"))) extern const unsigned char triad_yinyang_start_proof[];
__attribute__((visibility("hidden"))) extern const std::uint64_t triad_yinyang_start_proof_size;
}

namespace triad::adapters::yinyang {

namespace yy = games::yinyang;
using N = Notation<yy::Game>;

const ProofTable* perfect_play_table() {
  static const auto table = ProofTable::view(
      std::as_bytes(std::span(triad_yinyang_start_proof, triad_yinyang_start_proof_size)));
  return table ? &*table : nullptr;
}

std::optional<BuiltinBookMove> perfect_play_move(const AnyGame& game) {
  const ProofTable* table = perfect_play_table();
  if (!table || game.game_name() != yy::Game::kName || game.outcome().over()) return std::nullopt;
  const yy::Game g;
  const auto pos = N::parse_position(g, game.position_line());
  if (!pos) return std::nullopt;
  const auto proof = yy::find_any_image(*table, *pos);
  if (!proof || !proof->best) return std::nullopt;
  return BuiltinBookMove{N::format_move(g, *pos, *proof->best), proof->side_to_move_wins,
                         std::popcount(pos->empty())};
}

}  // namespace triad::adapters::yinyang
