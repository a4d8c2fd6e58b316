// Yin Yang's perfect-play book (see perfect_book.h).
#include "adapters/yinyang/perfect_book.h"

#include <bit>
#include <optional>

#include "adapters/yinyang/notation.h"
#include "adapters/yinyang/proof_text.h"
#include "engine/games/yinyang/symmetry.h"
#include "triad_yinyang_start_proof.h"  // generated from books/yinyang-start.proof

namespace triad::adapters::yinyang {

namespace yy = games::yinyang;
using N = Notation<yy::Game>;

book::Book book_from_proofs(const std::vector<yy::ProvedPosition>& proofs,
                            book::BookVariant variant) {
  book::Book result(std::move(variant));
  const yy::Game g;
  for (const auto& proof : proofs) {
    for (int s = 0; s < yy::kSymmetries; ++s) {
      const yy::Position pos = yy::transformed(proof.pos, s);
      book::BookEntry& entry = result.at(N::format_position(g, pos));
      entry.proved = proof.side_to_move_wins ? book::Proved::kWin : book::Proved::kLoss;
      // Every move fills a square: the game ends within this many plies.
      entry.distance = static_cast<std::uint16_t>(std::popcount(pos.empty()));
      if (!proof.best) continue;
      const yy::Move m{static_cast<yy::Square>(yy::transform_square(proof.best->from, s)),
                       static_cast<yy::Square>(yy::transform_square(proof.best->to, s))};
      entry.add(N::format_move(g, pos, m)).weight = 1;
    }
  }
  return result;
}

std::string_view perfect_play_proof_text() {
  return kStartProof;
}

const book::Book* perfect_play_book() {
  static const std::optional<book::Book> built = []() -> std::optional<book::Book> {
    auto proofs = parse_proof_text(kStartProof);
    if (!proofs) return std::nullopt;
    return book_from_proofs(*proofs, {"yinyang", "yinyang", 0});
  }();
  return built ? &*built : nullptr;
}

}  // namespace triad::adapters::yinyang
