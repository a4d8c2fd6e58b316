// df-pn (dfpn.h): Nagai's depth-first proof-number search with the usual 1 + epsilon-free
// thresholds; OR nodes are the claimant's, AND nodes the opponent's. Results resting on a
// repetition carry the distance to the repeated ancestor and a hash of the line from it to
// the parent they were found below (dfpn.h).
#include "tools/ivesdama_prove/dfpn.h"

#include <algorithm>
#include <bit>

#include "tools/ivesdama_prove/leaf.h"
#include "tools/ivesdama_prove/proof_graph.h"

namespace triad::tools::ivesdama {

namespace {
namespace iv = games::ivesdama;
constexpr std::uint32_t kInf = 1u << 30;
constexpr std::uint64_t kBase = 0x9E3779B97F4A7C15ULL;  // of the line hashes (odd)
// Bytes per table entry as std::unordered_map keeps it (key, entry, node, bucket).
constexpr std::size_t kEntryBytes = 64;

std::uint32_t add(std::uint32_t a, std::uint32_t b) {
  return std::min(kInf, a + b);
}
int stones(const iv::Position& p) {
  return std::popcount(p.pieces[0]) + std::popcount(p.pieces[1]);
}
}  // namespace

struct ProofSearch::Child {
  iv::Move move;
  iv::Position pos;
  Key key;
  std::optional<Numbers> fixed;  // a leaf's or a repetition's numbers
};

ProofSearch::Key ProofSearch::key_of(const iv::Position& p) {
  return {p.pieces[0], p.pieces[1], p.side_to_move == engine::Player::kOne};
}

std::uint64_t ProofSearch::segment(int from, int to) const {
  const auto a = static_cast<std::size_t>(from), b = static_cast<std::size_t>(to) + 1;
  return prefix_[b] - prefix_[a] * powers_[b - a];
}

// A child's numbers seen from the current line (prefix_ ends with the node): a result resting
// on a repetition holds where the line from the repeated ancestor down is the same.
ProofSearch::Numbers ProofSearch::look(const Child& c) const {
  if (c.fixed) return *c.fixed;
  const auto it = table_.find(c.key);
  if (it == table_.end()) return {};
  Numbers n = it->second.n;
  if (n.loop == kNoLoop) return n;
  const int depth = static_cast<int>(prefix_.size()) - 1;  // the child's
  n.loop = depth - n.loop;
  if (n.loop < 0 || segment(n.loop, depth - 1) != it->second.owner) return {};
  return n;
}

// A result resting only on repetitions of `p` itself (depth `depth`) holds on every line.
void ProofSearch::store(const iv::Position& p, Numbers n, int depth) {
  const Key k = key_of(p);
  const bool solved = n.pn == 0 || n.dn == 0;
  if (solved) stats_.largest_solved = std::max(stats_.largest_solved, stones(p));
  std::uint64_t owner = 0;
  if (!solved || n.loop >= depth) {
    n.loop = kNoLoop;
  } else {
    owner = segment(n.loop, depth - 1);
    n.loop = depth - n.loop;
  }
  if (auto it = table_.find(k); it != table_.end()) {
    it->second = {n, owner};
  } else if ((table_.size() + 1) * kEntryBytes <= limits_.memory_bytes) {
    table_.emplace(k, Entry{n, owner});
  } else {
    stats_.table_full = true;  // a value not kept would be searched again forever: stop
    stop_ = true;
  }
}

bool ProofSearch::stopped() {
  if (!stop_ && ((node_limit_ && stats_.nodes >= node_limit_) ||
                 (limits_.stop && (stats_.nodes & 1023) == 0 && limits_.stop())))
    stop_ = true;
  return stop_;
}

std::optional<bool> ProofSearch::search(const iv::Position& root, engine::Player claimant,
                                        Goal goal, std::uint64_t nodes) {
  node_limit_ = nodes;
  stats_ = {};
  claimant_ = claimant;
  goal_ = goal;
  table_.clear();
  path_.clear();
  prefix_.resize(1);
  stop_ = false;
  Numbers n;
  if (const auto leaf = leaf_success(game_, tables_, root, claimant, goal)) {
    n = *leaf ? Numbers{0, kInf} : Numbers{kInf, 0};
  } else {
    mid(root, kInf - 1, kInf - 1, 0);
    if (const auto it = table_.find(key_of(root)); it != table_.end()) n = it->second.n;
  }
  stats_.root_pn = n.pn;
  stats_.root_dn = n.dn;
  stats_.entries = table_.size();
  // Every expanded position is a candidate; one not expanded fails the claim. A win's numbers
  // close by themselves (no repetition serves it): its graph is built once they have. The
  // limits' stop (time, Ctrl-C) ends the run: no graph then.
  proof_.reset();
  const bool limited = limits_.stop && limits_.stop();
  if (n.dn != 0 && (n.pn == 0 || (goal == Goal::kNotLose && !limited)))
    proof_ = build_proof(game_, tables_, root, claimant, goal,
                         [&](const iv::Position& p) { return table_.count(key_of(p)) > 0; });
  stats_.by_fixed_point = proof_ && n.pn != 0;
  if (proof_) return true;
  if (n.dn == 0) return false;
  return std::nullopt;
}

void ProofSearch::mid(const iv::Position& p, std::uint32_t th_pn, std::uint32_t th_dn, int depth) {
  ++stats_.nodes;
  const bool or_node = p.side_to_move == claimant_;
  // A repetition is a draw: for "does not lose" a proof, against a win a disproof.
  const auto repetition = [&](int ancestor) {
    return goal_ == Goal::kNotLose ? Numbers{0, kInf, ancestor} : Numbers{kInf, 0, ancestor};
  };
  iv::Game::MoveList moves;
  game_.generate(p, {}, moves);
  std::vector<Child> children;
  children.reserve(moves.size());
  for (const auto& m : moves) {
    Child c{m, game_.make(p, m), {}, {}};
    c.key = key_of(c.pos);
    if (const auto leaf = leaf_success(game_, tables_, c.pos, claimant_, goal_))
      c.fixed = *leaf ? Numbers{0, kInf} : Numbers{kInf, 0};
    else if (const auto on_line = path_.find(c.key); on_line != path_.end())
      c.fixed = repetition(on_line->second);
    else if (depth + 1 >= limits_.max_depth)
      c.fixed = Numbers{kInf, 0};
    children.push_back(std::move(c));
  }
  const Key self = key_of(p);
  path_.emplace(self, depth);
  prefix_.push_back(prefix_.back() * kBase + KeyHash{}(self));
  if (powers_.size() < prefix_.size()) powers_.push_back(powers_.back() * kBase);
  Numbers n;
  while (true) {
    // The node's numbers, and the child to follow with the runner-up's number. A result's
    // loop: the shallowest ancestor that all children's results rest on (the sum side), or
    // the deepest among the children that settle it alone (the min side).
    std::uint32_t best = kInf + 1, second = kInf, sum = 0;
    int loop_min_side = -1, loop_sum_side = kNoLoop;
    std::size_t pick = 0;
    for (std::size_t i = 0; i < children.size(); ++i) {
      const Numbers c = look(children[i]);
      const std::uint32_t minor = or_node ? c.pn : c.dn;  // the min side
      sum = add(sum, or_node ? c.dn : c.pn);
      loop_sum_side = std::min(loop_sum_side, c.loop);
      if (minor == 0) loop_min_side = std::max(loop_min_side, c.loop);
      if (minor < best) {
        second = best;
        best = minor;
        pick = i;
      } else if (minor < second) {
        second = minor;
      }
    }
    best = std::min(best, kInf);
    second = std::min(second, kInf);
    n = or_node ? Numbers{best, sum} : Numbers{sum, best};
    if (best == 0) n.loop = loop_min_side;
    if (sum == 0) n.loop = loop_sum_side;
    if (n.pn >= th_pn || n.dn >= th_dn || stopped()) break;
    const Numbers c = look(children[pick]);
    std::uint32_t c_pn, c_dn;
    if (or_node) {
      c_pn = std::min(th_pn, add(second, 1));
      c_dn = add(th_dn - n.dn, c.dn);
    } else {
      c_dn = std::min(th_dn, add(second, 1));
      c_pn = add(th_pn - n.pn, c.pn);
    }
    mid(children[pick].pos, std::min(c_pn, kInf - 1), std::min(c_dn, kInf - 1), depth + 1);
  }
  path_.erase(self);
  prefix_.pop_back();
  store(p, n, depth);
}

}  // namespace triad::tools::ivesdama
