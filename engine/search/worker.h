// SearchWorker<G>: one search thread's state and the alpha-beta itself — principal
// variation search with aspiration windows at the root, transposition table, TT-move /
// tactical / killer / history move ordering, late-move reductions with null-window
// re-searches, quiescence over tactical moves, mate-distance scores, repetition and
// ply-limit draws. Several workers sharing one table form the Lazy SMP search.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/core/game_line.h"
#include "engine/search/hooks.h"
#include "engine/search/learned_eval.h"
#include "engine/search/search_types.h"
#include "engine/search/time_manager.h"
#include "engine/search/tt.h"

namespace triad::engine::detail {

constexpr int kMaxPly = 128;

// Converts a game result to a score from the side to move at `ply` from the root.
inline int outcome_score(const Outcome& o, Player stm, int ply) {
  if (o.result == GameResult::kDraw || o.result == GameResult::kNone) return 0;
  const bool stm_wins = (o.result == GameResult::kP1Win) == (stm == Player::kOne);
  return stm_wins ? kMateScore - ply : -kMateScore + ply;
}

// Mate scores are stored relative to the node (distance from it), not to the root.
inline int score_to_tt(int s, int ply) {
  return s >= kMateBound ? s + ply : s <= -kMateBound ? s - ply : s;
}
inline int score_from_tt(int s, int ply) {
  return s >= kMateBound ? s - ply : s <= -kMateBound ? s + ply : s;
}

// What every worker of one search shares. Written by the main worker only, except the
// atomics.
struct SharedState {
  SearchLimits limits;
  SearchConfig config;
  TimeManager time;
  std::atomic<bool> abort{false};      // all workers: unwind now
  std::atomic<bool> pondering{false};  // no time limit while true
  std::atomic<bool> ponderhit{false};  // set by Searcher::ponderhit(), seen by the main worker
  std::atomic<bool> external_stop{false};
  std::function<std::uint64_t()> total_nodes;  // every thread's nodes (for `go nodes`)
};

template <Game G>
class SearchWorker {
 public:
  using Position = typename G::Position;
  using Move = typename G::Move;
  using MoveList = typename G::MoveList;
  using Hooks = SearchHooks<G>;

  struct RootMove {
    Move move{};
    int score = -kInfinity;
    int previous_score = -kInfinity;
    int seldepth = 0;
    std::vector<Move> pv;
  };

  // `table_budget` is this worker's share of the Hash option for the game's solver tables.
  SearchWorker(const G& game, TranspositionTable& tt, SharedState& shared, int id,
               std::size_t table_budget)
      : game_(&game),
        tt_(&tt),
        shared_(&shared),
        id_(id),
        tables_(table_budget, id == 0),
        pv_((kMaxPly + 1) * (kMaxPly + 1)) {
    for (int d = 1; d < 64; ++d)
      for (int m = 1; m < 64; ++m)
        reductions_[d][m] = static_cast<int>(0.3 + std::log(d) * std::log(m) / 2.2);
    clear_history();
  }

  // Forgets everything learned: move-ordering statistics and the solver tables.
  void clear() {
    clear_history();
    tables_.clear();
  }

  // The game's solver tables of this worker (the main worker's also solve roots).
  typename Hooks::ThreadTables& tables() { return tables_; }

  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  std::uint64_t tbhits() const { return tbhits_.load(std::memory_order_relaxed); }
  const std::vector<RootMove>& root_moves() const { return root_moves_; }
  int completed_depth() const { return completed_depth_; }

