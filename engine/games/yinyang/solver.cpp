// The fast Yin Yang solver (see solver.h): null-window tests on the final margin, a shared
// bound table, fastest-first ordering, and parallel search of the replies to a root move.
#include "engine/games/yinyang/solver.h"

#include <algorithm>
#include <array>
#include <bit>
#include <thread>

namespace triad::games::yinyang {

namespace {
constexpr int kBeyond = kMarginBeyond;
constexpr int kBitboardBits = 64;
// Thresholds tuned with `search_lab solve 20 10 7` (nodes and CPU time).
constexpr int kTableEmpties = 5;  // nodes with at least this many empties use the table
constexpr int kOrderEmpties = 5;  // below this no ordering: children are made one at a time
constexpr int kEtcEmpties = 6;    // enhanced transposition cutoffs from here
static_assert(kEtcEmpties >= kOrderEmpties, "cutoff probes need the children made up front");
constexpr int kReplyWeight = 4;       // ordering key: replies * this - immediate gain (1 or 3)
constexpr int kParallelEmpties = 14;  // smaller solves run on one thread
constexpr std::uint64_t kPollNodes = 1024;

// How a move changes the margin of the side making it: the stone left behind on `from` has
// the other colour (2 points change hands), and the slid stone lands on a square of the
// other colour when the slide is odd (1 point for Player 1 when it matches, else for Player
// 2). So the change is +3 / +1 / -1 / -3 by whether `from` scored against the mover and
// whether the slide is odd; a stone slides as many squares as it has same-colour neighbours,
// so its parity is bit 0 of Mobility::distance.
Bitboard matched_stones(const Position& pos) {
  return (pos.light & kLightSquares) | (pos.dark & kDarkSquares);
}
Bitboard stones_against(const Position& pos) {  // stones now scoring for the opponent
  const Bitboard matched = matched_stones(pos);
  return pos.side_to_move == engine::Player::kOne ? pos.occupied() & ~matched : matched;
}
// `against` = stones_against(pos).
int move_gain(Bitboard against_mover, const Move& m) {
  const bool against = (against_mover >> m.from) & 1;
  const bool odd = is_dark_square(m.from) != is_dark_square(m.to);
  return against ? (odd ? 3 : 1) : (odd ? -3 : -1);
}

// For every square, the squares beside it along a rank or file, and all 8 around it.
struct NeighbourMasks {
  std::array<Bitboard, kSquares> orthogonal{}, around{};
};
constexpr NeighbourMasks make_neighbour_masks() {
  NeighbourMasks masks;
  for (int sq = 0; sq < kSquares; ++sq) {
    const Bitboard b = bit(sq);
    masks.orthogonal[sq] = shift<1, 0>(b) | shift<-1, 0>(b) | shift<0, 1>(b) | shift<0, -1>(b);
    masks.around[sq] = masks.orthogonal[sq] | shift<1, 1>(b) | shift<1, -1>(b) | shift<-1, 1>(b) |
                       shift<-1, -1>(b);
  }
  return masks;
}
constexpr NeighbourMasks kNeighbours = make_neighbour_masks();

// The final margin (side to move) of a position with one empty square and margin `now`,
// without a move generator: only a stone beside the empty square along a rank or file can
// reach it, with a slide of one square, so only one with exactly one same-colour neighbour
// (of 8); it lands on the other square colour, so the move gains +3 (a stone scoring
// against the mover) or -3. With no such stone the game ends here.
// The same-colour stones among the 8 around the stone on `sq` (its slide distance is their
// number).
Bitboard same_colour_around(const Position& pos, int sq) {
  return kNeighbours.around[sq] & ((pos.light >> sq) & 1 ? pos.light : pos.dark);
}
bool exactly_one(Bitboard b) {
  return b != 0 && (b & (b - 1)) == 0;
}
bool exactly_two(Bitboard b) {
  return b != 0 && exactly_one(b & (b - 1));
}

int one_empty_value(const Position& pos, int now) {
  const int target = std::countr_zero(pos.empty());
  const Bitboard against = stones_against(pos);
  bool can_move = false;
  for (Bitboard candidates = kNeighbours.orthogonal[target]; candidates;
       candidates &= candidates - 1) {
    const int from = std::countr_zero(candidates);
    if (!exactly_one(same_colour_around(pos, from))) continue;
    if ((against >> from) & 1) return now + 3;
    can_move = true;
  }
  return can_move ? now - 3 : now;
}

// Bounds on the final margin (side to move) that hold however the game goes on. Squares
// stay occupied once filled (a stone that slides away leaves a stone behind), so a stone
// with no empty square beside it along a rank or file can never move again: it is frozen,
// and so is the colour of its square. Each remaining move (at most one per empty square)
// puts a stone on an empty square (at most 1 point either way) and turns the stone it left
// into the other colour (2 points, only on a square that is not frozen). So the margin can
// rise by at most empties + 2 * min(loose stones scoring against the side, empties), and
// fall by the mirror amount.
struct MarginBounds {
  int lower, upper;
};
MarginBounds margin_bounds(const Position& pos, int now, int empties) {
  const Bitboard empty = pos.empty();
  const Bitboard beside_empty =
      shift<1, 0>(empty) | shift<-1, 0>(empty) | shift<0, 1>(empty) | shift<0, -1>(empty);
  const Bitboard loose = pos.occupied() & beside_empty;
  const Bitboard loose_p1 = loose & matched_stones(pos);  // loose stones scoring for Player 1
  // popcount_sum: inline even without a hardware popcount (std::popcount is a call there).
  const int p1 = popcount_sum(loose_p1, 0, 0, 0), p2 = popcount_sum(loose, 0, 0, 0) - p1;
  const bool first = pos.side_to_move == engine::Player::kOne;
  const int own = first ? p1 : p2, against = first ? p2 : p1;
  return {std::max(now - empties - 2 * std::min(own, empties), -kSquares),
          std::min(now + empties + 2 * std::min(against, empties), kSquares)};
}

// Takes the value `v` of child `i` into a fail-soft search's best value, best child and
// alpha; true when it reaches beta (a cutoff).
bool improve(int v, int i, int& best, int& best_index, int& alpha, int beta) {
  if (v <= best) return false;
  best = v;
  best_index = i;
  if (v <= alpha) return false;
  alpha = v;
  return v >= beta;
}

// Sorts order[0..n) by ascending keys (n is small: insertion sort).
void sort_by_keys(std::array<int, kMaxMoves>& order, const std::array<int, kMaxMoves>& keys,
                  int n) {
  for (int i = 1; i < n; ++i) {
    const int x = order[i];
    int j = i - 1;
    while (j >= 0 && keys[order[j]] > keys[x]) {
      order[j + 1] = order[j];
      --j;
    }
    order[j + 1] = x;
  }
}
}  // namespace

// Per-thread search state.
struct Solver::Context {
  std::uint64_t nodes = 0;                    // visited, not yet added to nodes_
  const std::atomic<bool>* cancel = nullptr;  // set when this thread's job became useless
  bool main = false;                          // this thread calls the caller's stop check
  bool aborted = false;                       // stop or cancel seen: unwind, store nothing
};

// The children of a position, best-first. The arrays are left uninitialised (only the first
// n entries are ever written and read): zeroing 72 positions per node would cost more than
// the rest of a small node.
struct Ordered {
  Ordered() {}  // NOLINT: deliberately no member initialisation
  union {
    Position children[kMaxMoves];
  };
  union {
    Mobility mobility[kMaxMoves];  // of each child
  };
  std::array<int, kMaxMoves> order;
  std::array<int, kMaxMoves> keys;  // sort keys, ascending = searched first
  std::array<int, kMaxMoves> gain;  // move_gain() of each move
  int n = 0;
  void sort() { sort_by_keys(order, keys, n); }
};

namespace {
// Makes the children, their keys at 0, unordered (see order_children). With `table`, each
// child's table bucket is prefetched (for the cutoff probes that follow).
void make_children(const Game& g, const Position& pos, const MoveList& moves,
                   const SolverTable* table, Ordered& out) {
  out.n = static_cast<int>(moves.size());
  const Bitboard against = stones_against(pos);
  for (int i = 0; i < out.n; ++i) {
    const Move& m = moves[static_cast<std::size_t>(i)];
    out.children[i] = g.make(pos, m);
    if (table) table->prefetch(out.children[i].hash);
    out.order[i] = i;
    out.gain[i] = move_gain(against, m);
    out.keys[i] = 0;
  }
}

// Table move first, then fewest replies for the opponent (fastest first), then the move that
// gains the most right now: adds these keys to out.keys (the cutoff probes may have pushed
// some children back) and sorts. Called after the probes, which may end the node first:
// counting the replies is the expensive part.
void order_children(int tt_best, Ordered& out) {
  for (int i = 0; i < out.n; ++i) {
    out.mobility[i] = mobility(out.children[i]);
    out.keys[i] +=
        i == tt_best ? -1000 : Game::move_count(out.mobility[i]) * kReplyWeight - out.gain[i];
  }
  out.sort();
}
}  // namespace

Solver::Solver(int table_bits) {
  set_memory(std::size_t{16} << table_bits);
}

void Solver::set_memory(std::size_t bytes) {
  // A quarter for the shallow table, at most kShallowTableBytes (measured with
  // `search_lab solve 22 6 7 <MB>`: all in one table, 2-4 MB solved faster than 64 MB, with
  // about as many nodes).
  constexpr std::size_t kShallowTableBytes = std::size_t{2} << 20;
  const std::size_t shallow = std::min(bytes / 4, kShallowTableBytes);
  shallow_table_.resize(shallow);
  table_.resize(bytes > shallow_table_.bytes() ? bytes - shallow_table_.bytes() : 0);
}

void Solver::begin(const StopCheck* stop) {
  stop_check_ = stop && *stop ? stop : nullptr;
  stop_.store(false, std::memory_order_relaxed);
}

void Solver::poll(Context& ctx) {
  nodes_.fetch_add(ctx.nodes, std::memory_order_relaxed);
  ctx.nodes = 0;
  if (ctx.main && stop_check_ && (*stop_check_)()) stop_.store(true, std::memory_order_relaxed);
  if (stop_.load(std::memory_order_relaxed) ||
      (ctx.cancel && ctx.cancel->load(std::memory_order_relaxed)))
    ctx.aborted = true;
}

void Solver::store_result(const Position& pos, int empties, int alpha, int beta, int best,
                          int best_index) {
  // Fail-soft: a value at or above beta is a lower bound, at or below alpha an upper bound.
  const int lower = best >= beta ? best : best <= alpha ? -kBeyond : best;
  const int upper = best <= alpha ? best : best >= beta ? kBeyond : best;
  table_for(empties).store(pos.hash, empties, lower, upper, best_index);
}

int Solver::search(const Position& pos, int empties, int now, int alpha, int beta, Context& ctx,
                   const Mobility* known) {
  if (++ctx.nodes >= kPollNodes) poll(ctx);
  if (ctx.aborted) return 0;
  if (empties <= 1) return empties == 1 ? one_empty_value(pos, now) : now;
  if (empties == 2) return last_two(pos, now, beta, ctx);
  const MarginBounds bounds = margin_bounds(pos, now, empties);
  if (bounds.upper <= alpha) return bounds.upper;
  if (bounds.lower >= beta) return bounds.lower;

  MoveList moves;
  Game::list_moves(known ? *known : mobility(pos), moves);
  const int n = static_cast<int>(moves.size());
  if (n == 0) return now;
  if (n == 1)
    return -search(game_.make(pos, moves[0]), empties - 1,
                   -(now + move_gain(stones_against(pos), moves[0])), -beta, -alpha, ctx);

  const bool use_table = empties >= kTableEmpties;
  int tt_best = -1;
  if (use_table) {
    SolverTable::Entry e;
    if (table_for(empties).probe(pos.hash, e)) {
      if (e.lower >= beta) return e.lower;
      if (e.upper <= alpha) return e.upper;
      if (e.lower == e.upper) return e.lower;
      alpha = std::max(alpha, e.lower);
      beta = std::min(beta, e.upper);
      tt_best = e.best < n ? e.best : -1;
    }
  }

  const int alpha_start = alpha;
  int best = -kBeyond;
  int best_index = -1;
  // The table's move first, before the other children are made and ordered: it usually
  // refutes at once, and then their replies need not be counted.
  if (tt_best >= 0) {
    const Move& m = moves[static_cast<std::size_t>(tt_best)];
    best = -search(game_.make(pos, m), empties - 1, -(now + move_gain(stones_against(pos), m)),
                   -beta, -alpha, ctx);
    if (ctx.aborted) return 0;
    best_index = tt_best;
    if (best >= beta) {
      store_result(pos, empties, alpha_start, beta, best, best_index);
      return best;
    }
    alpha = std::max(alpha, best);
  }

  if (empties < kOrderEmpties) {
    // Near the leaves ordering costs more than it saves (most nodes cut on an early move
    // anyway): the children are made one at a time, in generation order.
    const Bitboard against = stones_against(pos);
    for (int i = 0; i < n; ++i) {
      if (i == tt_best) continue;
      const Move& m = moves[static_cast<std::size_t>(i)];
      const int v = -search(game_.make(pos, m), empties - 1, -(now + move_gain(against, m)), -beta,
                            -alpha, ctx);
      if (ctx.aborted) return 0;
      if (improve(v, i, best, best_index, alpha, beta)) break;
    }
    if (use_table) store_result(pos, empties, alpha_start, beta, best, best_index);
    return best;
  }

  Ordered kids;
  const bool etc = use_table && empties >= kEtcEmpties;
  make_children(game_, pos, moves, etc ? &table_for(empties - 1) : nullptr, kids);

  // Enhanced transposition cutoffs: a child already known to be bad enough for the opponent
  // ends the search; one known to be too good for it cannot cut, so it goes last.
  if (etc) {
    for (int i = 0; i < n; ++i) {
      SolverTable::Entry e;
      if (!table_for(empties - 1).probe(kids.children[i].hash, e)) continue;
      if (-e.upper >= beta) {
        table_for(empties).store(pos.hash, empties, -e.upper, kBeyond, i);
        return -e.upper;
      }
      if (-e.lower < beta) kids.keys[i] += 10000;
    }
  }
  order_children(tt_best, kids);

  for (int k = 0; k < n; ++k) {
    const int i = kids.order[k];
    if (i == tt_best) continue;  // searched already
    // Principal variation search: after the first move, prove a move worse with a null
    // window and search it fully only when it turns out better.
    int v;
    const Mobility* child_mobility = &kids.mobility[i];
    const Position& child = kids.children[i];
    const int child_now = -(now + kids.gain[i]);
    if (best_index < 0 || beta == alpha + 1) {
      v = -search(child, empties - 1, child_now, -beta, -alpha, ctx, child_mobility);
    } else {
      v = -search(child, empties - 1, child_now, -alpha - 1, -alpha, ctx, child_mobility);
      if (v > alpha && v < beta && !ctx.aborted)
        v = -search(child, empties - 1, child_now, -beta, -v, ctx, child_mobility);
    }
    if (ctx.aborted) return 0;
    if (improve(v, i, best, best_index, alpha, beta)) break;
  }
  if (use_table) store_result(pos, empties, alpha_start, beta, best, best_index);
  return best;
}

int Solver::last_two(const Position& pos, int now, int beta, Context& ctx) {
  // With two empty squares a stone reaches one of them by a one-square slide from beside it
  // (exactly one same-colour neighbour) or by a two-square slide over the other one (exactly
  // two): the moves are read from the squares around them, no move generator.
  const Bitboard empty = pos.empty();
  const int squares[2] = {std::countr_zero(empty), kBitboardBits - 1 - std::countl_zero(empty)};
  const Bitboard against = stones_against(pos);
  int best = -kBeyond;
  auto try_move = [&](int from, int to) {
    ++ctx.nodes;
    const Move move{static_cast<Square>(from), static_cast<Square>(to)};
    const int v = -one_empty_value(game_.make(pos, move), -(now + move_gain(against, move)));
    best = std::max(best, v);
    return v >= beta;
  };
  for (int k = 0; k < 2; ++k) {
    const int to = squares[k], over = squares[1 - k];
    for (Bitboard from = kNeighbours.orthogonal[to] & ~empty; from; from &= from - 1) {
      const int sq = std::countr_zero(from);
      if (exactly_one(same_colour_around(pos, sq)) && try_move(sq, to)) return best;
    }
    const int sq = 2 * over - to;  // the square beyond `over`, seen from `to`
    const bool in_line = ((kNeighbours.orthogonal[over] >> to) & 1) && sq >= 0 && sq < kSquares &&
                         ((kNeighbours.orthogonal[over] >> sq) & 1);
    if (in_line && exactly_two(same_colour_around(pos, sq)) && try_move(sq, to)) return best;
  }
  return best == -kBeyond ? now : best;  // no move: the game ends here
}

int Solver::split(const Position& child, int threshold, Context& main) {
  MoveList replies;
  game_.generate(child, {}, replies);
  if (replies.empty()) return -final_margin(child);
  const int empties = std::popcount(child.empty());
  const int child_now = final_margin(child);
  SolverTable::Entry e;
  int tt_best = -1;
  if (table_for(empties).probe(child.hash, e)) {  // bounds from the child's side
    if (-e.upper >= threshold) return -e.upper;
    if (-e.lower < threshold) return -e.lower;
    tt_best = e.best < static_cast<int>(replies.size()) ? e.best : -1;
  }
  Ordered kids;
  make_children(game_, child, replies, nullptr, kids);
  order_children(tt_best, kids);

  // Every reply must leave the root's side at `threshold` or more; the first that does not
  // refutes the root move and cancels the rest.
  std::atomic<int> next{0};
  std::atomic<bool> refuted{false};
  std::atomic<int> lowest_holding{kBeyond};  // the root's side reaches at least this
  std::atomic<int> refutation{kBeyond};      // the root's side reaches at most this
  auto work = [&](Context& ctx) {
    ctx.cancel = &refuted;
    while (!refuted.load(std::memory_order_relaxed)) {
      const int k = next.fetch_add(1, std::memory_order_relaxed);
      if (k >= kids.n) break;
      const int i = kids.order[k];
      const int v = search(kids.children[i], empties - 1, -(child_now + kids.gain[i]),
                           threshold - 1, threshold, ctx, &kids.mobility[i]);
      if (ctx.aborted) break;
      if (v < threshold) {
        int r = refutation.load(std::memory_order_relaxed);
        while (v < r && !refutation.compare_exchange_weak(r, v)) {
        }
        refuted.store(true, std::memory_order_relaxed);
      } else {
        int l = lowest_holding.load(std::memory_order_relaxed);
        while (v < l && !lowest_holding.compare_exchange_weak(l, v)) {
        }
      }
    }
    ctx.cancel = nullptr;
  };
  std::vector<Context> helpers(static_cast<std::size_t>(threads_ - 1));
  {
    std::vector<std::jthread> pool;
    for (Context& h : helpers) pool.emplace_back([&work, &h] { work(h); });
    work(main);
  }
  for (Context& h : helpers) nodes_.fetch_add(h.nodes, std::memory_order_relaxed);
  main.aborted = stop_.load(std::memory_order_relaxed);
  if (main.aborted) return 0;
  if (refuted.load()) {
    const int r = refutation.load();
    table_for(empties).store(child.hash, empties, -r, kBeyond, -1);
    return r;
  }
  const int l = lowest_holding.load();
  table_for(empties).store(child.hash, empties, -kBeyond, -l, -1);
  return l;
}

std::optional<Solver::RootResult> Solver::root(const Position& pos, int alpha, int beta,
                                               bool parallel) {
  Context ctx;
  ctx.main = true;
  // A stop already requested ends the solve here, even one the table would answer at once.
  poll(ctx);
  if (ctx.aborted) return std::nullopt;
  MoveList moves;
  game_.generate(pos, {}, moves);
  const int now = final_margin(pos);
  if (moves.empty()) return RootResult{now, -1};
  const int empties = std::popcount(pos.empty());
  SolverTable::Entry e;
  const int n = static_cast<int>(moves.size());
  const int tt_best = table_for(empties).probe(pos.hash, e) && e.best < n ? e.best : -1;
  Ordered kids;
  make_children(game_, pos, moves, nullptr, kids);
  order_children(tt_best, kids);
  const bool split_replies =
      parallel && threads_ > 1 && beta == alpha + 1 && empties >= kParallelEmpties;
  const int alpha_start = alpha;
  int best = -kBeyond;
  int best_index = -1;
  for (int k = 0; k < n; ++k) {
    const int i = kids.order[k];
    const int v = split_replies ? split(kids.children[i], beta, ctx)
                                : -search(kids.children[i], empties - 1, -(now + kids.gain[i]),
                                          -beta, -alpha, ctx, &kids.mobility[i]);
    if (ctx.aborted) break;
    if (improve(v, i, best, best_index, alpha, beta)) break;
  }
  nodes_.fetch_add(ctx.nodes, std::memory_order_relaxed);
  if (ctx.aborted) return std::nullopt;
  store_result(pos, empties, alpha_start, beta, best, best_index);
  return RootResult{best, best_index};
}

std::optional<int> Solver::exact(const Position& pos, int* best) {
  // Proved bounds lower <= margin <= upper; each test "margin >= t" picks lower < t <= upper:
  // first the winning threshold, then galloping away from it, then bisection.
  int lower = -kBeyond, upper = kBeyond;
  int t = winning_margin(pos.side_to_move);
  int step = 1;
  *best = -1;
  MoveList moves;
  game_.generate(pos, {}, moves);
  while (lower < upper) {
    const auto r = root(pos, t - 1, t, true);
    if (!r) return std::nullopt;
    if (r->value >= t) {
      lower = r->value;
      *best = r->best;
    } else {
      upper = r->value;
    }
    if (progress_) {
      SolveProgress p{std::max(lower, -kSquares), std::min(upper, kSquares), std::nullopt, nodes()};
      if (*best >= 0) p.best = moves[static_cast<std::size_t>(*best)];
      progress_(p);
    }
    if (upper == kBeyond)
      t = std::min(lower + step, kSquares);
    else if (lower == -kBeyond)
      t = std::max(upper - step + 1, -kSquares);
    else
      t = lower + (upper - lower + 1) / 2;
    step *= 2;
  }
  return lower;
}

std::optional<Verdict> Solver::win_loss(const Position& pos, const StopCheck& stop) {
  begin(&stop);
  const std::uint64_t start = nodes();
  const int need = winning_margin(pos.side_to_move);
  const auto r = root(pos, need - 1, need, true);
  if (!r) return std::nullopt;
  Verdict v;
  v.side_to_move_wins = r->value >= need;
  (v.side_to_move_wins ? v.lower : v.upper) = r->value;
  v.lower = std::max(v.lower, -kSquares);  // margins never leave +-36
  v.upper = std::min(v.upper, kSquares);
  if (r->best >= 0) {
    MoveList moves;
    game_.generate(pos, {}, moves);
    v.best = moves[static_cast<std::size_t>(r->best)];
  }
  v.nodes = nodes() - start;
  if (progress_) progress_({v.lower, v.upper, v.best, nodes()});
  return v;
}

std::optional<Solution> Solver::solve(const Position& pos, const StopCheck& stop) {
  begin(&stop);
  const std::uint64_t start = nodes();
  int best = -1;
  const auto margin = exact(pos, &best);
  if (!margin) return std::nullopt;
  Solution s;
  s.margin = *margin;
  s.side_to_move_wins = margin_wins(*margin, pos.side_to_move);
  // Walk a perfect line: at each position one null-window test at its known exact value
  // names a move that keeps it (the table makes these tests cheap).
  Position p = pos;
  int want = *margin;
  while (best >= 0) {
    MoveList moves;
    game_.generate(p, {}, moves);
    const Move m = moves[static_cast<std::size_t>(best)];
    s.pv.push_back(m);
    p = game_.make(p, m);
    want = -want;
    const auto r = root(p, want - 1, want, false);
    if (!r) return std::nullopt;
    best = r->best;
  }
  s.final_score = score(p);
  s.nodes = nodes() - start;
  return s;
}

std::optional<int> Solver::value(const Position& pos, int alpha, int beta, int* best,
                                 const StopCheck& stop) {
  begin(&stop);
  const auto r = root(pos, alpha, beta, false);
  if (!r) return std::nullopt;
  if (best) *best = r->best;
  return r->value;
}

}  // namespace triad::games::yinyang
