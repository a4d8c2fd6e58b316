// An independent, deliberately naive statement of the Razzle Dazzle turn rules, used only as
// a test oracle for the fast generator: it walks the board square by square, follows every
// pass chain without any pruning, and collects results in std::set/std::map.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "engine/games/razzle/game.h"

namespace triad::games::razzle::test {

// One turn as the oracle sees it. Knight: (from, to). Pass: final receiver and the set of
// throwers (empty under the basic rules, where only the receiver matters).
struct TurnResult {
  bool knight = false;
  int a = 0;       // knight: from; pass: final receiver
  Bitboard b = 0;  // knight: bit(to); pass: throwers (extended) or 0 (basic)
  auto operator<=>(const TurnResult&) const = default;
};

inline TurnResult result_of(const Game& game, const Move& m) {
  if (m.knight) return {true, m.squares[0], bit(m.squares[1])};
  const bool extended = game.rules().rule_set == RuleSet::kExtended;
  return {false, m.to(), extended ? m.throwers() : 0};
}

class ReferenceRules {
 public:
  explicit ReferenceRules(const Game& game) : game_(game) {}

  // Every legal turn result with the canonical chain (shortest, then smallest squares) of
  // each passing result, as square lists.
  std::map<TurnResult, std::vector<int>> legal(const Position& pos, engine::History history) const {
    std::map<TurnResult, std::vector<int>> out;
    if (game_.terminal(pos).over()) return out;
    const Player me = pos.side_to_move();
    const Player opp = engine::other(me);
    const bool extended = game_.rules().rule_set == RuleSet::kExtended;
    const bool position_rule = game_.rules().repetition == Repetition::kPosition;
    auto repeats = [&](const Position& after) {
      if (!position_rule) return false;
      for (std::uint64_t k : history)
        if (k == Game::compute_board_key(after)) return true;
      return false;
    };
    // Passing turns: every chain (under the basic rules, where pieces may be touched again,
    // up to 5 passes: enough for every shortest chain among 5 pieces).
    std::vector<int> chain{pos.ball(me)};
    std::map<TurnResult, std::vector<int>> passes;
    walk(pos, chain, extended, passes);
    for (auto& [result, squares] : passes) {
      Move m;
      if (squares.size() > static_cast<std::size_t>(kMaxChain)) continue;  // never canonical
      for (std::size_t i = 0; i < squares.size(); ++i)
        m.squares[i] = static_cast<std::uint8_t>(squares[i]);
      m.length = static_cast<std::uint8_t>(squares.size());
      if (!repeats(game_.make(pos, m))) out.emplace(result, squares);
    }
    const auto opp_last = pos.last_knight_move(opp);
    const bool forced = extended && opp_last && file_distance(opp_last->to, pos.ball(me)) <= 1 &&
                        rank_distance(opp_last->to, pos.ball(me)) <= 1;
    if (forced && !out.empty()) return out;
    const auto own_last = pos.last_knight_move(me);
    for (int from = 0; from < kSquares; ++from) {
      if (!(pos.pieces(me) & bit(from)) || from == pos.ball(me)) continue;
      for (int df = -2; df <= 2; ++df) {
        for (int dr = -2; dr <= 2; ++dr) {
          if (df * df + dr * dr != 5) continue;
          const int f = file_of(from) + df;
          const int r = rank_of(from) + dr;
          if (!on_board(f, r)) continue;
          const int to = make_square(f, r);
          if (pos.occupied() & bit(to)) continue;
          if (!position_rule && own_last && own_last->to == from && own_last->from == to) continue;
          if (repeats(game_.make(pos, Move::knight_move(from, to)))) continue;
          out.emplace(TurnResult{true, from, bit(to)}, std::vector<int>{from, to});
        }
      }
    }
    return out;
  }

 private:
  static int file_distance(int a, int b) { return std::abs(file_of(a) - file_of(b)); }
  static int rank_distance(int a, int b) { return std::abs(rank_of(a) - rank_of(b)); }

  static bool better(const std::vector<int>& a, const std::vector<int>& b) {
    if (a.size() != b.size()) return a.size() < b.size();
    return a < b;
  }

  void walk(const Position& pos, std::vector<int>& chain, bool extended,
            std::map<TurnResult, std::vector<int>>& passes) const {
    const Player me = pos.side_to_move();
    if (!extended && chain.size() > static_cast<std::size_t>(kMaxChain)) return;
    const int at = chain.back();
    for (int d = 0; d < kDirections; ++d) {
      int f = file_of(at) + kDirFile[d];
      int r = rank_of(at) + kDirRank[d];
      while (on_board(f, r) && !(pos.occupied() & bit(make_square(f, r)))) {
        f += kDirFile[d];
        r += kDirRank[d];
      }
      if (!on_board(f, r)) continue;
      const int target = make_square(f, r);
      if (!(pos.pieces(me) & bit(target)) || (pos.ineligible() & bit(target))) continue;
      bool touched = false;
      for (int s : chain) touched = touched || s == target;
      if (extended && touched) continue;
      chain.push_back(target);
      if (target != chain.front()) {
        Bitboard throwers = 0;
        for (std::size_t i = 0; i + 1 < chain.size(); ++i) throwers |= bit(chain[i]);
        const TurnResult result{false, target, extended ? throwers : 0};
        auto it = passes.find(result);
        if (it == passes.end() || better(chain, it->second)) passes[result] = chain;
      }
      walk(pos, chain, extended, passes);
      chain.pop_back();
    }
  }

  const Game& game_;
};

}  // namespace triad::games::razzle::test
