// The proof checker (check.h): an iterative depth-first walk over each part.
#include "tools/ivesdama_prove/check.h"

#include <optional>
#include <set>
#include <vector>

#include "adapters/ivesdama/notation.h"
#include "engine/core/game_line.h"
#include "tools/ivesdama_prove/leaf.h"

namespace triad::tools::ivesdama {

namespace {

namespace iv = games::ivesdama;
using N = adapters::Notation<iv::Game>;

const char* player_name(engine::Player p) {
  return p == engine::Player::kOne ? "Player 1" : "Player 2";
}

// A move of the walk's line: from the node, its move to follow next.
struct Frame {
  int node;
  std::size_t next;
};

// Whether the cycle closed by the last move of the line back to the node of `stack[from]`
// (at `start`) is a draw: the game core's line from there, played round the cycle until the
// position has occurred `repetitions` times, ends drawn by repetition.
bool cycle_draws(const ProofPart& part, const std::vector<Frame>& stack, std::size_t from,
                 const iv::Position& start, const iv::Game& game, int repetitions) {
  engine::GameLine<iv::Game> line(game, start);
  for (int round = 1; round < std::max(repetitions, 2); ++round) {
    for (std::size_t i = from; i < stack.size(); ++i) {
      const auto& node = part.nodes[static_cast<std::size_t>(stack[i].node)];
      const auto move =
          N::parse_move(game, line.current(), {}, node.moves[stack[i].next - 1].first);
      if (!move) return false;  // the walk parsed these moves already
      line.play(*move);
    }
  }
  return line.outcome({repetitions, 0}) == engine::Outcome::draw(engine::Reason::kRepetition);
}

Result<void> check_part(const ProofPart& part, const iv::Position& root, const iv::Game& game,
                        const tables::TableSet& tables, int repetitions, CheckResult& out) {
  enum class State : std::uint8_t { kNew, kOpen, kDone };
  std::vector<State> state(part.nodes.size(), State::kNew);
  std::vector<std::optional<iv::Position>> pos(part.nodes.size());
  const auto at = [&](int node, const std::string& what) {
    return make_error("node " + std::to_string(node) + " (line " +
                      std::to_string(part.nodes[static_cast<std::size_t>(node)].line) +
                      "): " + what);
  };
  std::vector<Frame> stack{{0, 0}};
  pos[0] = root;
  state[0] = State::kOpen;
  while (!stack.empty()) {
    Frame& f = stack.back();
    const auto n = static_cast<std::size_t>(f.node);
    const iv::Position& p = *pos[n];
    const ProofNode& node = part.nodes[n];
    if (f.next == 0) {  // first visit: the node's moves against the rules
      ++out.nodes;
      if (game.terminal(p).over()) return at(f.node, "the game is already over here");
      iv::Game::MoveList legal;
      game.generate(p, {}, legal);
      if (node.moves.empty()) {  // only the root can be a leaf
        const auto ok = leaf_success(game, tables, p, part.claimant, part.goal);
        if (!ok || !*ok)
          return at(f.node, "a node without moves must be a leaf where the claim holds");
        ++out.leaves;
      } else if (p.side_to_move == part.claimant) {
        if (node.moves.size() != 1) return at(f.node, "the claimant's node must give one move");
      } else {
        std::set<std::string> wanted, given;
        for (const auto& m : legal) wanted.insert(N::format_move(game, p, m));
        for (const auto& [m, c] : node.moves)
          if (!given.insert(m).second) return at(f.node, "move '" + m + "' given twice");
        if (given != wanted)
          return at(f.node, "the opponent's node must give every legal move (" +
                                std::to_string(wanted.size()) + " legal, " +
                                std::to_string(given.size()) + " given)");
      }
    }
    if (f.next == node.moves.size()) {
      state[n] = State::kDone;
      stack.pop_back();
      continue;
    }
    const auto& [text, child] = node.moves[f.next++];
    const auto move = N::parse_move(game, p, {}, text);
    if (!move) return at(f.node, "move '" + text + "': " + move.error().message);
    const iv::Position next = game.make(p, *move);
    if (child == kLeaf) {
      const auto ok = leaf_success(game, tables, next, part.claimant, part.goal);
      if (!ok)
        return at(f.node,
                  "move '" + text + "' leads to no leaf: the game goes on beyond the tables");
      if (!*ok) return at(f.node, "move '" + text + "' leads to a leaf where the claim fails");
      ++out.leaves;
      continue;
    }
    const auto c = static_cast<std::size_t>(child);
    if (state[c] == State::kNew) {
      pos[c] = next;
      state[c] = State::kOpen;
      stack.push_back({child, 0});
      continue;
    }
    const auto& q = *pos[c];
    if (q.pieces != next.pieces || q.side_to_move != next.side_to_move)
      return at(f.node,
                "move '" + text + "' leads to another position than node " + std::to_string(child));
    if (state[c] != State::kOpen) continue;
    if (part.goal == Goal::kWin)
      return at(f.node, "move '" + text + "' closes a cycle: a win cannot repeat a position");
    std::size_t from = 0;
    while (stack[from].node != child) ++from;
    if (!cycle_draws(part, stack, from, q, game, repetitions))
      return at(f.node, "move '" + text + "' closes a cycle back to node " + std::to_string(child) +
                            " that the rule 'draws repetition " + std::to_string(repetitions) +
                            "' does not end in a draw");
    ++out.cycles;
  }
  for (std::size_t i = 0; i < state.size(); ++i)
    if (state[i] == State::kNew) return at(static_cast<int>(i), "not reached from the root");
  return {};
}

}  // namespace

Result<CheckResult> check_proof(const ProofDocument& doc, const iv::Game& game,
                                const tables::TableSet& tables) {
  const auto root = N::parse_position(game, doc.root);
  if (!root) return make_error("root: " + root.error().message);
  CheckResult out;
  bool wins[2] = {false, false}, holds[2] = {false, false};
  for (std::size_t i = 0; i < doc.parts.size(); ++i) {
    const auto& part = doc.parts[i];
    if (auto r = check_part(part, *root, game, tables, doc.repetitions, out); !r)
      return make_error("part " + std::to_string(i + 1) + ": " + r.error().message);
    const auto who = static_cast<std::size_t>(engine::index(part.claimant));
    (part.goal == Goal::kWin ? wins : holds)[who] = true;
  }
  for (auto p : {engine::Player::kOne, engine::Player::kTwo}) {
    if (wins[engine::index(p)]) {
      out.verdict = std::string(player_name(p)) + " wins";
      return out;
    }
  }
  if (holds[0] && holds[1])
    out.verdict = "draw";
  else
    out.verdict = std::string(player_name(holds[0] ? engine::Player::kOne : engine::Player::kTwo)) +
                  " does not lose";
  return out;
}

}  // namespace triad::tools::ivesdama
