// SearchWorker<G> node functions: the alpha-beta (PVS + LMR), quiescence, move ordering
// and the killer/history updates. Included from worker.h only.
#pragma once

#include "engine/search/worker.h"

namespace triad::engine::detail {

template <Game G>
int SearchWorker<G>::order_score(const Position& pos, const Move& m, int ply, int index,
                                 int tt_index) const {
  if (index == tt_index) return 1 << 30;
  if (Hooks::is_tactical(*game_, pos, m)) return 1 << 28;
  if (killers_[ply][0] && *killers_[ply][0] == m) return (1 << 27) + 1;
  if (killers_[ply][1] && *killers_[ply][1] == m) return 1 << 27;
  const int key = Hooks::move_key(*game_, pos, m);
  return key >= 0 ? quiet_history_[key] : 0;
}

template <Game G>
void SearchWorker<G>::update_quiet_stats(const Position& pos, const Move& m, int ply, int depth,
                                         const Move* tried, int tried_count) {
  if (!(killers_[ply][0] && *killers_[ply][0] == m)) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
  // History with gravity: values stay within +-kMax; the cutoff move gains, the quiet
  // moves tried before it lose.
  constexpr int kMax = 1 << 14;
  const int bonus = std::min(depth * depth * 32, kMax / 2);
  auto adjust = [&](const Move& mv, int b) {
    const int key = Hooks::move_key(*game_, pos, mv);
    if (key < 0) return;
    int& h = quiet_history_[key];
    h += b - h * (b < 0 ? -b : b) / kMax;
  };
  adjust(m, bonus);
  for (int i = 0; i < tried_count; ++i) adjust(tried[i], -bonus);
}

template <Game G>
int SearchWorker<G>::search(const Position& pos, int depth, int alpha, int beta, int ply,
                            bool pv_node) {
  const G& g = *game_;
  pv_len_[ply] = ply;
  if (aborted()) return 0;
  count_node(ply);
  const Player stm = g.side_to_move(pos);
  if (const Outcome t = g.terminal(pos); t.over()) return outcome_score(t, stm, ply);

  // Mate-distance pruning: no line from here beats a win at this ply.
  alpha = std::max(alpha, -kMateScore + ply);
  beta = std::min(beta, kMateScore - ply - 1);
  if (alpha >= beta) return alpha;

  MoveList moves;
  if (is_rule_draw(pos)) {
    // The rules check "no legal move" before the draw house rules.
    g.generate(pos, History(line_keys_), moves);
    return moves.empty() ? outcome_score(g.no_moves_outcome(pos), stm, ply) : draw_score(stm);
  }
  if (ply >= kMaxPly) return evaluate(pos);
  // Games whose leaves can be judged without listing moves save the move generation there.
  if constexpr (Hooks::kStaticLeaf) {
    if (depth <= 0) return std::clamp(static_leaf(pos, ply), -kMateScore, kMateScore);
  }

  const std::uint64_t key = hashes_.back();
  TTData tte;
  int tt_index = -1;
  // Leaves go straight to quiescence: a table probe there costs more than it saves.
  if (depth > 0 && tt_->probe(key, tte)) {
    tt_index = tte.move_index;
    const int tts = score_from_tt(tte.score, ply);
    if (!pv_node && tte.depth >= depth &&
        (tte.bound == Bound::kExact || (tte.bound == Bound::kLower && tts >= beta) ||
         (tte.bound == Bound::kUpper && tts <= alpha)))
      return tts;
  }

  g.generate(pos, History(line_keys_), moves);
  const int n = static_cast<int>(moves.size());
  if (n == 0) return outcome_score(g.no_moves_outcome(pos), stm, ply);
  SolveResult solved;
  if ((!shared_->config.skill.active || shared_->config.skill.exact) &&
      Hooks::solve(g, pos, ply, solved, tables_, *known_)) {
    nodes_.fetch_add(solved.nodes, std::memory_order_relaxed);
    tbhits_.fetch_add(solved.tbhits, std::memory_order_relaxed);
    if (ends_before_ply_limit(solved.score, ply, g.ply(pos), shared_->config.draw.max_plies) &&
        (trust_decided_solves_ || recur_from_.back() > root_hash_index_ ||
         !is_mate_score(solved.score))) {
      tt_->store(key, score_to_tt(solved.score, ply), kMaxPly, Bound::kExact, solved.move_index);
      if (pv_node && solved.move_index >= 0 && solved.move_index < n) {
        pv_len_[ply + 1] = ply + 1;  // the child was not searched: its PV slot holds an old line
        update_pv(ply, moves[static_cast<std::size_t>(solved.move_index)]);
      }
      return solved.score;
    }
    // A repetition before the root may still turn a decided value into a draw: it scores as a
    // win or a loss all the same, but below every mate (not proved), and the line ends here.
    // It keeps the distance to the end (ply + the solver's plies, under 1024), so the winner
    // still takes the fastest win and makes progress instead of shuffling into a repetition.
    if (is_mate_score(solved.score) &&
        ends_before_ply_limit(solved.score, ply, g.ply(pos), shared_->config.draw.max_plies)) {
      const int unproven = kMateBound - 1 - (kMateScore - std::abs(solved.score));
      return solved.score > 0 ? unproven : -unproven;
    }
  }
  if (depth <= 0) return quiesce(pos, &moves, alpha, beta, ply, 0);

  // Without a table move, a shallower search is nearly as good and cheaper (internal
  // iterative reduction).
  if (tt_index < 0 && depth >= 5) --depth;
  if (tt_index >= n) tt_index = -1;

  constexpr std::size_t kCap = MoveList::capacity();
  std::array<int, kCap> scores;
  std::array<int, kCap> order;
  for (int i = 0; i < n; ++i) {
    order[i] = i;
    scores[i] = order_score(pos, moves[static_cast<std::size_t>(i)], ply, i, tt_index);
  }

  const int alpha_orig = alpha;
  int best = -kInfinity;
  int best_index = -1;
  std::array<Move, 64> quiets_tried;
  int quiet_count = 0;
  for (int i = 0; i < n; ++i) {
    // Selection sort step: the best-ordered remaining move goes to slot i.
    int pick = i;
    for (int j = i + 1; j < n; ++j)
      if (scores[j] > scores[pick]) pick = j;
    std::swap(scores[i], scores[pick]);
    std::swap(order[i], order[pick]);
    const Move& m = moves[static_cast<std::size_t>(order[i])];
    const bool quiet = scores[i] < (1 << 27);  // not table move, tactical or killer
    const bool tactical =
        scores[i] == (1 << 28) || (scores[i] == (1 << 30) && Hooks::is_tactical(g, pos, m));

    const Position child = g.make(pos, m);
    push(pos, m, child);
    const int new_depth = depth - 1;
    int score;
    if (i == 0) {
      score = -search(child, new_depth, -beta, -alpha, ply + 1, pv_node);
    } else {
      int r = 0;
      if (depth >= 3 && quiet && i >= (pv_node ? 3 : 2)) {
        r = reductions_[std::min(depth, 63)][std::min(i, 63)];
        if (pv_node) --r;
        const int mk = Hooks::move_key(g, pos, m);
        if (mk >= 0 && quiet_history_[mk] > 4000) --r;
        r = std::clamp(r, 0, new_depth - 1);
      }
      score = -search(child, new_depth - r, -alpha - 1, -alpha, ply + 1, false);
      if (r > 0 && score > alpha)
        score = -search(child, new_depth, -alpha - 1, -alpha, ply + 1, false);
      if (pv_node && score > alpha && score < beta)
        score = -search(child, new_depth, -beta, -alpha, ply + 1, true);
    }
    pop();
    if (aborted()) return 0;

    if (score > best) {
      best = score;
      best_index = order[i];
      if (score > alpha) {
        alpha = score;
        if (pv_node) update_pv(ply, m);
        if (score >= beta) {
          if (!tactical) update_quiet_stats(pos, m, ply, depth, quiets_tried.data(), quiet_count);
          break;
        }
      }
    }
    if (!tactical && quiet_count < static_cast<int>(quiets_tried.size()))
      quiets_tried[static_cast<std::size_t>(quiet_count++)] = m;
  }

  const Bound bound = best >= beta        ? Bound::kLower
                      : best > alpha_orig ? Bound::kExact
                                          : Bound::kUpper;
  tt_->store(key, score_to_tt(best, ply), depth, bound,
             bound == Bound::kUpper ? TranspositionTable::kNoMove : best_index);
  return best;
}

template <Game G>
int SearchWorker<G>::quiesce(const Position& pos, const MoveList* given, int alpha, int beta,
                             int ply, int qdepth) {
  constexpr int kMaxQuiescence = 24;
  const G& g = *game_;
  MoveList own;
  if (!given) {
    pv_len_[ply] = ply;
    if (aborted()) return 0;
    count_node(ply);
    const Player stm = g.side_to_move(pos);
    if (const Outcome t = g.terminal(pos); t.over()) return outcome_score(t, stm, ply);
    if (ply >= kMaxPly) return evaluate(pos);
    g.generate(pos, History(line_keys_), own);
    if (own.empty()) return outcome_score(g.no_moves_outcome(pos), stm, ply);
    given = &own;
  }
  const MoveList& moves = *given;
  const int tactical = tactical_count(g, pos, moves);
  const bool forced = tactical == static_cast<int>(moves.size());  // e.g. compulsory captures

  int best = -kInfinity;
  if (!forced || qdepth >= kMaxQuiescence || ply >= kMaxPly - 1) {
    // Stand pat: the side to move may decline the tactical moves.
    const int stand = evaluate(pos);
    if (tactical == 0 || qdepth >= kMaxQuiescence || ply >= kMaxPly - 1 || stand >= beta)
      return stand;
    best = stand;
    alpha = std::max(alpha, stand);
  }
  for (const Move& m : moves) {
    if (!forced && !Hooks::is_tactical(g, pos, m)) continue;
    const Position child = g.make(pos, m);
    push(pos, m, child);
    const int score = -quiesce(child, nullptr, -beta, -alpha, ply + 1, qdepth + 1);
    pop();
    if (aborted()) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        update_pv(ply, m);
        if (score >= beta) break;
      }
    }
  }
  return best;
}

}  // namespace triad::engine::detail
