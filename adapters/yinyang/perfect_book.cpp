// Yin Yang's perfect-play book (see perfect_book.h).
#include "adapters/yinyang/perfect_book.h"

#include <algorithm>
#include <bit>
#include <tuple>

#include "adapters/yinyang/notation.h"
#include "adapters/yinyang/proof_text.h"
#include "engine/games/yinyang/symmetry.h"
#include "triad_yinyang_start_proof.h"  // generated from books/yinyang-start.proof

namespace triad::adapters::yinyang {

namespace yy = games::yinyang;
using N = Notation<yy::Game>;

namespace {
auto order_key(const yy::Position& p) {
  return std::tuple(p.light, p.dark, p.side_to_move == engine::Player::kOne);
}
bool before(const yy::ProvedPosition& a, const yy::ProvedPosition& b) {
  return order_key(a.pos) < order_key(b.pos);
}
}  // namespace

ProofTable::ProofTable(std::vector<yy::ProvedPosition> proofs) : proofs_(std::move(proofs)) {
  std::stable_sort(proofs_.begin(), proofs_.end(), before);
  // One proof per position (the first kept): a position may be proved twice, at two plies.
  proofs_.erase(std::unique(proofs_.begin(), proofs_.end(),
                            [](const auto& a, const auto& b) { return !before(a, b); }),
                proofs_.end());
}

std::optional<yy::ProvedPosition> ProofTable::find(const yy::Position& pos) const {
  yy::ProvedPosition probe;
  probe.pos = pos;
  const auto it = std::lower_bound(proofs_.begin(), proofs_.end(), probe, before);
  if (it == proofs_.end() || before(probe, *it)) return std::nullopt;
  return *it;
}

void ProofTable::add(const yy::ProvedPosition& proved) {
  const auto it = std::lower_bound(proofs_.begin(), proofs_.end(), proved, before);
  if (it != proofs_.end() && !before(proved, *it))
    *it = proved;
  else
    proofs_.insert(it, proved);
}

std::string_view perfect_play_proof_text() {
  return kStartProof;
}

const ProofTable* perfect_play_table() {
  static const std::optional<ProofTable> table = []() -> std::optional<ProofTable> {
    auto proofs = parse_proof_text(kStartProof);
    if (!proofs) return std::nullopt;
    return ProofTable(std::move(*proofs));
  }();
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
