// df-pn (dfpn.h): Nagai's depth-first proof-number search with the usual 1 + epsilon-free
// thresholds; OR nodes are the claimant's, AND nodes the opponent's.
#include "tools/ivesdama_prove/dfpn.h"

#include <algorithm>
#include <bit>
#include <set>

#include "adapters/ivesdama/notation.h"
#include "tools/ivesdama_prove/leaf.h"

namespace triad::tools::ivesdama {

namespace {
namespace iv = games::ivesdama;
using N = adapters::Notation<iv::Game>;
constexpr std::uint32_t kInf = 1u << 30;
// Bytes per table entry as std::unordered_map keeps it (key, numbers, node, bucket).
constexpr std::size_t kEntryBytes = 48;

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
  std::optional<bool> fixed;  // a leaf's or a repetition's value for the claimant
};

ProofSearch::Key ProofSearch::key_of(const iv::Position& p) {
  return {p.pieces[0], p.pieces[1], p.side_to_move == engine::Player::kOne};
}

ProofSearch::Numbers ProofSearch::look(const Child& c) const {
  if (c.fixed) return *c.fixed ? Numbers{0, kInf} : Numbers{kInf, 0};
  const auto it = table_.find(c.key);
  return it == table_.end() ? Numbers{} : it->second;
}

void ProofSearch::store(const iv::Position& p, Numbers n) {
  const Key k = key_of(p);
  if ((n.pn == 0 || n.dn == 0)) stats_.largest_solved = std::max(stats_.largest_solved, stones(p));
  if (auto it = table_.find(k); it != table_.end()) {
    it->second = n;
  } else if ((table_.size() + 1) * kEntryBytes <= limits_.memory_bytes) {
    table_.emplace(k, n);
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
  stop_ = false;
  std::optional<bool> result;
  if (const auto leaf = leaf_success(game_, tables_, root, claimant, goal)) {
    result = *leaf;
    stats_.root_pn = *leaf ? 0 : kInf;
    stats_.root_dn = *leaf ? kInf : 0;
  } else {
    mid(root, kInf - 1, kInf - 1, 0);
    const auto it = table_.find(key_of(root));
    const Numbers n = it == table_.end() ? Numbers{} : it->second;
    stats_.root_pn = n.pn;
    stats_.root_dn = n.dn;
    if (n.pn == 0) result = true;
    if (n.dn == 0) result = false;
  }
  stats_.entries = table_.size();
  return result;
}

void ProofSearch::mid(const iv::Position& p, std::uint32_t th_pn, std::uint32_t th_dn, int depth) {
  ++stats_.nodes;
  const bool or_node = p.side_to_move == claimant_;
  iv::Game::MoveList moves;
  game_.generate(p, {}, moves);
  std::vector<Child> children;
  children.reserve(moves.size());
  for (const auto& m : moves) {
    Child c{m, game_.make(p, m), {}, {}};
    c.key = key_of(c.pos);
    c.fixed = leaf_success(game_, tables_, c.pos, claimant_, goal_);
    if (!c.fixed && path_.count(c.key)) c.fixed = goal_ == Goal::kNotLose;
    if (!c.fixed && depth + 1 >= limits_.max_depth) c.fixed = false;
    children.push_back(std::move(c));
  }
  const Key self = key_of(p);
  path_.insert(self);
  Numbers n;
  while (true) {
    // The node's numbers, and the child to follow with the runner-up's number.
    std::uint32_t best = kInf + 1, second = kInf, sum = 0;
    std::size_t pick = 0;
    for (std::size_t i = 0; i < children.size(); ++i) {
      const Numbers c = look(children[i]);
      const std::uint32_t minor = or_node ? c.pn : c.dn;  // the min side
      sum = add(sum, or_node ? c.dn : c.pn);
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
  store(p, n);
}

std::optional<ProofPart> ProofSearch::extract(const iv::Position& root) const {
  ProofPart part;
  part.claimant = claimant_;
  part.goal = goal_;
  std::unordered_map<Key, int, KeyHash> ids;
  std::set<int> open;  // nodes on the extraction line (a win may not return to them)
  // Depth-first, recursive through a lambda; the proof's depth is bounded by max_depth.
  std::function<std::optional<int>(const iv::Position&)> visit =
      [&](const iv::Position& p) -> std::optional<int> {
    const int id = static_cast<int>(part.nodes.size());
    ids.emplace(key_of(p), id);
    part.nodes.emplace_back();
    open.insert(id);
    iv::Game::MoveList moves;
    game_.generate(p, {}, moves);
    const bool or_node = p.side_to_move == claimant_;
    std::vector<std::pair<std::string, int>> out;
    for (const auto& m : moves) {
      const iv::Position c = game_.make(p, m);
      const std::string text = N::format_move(game_, p, m);
      const auto leaf = leaf_success(game_, tables_, c, claimant_, goal_);
      std::optional<int> child;
      if (leaf) {
        if (*leaf) child = kLeaf;
      } else if (const auto known = ids.find(key_of(c)); known != ids.end()) {
        if (goal_ == Goal::kNotLose || !open.count(known->second)) child = known->second;
      } else if (const auto e = table_.find(key_of(c)); e != table_.end() && e->second.pn == 0) {
        child = visit(c);
        if (!child) return std::nullopt;
      }
      if (or_node && child) {
        out = {{text, *child}};
        break;
      }
      if (!or_node) {
        if (!child) return std::nullopt;
        out.emplace_back(text, *child);
      }
    }
    if (out.empty()) return std::nullopt;
    part.nodes[static_cast<std::size_t>(id)].moves = std::move(out);
    open.erase(id);
    return id;
  };
  if (leaf_success(game_, tables_, root, claimant_, goal_)) {  // a root leaf: one node, no moves
    part.nodes.emplace_back();
    return part;
  }
  if (!visit(root)) return std::nullopt;
  return part;
}

}  // namespace triad::tools::ivesdama
