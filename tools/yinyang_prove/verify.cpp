// Checking proofs: the tree against itself, and a sample re-solved (see verify.h).
#include "tools/yinyang_prove/verify.h"

#include <algorithm>
#include <bit>
#include <optional>
#include <random>
#include <tuple>

#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/reference_solver.h"
#include "engine/games/yinyang/symmetry.h"

namespace triad::tools {

namespace {

namespace yy = games::yinyang;
using N = adapters::Notation<yy::Game>;
using Stop = std::function<bool()>;

constexpr int kTableBits = 18;  // 4 MB: plenty for the positions a reference solve can take

int empties(const yy::Position& pos) {
  return std::popcount(pos.empty());
}

// Whether the side to move wins `pos`, by a fresh solver: the ReferenceSolver (null window
// at the winning threshold), or the fast Solver on the mirror image `symmetry` (0 = the
// reference solver); nothing when stopped.
std::optional<bool> solve_again(const yy::Position& pos, int symmetry, std::size_t hash_mb,
                                const Stop& stop) {
  if (symmetry == 0) {
    yy::ReferenceSolver solver(kTableBits);
    const int need = yy::winning_margin(pos.side_to_move);
    const auto v = solver.value(pos, need - 1, need, nullptr, stop);
    if (!v) return std::nullopt;
    return *v >= need;
  }
  yy::Solver solver;
  solver.set_memory(hash_mb << 20);
  const auto v = solver.win_loss(yy::transformed(pos, symmetry), stop);
  if (!v) return std::nullopt;
  return v->side_to_move_wins;
}

bool is_legal(const yy::Game& g, const yy::Position& pos, const yy::Move& m) {
  yy::MoveList moves;
  g.generate(pos, {}, moves);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// Whether the side to move wins `pos` by what is known without solving: the end of the
// game, or a proof of the position or of a mirror image in the file.
std::optional<bool> known_value(const ProofFile& file, const yy::Game& g, const yy::Position& pos) {
  if (g.count_moves(pos, {}) == 0) return yy::margin_wins(yy::final_margin(pos), pos.side_to_move);
  if (const auto p = yy::find_any_image(file, pos)) return p->side_to_move_wins;
  return std::nullopt;
}

// An inner proof against its children's proofs; the failure, if any.
std::optional<std::string> check_inner(const ProofFile& file, const yy::Game& g,
                                       const yy::ProvedPosition& proof) {
  const std::string where = N::format_position(g, proof.pos);
  if (proof.side_to_move_wins) {
    if (!proof.best || !is_legal(g, proof.pos, *proof.best))
      return where + ": stored win without a legal winning move";
    const std::string token = N::format_move(g, proof.pos, *proof.best);
    const auto v = known_value(file, g, g.make(proof.pos, *proof.best));
    if (!v) return where + ": stored win, but its move " + token + " leads to an unproved position";
    if (*v) return where + ": stored win, but its move " + token + " lets the opponent win";
    return std::nullopt;
  }
  yy::MoveList moves;
  g.generate(proof.pos, {}, moves);
  for (const auto& m : moves) {
    const std::string token = N::format_move(g, proof.pos, m);
    const auto v = known_value(file, g, g.make(proof.pos, m));
    if (!v)
      return where + ": stored loss, but the move " + token + " leads to an unproved position";
    if (!*v) return where + ": stored loss, but the move " + token + " leaves the opponent lost";
  }
  return std::nullopt;
}

// One proof solved again (`symmetry` as in solve_again); the failure, if any. Sets `stopped`.
std::optional<std::string> re_solve(const yy::Game& g, const yy::ProvedPosition& proof,
                                    int symmetry, std::size_t hash_mb, const Stop& stop,
                                    bool& stopped) {
  const std::string where = N::format_position(g, proof.pos);
  const char* who = symmetry == 0 ? "the reference solver" : "the fast solver (mirror image)";
  const auto wins = solve_again(proof.pos, symmetry, hash_mb, stop);
  if (!wins) {
    stopped = true;
    return std::nullopt;
  }
  if (*wins != proof.side_to_move_wins)
    return where + ": stored " + (proof.side_to_move_wins ? "win" : "loss") + ", " + who +
           " finds " + (*wins ? "a win" : "a loss");
  if (!proof.best)
    return proof.side_to_move_wins ? std::optional(where + ": stored win without a winning move")
                                   : std::nullopt;
  if (!is_legal(g, proof.pos, *proof.best)) return where + ": stored move is not legal";
  if (!proof.side_to_move_wins) return std::nullopt;
  const auto opponent_wins = solve_again(g.make(proof.pos, *proof.best), symmetry, hash_mb, stop);
  if (!opponent_wins) {
    stopped = true;
    return std::nullopt;
  }
  if (*opponent_wins)
    return where + ": stored winning move " + N::format_move(g, proof.pos, *proof.best) +
           " lets the opponent win";
  return std::nullopt;
}

}  // namespace

VerifyReport verify_proofs(const ProofFile& file, const VerifySettings& settings,
                           const Stop& stop) {
  VerifyReport report;
  const yy::Game g;
  // A fixed order first, so the same seed checks the same proofs.
  std::vector<yy::ProvedPosition> proofs;
  for (const auto& [key, proof] : file.proofs()) proofs.push_back(proof);
  std::sort(proofs.begin(), proofs.end(), [](const auto& a, const auto& b) {
    return std::tuple(a.pos.light, a.pos.dark, a.pos.side_to_move) <
           std::tuple(b.pos.light, b.pos.dark, b.pos.side_to_move);
  });

  std::vector<yy::ProvedPosition> eligible;
  for (const auto& proof : proofs) {
    const bool inner = proof.nodes == 0;
    if (inner) {
      if (stop && stop()) {
        report.stopped = true;
        return report;
      }
      ++report.inner;
      if (auto failure = check_inner(file, g, proof)) report.failures.push_back(*failure);
    }
    if (empties(proof.pos) <= settings.max_empties || (!inner && proof.nodes <= settings.max_nodes))
      eligible.push_back(proof);
    else if (!inner)
      ++report.left_out;
  }
  std::mt19937_64 rng(settings.seed);
  if (settings.sample > 0 && settings.sample < eligible.size()) {
    std::shuffle(eligible.begin(), eligible.end(), rng);
    eligible.resize(settings.sample);
  }
  for (const auto& proof : eligible) {
    const bool by_reference = empties(proof.pos) <= settings.max_empties;
    const int symmetry = by_reference ? 0 : 1 + static_cast<int>(rng() % (yy::kSymmetries - 1));
    auto failure = re_solve(g, proof, symmetry, settings.hash_mb, stop, report.stopped);
    if (report.stopped) break;
    ++(by_reference ? report.by_reference : report.by_fast);
    if (failure) report.failures.push_back(*failure);
  }
  return report;
}

}  // namespace triad::tools