  // Prepares a search of line.current() over `roots` (generate() order indices), with the
  // game's exact knowledge `known` (kept by the searcher until the search ends).
  void setup(const GameLine<G>& line, const std::vector<RootMove>& roots,
             const typename Hooks::ExactKnowledge& known) {
    known_ = &known;
    root_ = line.current();
    root_side_ = game_->side_to_move(root_);
    line_keys_.assign(line.history().begin(), line.history().end());
    hashes_ = line.hashes();
    root_hash_index_ = static_cast<int>(hashes_.size()) - 1;
    recur_from_.assign(1, line.reversible_from());
    trust_decided_solves_ = !repetition_may_interfere(line, shared_->config.draw);
    line_keys_.reserve(line_keys_.size() + kMaxPly + 2);
    hashes_.reserve(hashes_.size() + kMaxPly + 2);
    recur_from_.reserve(kMaxPly + 2);
    root_moves_ = roots;
    nodes_.store(0, std::memory_order_relaxed);
    tbhits_.store(0, std::memory_order_relaxed);
    completed_depth_ = 0;
    seldepth_ = 0;
    learned_.attach(shared_->config.learned, kMaxPly + 1);
    if (learned_.active()) learned_.reset(*game_, root_);
  }

  // Iterative deepening. `on_iteration(depth)` runs after every completed iteration (main
  // worker: reporting and time decisions); it returns false to stop deepening.
  void iterate(int max_depth, int multipv, const std::function<bool(int)>& on_iteration,
               const std::function<void(int, int, Bound)>& on_aspiration_fail) {
    const int lines = std::min<int>(multipv, static_cast<int>(root_moves_.size()));
    for (int depth = 1 + (id_ & 1); depth <= max_depth; ++depth) {
      for (auto& rm : root_moves_) {
        rm.previous_score = rm.score > -kInfinity ? rm.score : rm.previous_score;
        rm.score = -kInfinity;
      }
      for (pv_index_ = 0; pv_index_ < lines; ++pv_index_) {
        seldepth_ = 0;
        aspiration(depth, on_aspiration_fail);
        if (aborted()) break;
        // Lines found so far stay in front, the rest follows by score.
        std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
      }
      if (aborted()) {
        std::stable_sort(root_moves_.begin(), root_moves_.end(),
                         [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
        return;
      }
      std::stable_sort(root_moves_.begin(), root_moves_.begin() + lines,
                       [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
      completed_depth_ = depth;
      if (!on_iteration(depth)) return;
    }
  }

 private:
  bool aborted() const { return shared_->abort.load(std::memory_order_relaxed); }
  void clear_history() {
    std::fill(std::begin(quiet_history_), std::end(quiet_history_), 0);
    for (auto& k : killers_) k[0] = k[1] = std::nullopt;
  }

  void aspiration(int depth, const std::function<void(int, int, Bound)>& on_fail) {
    RootMove& first = root_moves_[pv_index_];
    int prev = first.previous_score;
    int delta = 30;
    int alpha = -kInfinity, beta = kInfinity;
    if (depth >= 4 && prev > -kInfinity && !is_mate_score(prev)) {
      alpha = std::max(prev - delta, -kInfinity);
      beta = std::min(prev + delta, kInfinity);
    }
    while (true) {
      const int score = root_search(depth, alpha, beta);
      if (aborted()) return;
      std::stable_sort(root_moves_.begin() + pv_index_, root_moves_.end(),
                       [](const RootMove& a, const RootMove& b) { return a.score > b.score; });
      if (score <= alpha) {
        if (on_fail) on_fail(depth, score, Bound::kUpper);
        beta = (alpha + beta) / 2;
        alpha = std::max(score - delta, -kInfinity);
      } else if (score >= beta) {
        if (on_fail) on_fail(depth, score, Bound::kLower);
        beta = std::min(score + delta, kInfinity);
      } else {
        return;
      }
      delta += delta / 2;
      if (delta > 1000) alpha = -kInfinity, beta = kInfinity;
    }
  }

  int root_search(int depth, int alpha, int beta) {
    const G& g = *game_;
    int best = -kInfinity;
    pv_len_[0] = 0;
    for (std::size_t i = pv_index_; i < root_moves_.size(); ++i) {
      RootMove& rm = root_moves_[i];
      const Position child = g.make(root_, rm.move);
      push(root_, rm.move, child);
      int score;
      if (i == static_cast<std::size_t>(pv_index_)) {
        score = -search(child, depth - 1, -beta, -alpha, 1, true);
      } else {
        score = -search(child, depth - 1, -alpha - 1, -alpha, 1, false);
        if (score > alpha && score < beta)
          score = -search(child, depth - 1, -beta, -alpha, 1, true);
      }
      pop();
      if (aborted()) return best;
      if (i == static_cast<std::size_t>(pv_index_) || score > alpha) {
        rm.score = score;
        rm.seldepth = seldepth_;
        rm.pv.assign(1, rm.move);
        for (int k = 1; k < pv_len_[1]; ++k) rm.pv.push_back(pv_at(1, k));
      } else {
        rm.score = -kInfinity;  // failed low: only an upper bound, sorted behind
      }
      if (score > best) best = score;
      if (score > alpha) {
        alpha = score;
        if (score >= beta) {
          // Keep the cutoff move's bound visible to the aspiration loop; later moves unsearched.
          for (std::size_t j = i + 1; j < root_moves_.size(); ++j)
            root_moves_[j].score = -kInfinity;
          break;
        }
      }
    }
    return best;
  }

  Move& pv_at(int ply, int k) { return pv_[static_cast<std::size_t>(ply) * (kMaxPly + 1) + k]; }
  void update_pv(int ply, const Move& m) {
    pv_at(ply, ply) = m;
    for (int k = ply + 1; k < pv_len_[ply + 1]; ++k) pv_at(ply, k) = pv_at(ply + 1, k);
    pv_len_[ply] = std::max(pv_len_[ply + 1], ply + 1);
  }

  void push(const Position& parent, const Move& m, const Position& child) {
    line_keys_.push_back(game_->history_key(parent));
    hashes_.push_back(game_->hash(child));
    if constexpr (MarksIrreversible<G>)
      recur_from_.push_back(irreversible(*game_, parent, m) ? static_cast<int>(hashes_.size()) - 1
                                                            : recur_from_.back());
    tt_->prefetch(hashes_.back());
    if (learned_.active()) learned_.push(*game_, child);
  }
  void pop() {
    line_keys_.pop_back();
    hashes_.pop_back();
    if constexpr (MarksIrreversible<G>) recur_from_.pop_back();
    if (learned_.active()) learned_.pop();
  }

  // A draw by the house rules is worth a little less than equality to the side the engine
  // plays (contempt): it keeps pressing a better position instead of repeating moves.
  int draw_score(Player stm) const { return stm == root_side_ ? -kContempt : kContempt; }

  // Draw by the house rules at a non-root node (the current hash is hashes_.back()).
  bool is_rule_draw(const Position& pos) const {
    const DrawRules& draw = shared_->config.draw;
    if (draw.max_plies > 0 && game_->ply(pos) >= draw.max_plies) return true;
    if (!Hooks::kCanRepeat || draw.repetitions <= 0) return false;
    const std::uint64_t key = hashes_.back();
    int count = 1;
    for (int i = static_cast<int>(hashes_.size()) - 2; i >= recur_from_.back(); --i) {
      if (hashes_[static_cast<std::size_t>(i)] != key) continue;
      // A repetition inside the search tree counts as a draw at once (either side can repeat
      // again); positions of the game before the root need the full count.
      if (i >= root_hash_index_ && draw.repetitions >= 2) return true;
      if (++count >= draw.repetitions) return true;
    }
    return false;
  }

  void count_node(int ply) {
    nodes_.fetch_add(1, std::memory_order_relaxed);
    if (ply > seldepth_) seldepth_ = ply;
    if (id_ == 0) {
      check_limits();
    } else {
      check_shared_node_limit();
    }
  }

  // With helper threads `go nodes` limits all threads together, summed every 128 nodes by
  // every thread: a main thread held up by the OS must not let the helpers run past it.
  void check_shared_node_limit() {
    SharedState& s = *shared_;
    if (!s.limits.nodes || s.config.threads <= 1) return;
    if ((nodes_.load(std::memory_order_relaxed) & 127) != 0) return;
    if (s.total_nodes() >= s.limits.nodes) s.abort.store(true, std::memory_order_relaxed);
  }

  void check_limits() {
    SharedState& s = *shared_;
    const std::uint64_t n = nodes_.load(std::memory_order_relaxed);
    // One thread stops at the exact count (deterministic).
    if (s.limits.nodes && s.config.threads <= 1 && n >= s.limits.nodes)
      s.abort.store(true, std::memory_order_relaxed);
    if (s.config.skill.active && completed_depth_ >= s.config.skill.depth &&
        n >= s.config.skill.nodes)
      s.abort.store(true, std::memory_order_relaxed);
    check_shared_node_limit();
    if ((n & 127) != 0) return;  // a clock read every 128 nodes costs well under 1%
    if (s.external_stop.load(std::memory_order_relaxed)) s.abort.store(true);
    if (s.ponderhit.load(std::memory_order_relaxed) && s.pondering.load()) {
      s.pondering.store(false);
      s.time.ponderhit();
    }
    // Out of time: abort, but only once the first iteration has given every root move a
    // real score (it takes microseconds; the move played is then never a blind one).
    if (completed_depth_ > 0 && !s.pondering.load(std::memory_order_relaxed) &&
        s.time.hard_expired())
      s.abort.store(true);
  }

  // The static evaluation of the current node (`pos`, the top of the line): the learned one
  // when the search was given a net, else the game's own.
  int evaluate(const Position& pos) {
    const int score =
        learned_.active() ? learned_.evaluate(game_->side_to_move(pos)) : game_->evaluate(pos);
    return std::clamp(score, -kMateBound + 1, kMateBound - 1);
  }
  // A leaf judged without listing its moves (SearchHooks::kStaticLeaf).
  int static_leaf(const Position& pos, int ply) {
    if (!learned_.active()) return Hooks::static_leaf(*game_, pos, ply, nullptr);
    const int learned = evaluate(pos);
    return Hooks::static_leaf(*game_, pos, ply, &learned);
  }

  int search(const Position& pos, int depth, int alpha, int beta, int ply, bool pv_node);
  int quiesce(const Position& pos, const MoveList* given, int alpha, int beta, int ply, int qdepth);
  int order_score(const Position& pos, const Move& m, int ply, int index, int tt_index) const;
  void update_quiet_stats(const Position& pos, const Move& m, int ply, int depth, const Move* tried,
                          int tried_count);

  const G* game_;
  TranspositionTable* tt_;
  SharedState* shared_;
  int id_;
  typename Hooks::ThreadTables tables_;
  const typename Hooks::ExactKnowledge* known_ = nullptr;  // the running search's (setup)
  LearnedEvaluator<G> learned_;  // the sums of the learned evaluation, when one is in use
  static constexpr int kContempt = 25;
  Position root_{};
  Player root_side_ = Player::kOne;
  std::vector<RootMove> root_moves_;
  int pv_index_ = 0;
  // history_key() of every position from the game's start to the current node: the
  // past the rules see (repetition, history-dependent move generation).
  std::vector<std::uint64_t> line_keys_;
  std::vector<std::uint64_t> hashes_;
  int root_hash_index_ = 0;
  // Per node from the root down (the root's alone for a game without irreversible moves):
  // where in hashes_ the positions begin that the node's position may repeat.
  std::vector<int> recur_from_;
  // See repetition_may_interfere (hooks.h); below an irreversible move of the tree the
  // positions before the root cannot recur, and decided results are trusted there too.
  bool trust_decided_solves_ = true;
  std::vector<Move> pv_;
  int pv_len_[kMaxPly + 2] = {};
  std::optional<Move> killers_[kMaxPly + 2][2];
  // The history heuristic: how often a quiet move (by move_key) caused a cutoff.
  int quiet_history_[kMoveKeys] = {};
  int reductions_[64][64] = {};
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<std::uint64_t> tbhits_{0};  // probes answered by endgame table files
  int seldepth_ = 0;
  int completed_depth_ = 0;
};

}  // namespace triad::engine::detail

#include "engine/search/worker_impl.h"
