// The proof graph of a claim from the search's candidates (proof_graph.h): the candidates
// reachable from the root, a fixed point over them by a worklist (each vertex counts the
// moves that still decide it), and the part, its nodes numbered breadth-first from the root.
#include "tools/ivesdama_prove/proof_graph.h"

#include <deque>
#include <unordered_map>
#include <vector>

#include "adapters/ivesdama/notation.h"
#include "tools/ivesdama_prove/leaf.h"

namespace triad::tools::ivesdama {

namespace {

namespace iv = games::ivesdama;
using N = adapters::Notation<iv::Game>;
constexpr int kFails = -2;  // a move to a position neither a candidate nor a leaf that holds

struct Vertex {
  iv::Position pos;
  bool or_node = false;                              // the claimant moves
  std::vector<std::pair<iv::Move, int>> moves;       // to a vertex, kLeaf or kFails
  std::vector<std::pair<int, std::size_t>> parents;  // (vertex, its move) leading here
  std::size_t count = 0;  // win: the opponent's moves not yet proved; not lose: the claimant's
                          // moves still open (to a leaf or a vertex not dropped)
  bool settled = false;   // win: proved; not lose: dropped
  int choice = -1;        // win: the claimant's move that proved the vertex first
};

struct PositionHash {
  std::size_t operator()(const iv::Position& p) const { return p.hash; }
};
struct SamePosition {
  bool operator()(const iv::Position& a, const iv::Position& b) const {
    return a.pieces == b.pieces && a.side_to_move == b.side_to_move;
  }
};

}  // namespace

std::optional<ProofPart> build_proof(const iv::Game& game, const tables::TableSet& tables,
                                     const iv::Position& root, engine::Player claimant, Goal goal,
                                     const std::function<bool(const iv::Position&)>& candidate) {
  ProofPart part{claimant, goal, {}};
  if (const auto leaf = leaf_success(game, tables, root, claimant, goal)) {
    if (!*leaf) return std::nullopt;
    part.nodes.emplace_back();  // a root leaf: one node, no moves
    return part;
  }
  // The candidates reachable from the root, with their moves.
  std::vector<Vertex> v;
  std::unordered_map<iv::Position, int, PositionHash, SamePosition> index;
  const auto add = [&](const iv::Position& p) {
    index.emplace(p, static_cast<int>(v.size()));
    v.push_back({p, p.side_to_move == claimant, {}, {}, 0, false, -1});
    return static_cast<int>(v.size()) - 1;
  };
  add(root);
  constexpr int kNew = -3;  // a candidate not yet a vertex
  std::vector<std::pair<iv::Move, int>> out;
  std::vector<iv::Position> next;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const iv::Position p = v[i].pos;
    iv::Game::MoveList moves;
    game.generate(p, {}, moves);
    out.clear();
    next.clear();
    bool fails = false;
    for (const auto& m : moves) {
      next.push_back(game.make(p, m));
      const iv::Position& c = next.back();
      int to = kFails;
      if (const auto leaf = leaf_success(game, tables, c, claimant, goal))
        to = *leaf ? kLeaf : kFails;
      else if (const auto it = index.find(c); it != index.end())
        to = it->second;
      else if (candidate(c))
        to = kNew;
      out.emplace_back(m, to);
      fails = fails || to == kFails;
    }
    // An opponent's move out of the candidates settles the vertex against the claim: its
    // other moves are not followed.
    if (fails && !v[i].or_node) {
      v[i].moves = {{moves[0], kFails}};
      continue;
    }
    for (std::size_t k = 0; k < out.size(); ++k) {
      int to = out[k].second;
      if (to == kNew) {
        const auto it = index.find(next[k]);  // two moves may reach one new position
        to = it != index.end() ? it->second : add(next[k]);
      }
      if (to >= 0) v[static_cast<std::size_t>(to)].parents.emplace_back(i, k);
      v[i].moves.emplace_back(out[k].first, to);
    }
  }
  // The fixed point: settle what the counts decide, then pass it on to the parents.
  const bool win = goal == Goal::kWin;
  std::vector<int> work;
  for (std::size_t i = 0; i < v.size(); ++i) {
    Vertex& x = v[i];
    for (std::size_t k = 0; k < x.moves.size(); ++k) {
      const int to = x.moves[k].second;
      if (x.or_node && win && to == kLeaf && x.choice < 0) x.choice = static_cast<int>(k);
      if (x.or_node ? (!win && to != kFails) : (to == kFails || (win && to != kLeaf))) ++x.count;
    }
    const bool fails = !x.or_node && !win && x.count > 0;  // not lose: an opponent's move out
    if (win ? (x.or_node ? x.choice >= 0 : x.count == 0) : (fails || (x.or_node && !x.count))) {
      x.settled = true;
      work.push_back(static_cast<int>(i));
    }
  }
  while (!work.empty()) {
    const auto i = static_cast<std::size_t>(work.back());
    work.pop_back();
    for (const auto& [q, k] : v[i].parents) {
      Vertex& x = v[static_cast<std::size_t>(q)];
      if (x.settled) continue;
      if (x.or_node && win) x.choice = static_cast<int>(k);
      if (x.or_node == win || --x.count == 0) {
        x.settled = true;
        work.push_back(q);
      }
    }
  }
  const auto holds = [&](int to) {
    return to == kLeaf || (to >= 0 && v[static_cast<std::size_t>(to)].settled == win);
  };
  if (!holds(0)) return std::nullopt;
  // The part: the moves kept, from the root.
  std::vector<int> id(v.size(), -1);
  std::deque<int> queue{0};
  id[0] = 0;
  part.nodes.emplace_back();
  while (!queue.empty()) {
    const Vertex& x = v[static_cast<std::size_t>(queue.front())];
    const int node = id[static_cast<std::size_t>(queue.front())];
    queue.pop_front();
    std::vector<std::pair<std::string, int>> out;
    for (std::size_t k = 0; k < x.moves.size(); ++k) {
      const int to = x.moves[k].second;
      if (x.or_node && (win ? static_cast<int>(k) != x.choice : !holds(to))) continue;
      int child = kLeaf;
      if (to >= 0) {
        auto& known = id[static_cast<std::size_t>(to)];
        if (known < 0) {
          known = static_cast<int>(part.nodes.size());
          part.nodes.emplace_back();
          queue.push_back(to);
        }
        child = known;
      }
      out.emplace_back(N::format_move(game, x.pos, x.moves[k].first), child);
      if (x.or_node) break;
    }
    part.nodes[static_cast<std::size_t>(node)].moves = std::move(out);
  }
  return part;
}

}  // namespace triad::tools::ivesdama
