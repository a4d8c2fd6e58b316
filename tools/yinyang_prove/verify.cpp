// Re-solving proofs with the ReferenceSolver (see verify.h).
#include "tools/yinyang_prove/verify.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <random>
#include <tuple>

#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/reference_solver.h"

namespace triad::tools {

namespace {

namespace yy = games::yinyang;
using N = adapters::Notation<yy::Game>;

constexpr int kTableBits = 18;  // 4 MB: plenty for the positions a reference solve can take

// Whether the side to move wins `pos` (a fresh ReferenceSolver, null window at the winning
// threshold); nothing when stopped.
std::optional<bool> reference_wins(const yy::Position& pos, const std::function<bool()>& stop) {
  yy::ReferenceSolver solver(kTableBits);
  const int need = yy::winning_margin(pos.side_to_move);
  const auto v = solver.value(pos, need - 1, need, nullptr, stop);
  if (!v) return std::nullopt;
  return *v >= need;
}

bool is_legal(const yy::Game& g, const yy::Position& pos, const yy::Move& m) {
  yy::MoveList moves;
  g.generate(pos, {}, moves);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

}  // namespace

VerifyReport verify_proofs(const ProofFile& file, std::size_t sample, std::uint64_t seed,
                           int max_empties, const std::function<bool()>& stop) {
  VerifyReport report;
  std::vector<yy::ProvedPosition> eligible;
  for (const auto& [key, proof] : file.proofs()) {
    if (std::popcount(proof.pos.empty()) > max_empties) {
      ++report.too_large;
      continue;
    }
    eligible.push_back(proof);
  }
  // A fixed order before the seeded draw, so the same seed checks the same proofs.
  std::sort(eligible.begin(), eligible.end(), [](const auto& a, const auto& b) {
    return std::tuple(a.pos.light, a.pos.dark, a.pos.side_to_move) <
           std::tuple(b.pos.light, b.pos.dark, b.pos.side_to_move);
  });
  if (sample > 0 && sample < eligible.size()) {
    std::mt19937_64 rng(seed);
    std::shuffle(eligible.begin(), eligible.end(), rng);
    eligible.resize(sample);
  }
  const yy::Game g;
  for (const auto& proof : eligible) {
    const std::string where = N::format_position(g, proof.pos);
    const auto wins = reference_wins(proof.pos, stop);
    if (!wins) {
      report.stopped = true;
      break;
    }
    ++report.checked;
    if (*wins != proof.side_to_move_wins) {
      report.failures.push_back(where + ": stored " + (proof.side_to_move_wins ? "win" : "loss") +
                                ", the reference solver finds " + (*wins ? "a win" : "a loss"));
      continue;
    }
    if (!proof.best) {
      if (proof.side_to_move_wins)
        report.failures.push_back(where + ": stored win without a winning move");
      continue;
    }
    if (!is_legal(g, proof.pos, *proof.best)) {
      report.failures.push_back(where + ": stored move is not legal");
      continue;
    }
    if (!proof.side_to_move_wins) continue;
    const yy::Position child = g.make(proof.pos, *proof.best);
    const auto opponent_wins = reference_wins(child, stop);
    if (!opponent_wins) {
      report.stopped = true;
      break;
    }
    if (*opponent_wins)
      report.failures.push_back(where + ": stored winning move " +
                                N::format_move(g, proof.pos, *proof.best) +
                                " lets the opponent win");
  }
  return report;
}

}  // namespace triad::tools
