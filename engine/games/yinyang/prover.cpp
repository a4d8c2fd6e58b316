// The resumable AND/OR proof driver (see prover.h).
#include "engine/games/yinyang/prover.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <vector>

#include "engine/games/yinyang/symmetry.h"

namespace triad::games::yinyang {

std::optional<bool> Prover::prove(const Position& root, const StopCheck& stop) {
  return wins(root, 0, stop);
}

std::optional<bool> Prover::wins(const Position& pos, int ply, const StopCheck& stop) {
  if (const auto known = store_.find(pos)) return known->side_to_move_wins;
  MoveList moves;
  game_.generate(pos, {}, moves);
  if (moves.empty()) return margin_wins(final_margin(pos), pos.side_to_move);
  if (stop && stop()) return std::nullopt;

  ProvedPosition proved;
  proved.pos = pos;
  if (ply >= split_plies_) {
    const auto leaf = solve_and_store(pos, stop);
    if (!leaf) return std::nullopt;
    return leaf->side_to_move_wins;
  }

  // Fewest replies first: the likeliest wins, and the cheapest refutations.
  const int n = static_cast<int>(moves.size());
  std::array<int, kMaxMoves> order, replies;
  for (int i = 0; i < n; ++i) {
    order[i] = i;
    replies[i] = static_cast<int>(
        game_.count_moves(game_.make(pos, moves[static_cast<std::size_t>(i)]), {}));
  }
  std::stable_sort(order.begin(), order.begin() + n,
                   [&](int a, int b) { return replies[a] < replies[b]; });
  proved.best = moves[static_cast<std::size_t>(order[0])];
  // A move leading to a mirror image of a position tried already has the same value.
  std::vector<StonesKey> tried;
  for (int k = 0; k < n; ++k) {
    const Move m = moves[static_cast<std::size_t>(order[k])];
    const Position next = game_.make(pos, m);
    const StonesKey key = canonical_key(next);
    if (std::find(tried.begin(), tried.end(), key) != tried.end()) {
      ++skipped_;
      continue;
    }
    tried.push_back(key);
    const auto child = wins(next, ply + 1, stop);
    if (!child) return std::nullopt;
    if (!*child) {
      proved.side_to_move_wins = true;
      proved.best = m;
      break;
    }
  }
  store_.add(proved);
  return proved.side_to_move_wins;
}

std::optional<ProvedPosition> Prover::solve_and_store(const Position& pos, const StopCheck& stop) {
  const auto start = std::chrono::steady_clock::now();
  const auto verdict = solver_.win_loss(pos, stop);
  if (!verdict) return std::nullopt;
  ProvedPosition proved;
  proved.pos = pos;
  proved.side_to_move_wins = verdict->side_to_move_wins;
  proved.best = verdict->best;
  proved.nodes = verdict->nodes;
  proved.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ++solved_;
  store_.add(proved);
  return proved;
}

std::optional<bool> Prover::deepen(const Position& root, int plies, const StopCheck& stop) {
  const auto value = prove(root, stop);
  if (!value) return std::nullopt;
  if (!extend(root, *value, plies, stop)) return std::nullopt;
  return value;
}

bool Prover::extend(const Position& pos, bool side_to_move_wins, int plies_left,
                    const StopCheck& stop) {
  // A loser's position at the depth limit needs nothing: its parent's proof holds the move.
  if (game_.count_moves(pos, {}) == 0 || (plies_left <= 0 && !side_to_move_wins)) return true;
  if (stop && stop()) return false;
  auto known = find_any_image(store_, pos);
  if (side_to_move_wins) {
    // The winning move is needed, also at the depth limit (so that every loser's position
    // above it has all its moves proved). A stored proof without one (a file edited by
    // hand: "win -", or a loss where the parent's proof claims a win) is solved again.
    if (!known || !known->side_to_move_wins || !known->best) known = solve_and_store(pos, stop);
    if (!known) return false;
    if (!known->side_to_move_wins || !known->best) {
      ++contradictions_;  // the parent's proof is wrong: --verify names it
      return true;
    }
    if (plies_left <= 0) return true;
    return extend(game_.make(pos, *known->best), false, plies_left - 1, stop);
  }
  // The loser: every move (one per symmetry class) leads to a win for the opponent.
  MoveList moves;
  game_.generate(pos, {}, moves);
  std::vector<StonesKey> tried;
  std::optional<Move> fewest;
  int fewest_replies = 0;
  for (const Move& m : moves) {
    const Position next = game_.make(pos, m);
    const int replies = game_.count_moves(next, {});
    if (!fewest || replies < fewest_replies) {
      fewest = m;
      fewest_replies = replies;
    }
    const StonesKey key = canonical_key(next);
    if (std::find(tried.begin(), tried.end(), key) != tried.end()) continue;
    tried.push_back(key);
    if (!extend(next, true, plies_left - 1, stop)) return false;
  }
  if (!known) {
    ProvedPosition proved;
    proved.pos = pos;
    proved.side_to_move_wins = false;
    proved.best = fewest;
    store_.add(proved);
  }
  return true;
}

}  // namespace triad::games::yinyang
