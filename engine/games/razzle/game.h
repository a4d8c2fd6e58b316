// Razzle Dazzle game core (rules in docs/games/razzle-dazzle.md): legal turn
// generation with both rule sets and both repetition rules, copy-make with incremental
// Zobrist keys, game end detection. No text: notation lives in adapters/razzle/.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/move_list.h"
#include "engine/core/types.h"
#include "engine/games/razzle/position.h"
#include "engine/games/razzle/zobrist.h"

namespace triad::games::razzle {

enum class RuleSet : std::uint8_t {
  kExtended,  // no piece touched twice, throwers become ineligible, forced pass
  kBasic,     // a passing turn is only its final receiver
};

enum class Repetition : std::uint8_t {
  kUndo,      // no knight move that reverses the player's own previous knight move
  kPosition,  // no turn may produce a board position that occurred before
};

struct Rules {
  RuleSet rule_set = RuleSet::kExtended;
  Repetition repetition = Repetition::kUndo;
  bool operator==(const Rules&) const = default;
};

// At most 32 passing results (final receiver x subset of the 3 other pieces as relays) plus
// 4 pieces x 8 knight jumps.
inline constexpr int kMaxMoves = 64;

class Game {
 public:
  using Position = razzle::Position;
  using Move = razzle::Move;
  using MoveList = engine::FixedList<Move, kMaxMoves>;
  static constexpr std::string_view kName = "razzledazzle";

  explicit Game(Rules rules = {}) : rules_(rules) {}
  const Rules& rules() const { return rules_; }

  Position start_position() const;
  // A position from its parts (the caller has checked that they are consistent, as the
  // notation parser does); keys are computed from scratch.
  Position make_position(const PositionSetup& setup) const;

  // Every legal turn once: passing results first (canonical chains), then knight moves.
  void generate(const Position& pos, engine::History history, MoveList& moves) const;
  std::uint64_t count_moves(const Position& pos, engine::History history) const;

  // Plays a legal (or at least well-formed and possible) turn; only the final receiver and
  // the throwers of a passing turn matter, not their order.
  Position make(const Position& pos, const Move& m) const {
    const auto& z = kZobrist;
    Position r = pos;
    const int s = engine::index(pos.side_to_move_);
    std::uint64_t board_change = 0;
    std::uint64_t flag_change = 0;
    if (m.knight) {
      const int from = m.squares[0];
      const int to = m.squares[1];
      r.pieces_[s] ^= bit(from) | bit(to);
      board_change = z.piece[s][from] ^ z.piece[s][to];
      if (r.ineligible_ & bit(from)) {  // a piece that moves becomes eligible again
        r.ineligible_ ^= bit(from);
        flag_change = z.ineligible[from];
      }
      r.last_from_[s] = static_cast<std::uint8_t>(from);
      r.last_to_[s] = static_cast<std::uint8_t>(to);
    } else {
      const int to = m.to();
      board_change = z.ball[s][pos.ball_[s]] ^ z.ball[s][to];
      r.ball_[s] = static_cast<std::uint8_t>(to);
      if (rules_.rule_set == RuleSet::kExtended) {
        for (int i = 0; i + 1 < m.length; ++i) {
          r.ineligible_ |= bit(m.squares[i]);
          flag_change ^= z.ineligible[m.squares[i]];
        }
      }
      r.last_from_[s] = kNoSquare;
      r.last_to_[s] = kNoSquare;
    }
    r.side_to_move_ = engine::other(pos.side_to_move_);
    r.ply_ = engine::next_ply(r.ply_);
    r.board_key_ ^= board_change;
    r.hash_ ^= board_change ^ flag_change ^ z.side_two ^ last_moves_key(pos) ^ last_moves_key(r);
    return r;
  }

  // Full state: pieces, balls, ineligible flags, side to move and the last knight moves as
  // far as the rules in force look at them (see last_moves_key). Not the ply.
  std::uint64_t hash(const Position& pos) const { return pos.hash_; }
  // Board only (pieces and balls of both sides): what the "position" repetition rule compares.
  std::uint64_t history_key(const Position& pos) const { return pos.board_key_; }
  // The same keys computed from scratch (make_position uses them; tests compare).
  std::uint64_t compute_hash(const Position& pos) const;
  static std::uint64_t compute_board_key(const Position& pos);

  engine::Player side_to_move(const Position& pos) const { return pos.side_to_move_; }
  int ply(const Position& pos) const { return pos.ply_; }

  // The player who just moved wins when its ball ends on the opponent's back rank.
  engine::Outcome terminal(const Position& pos) const {
    const engine::Player mover = engine::other(pos.side_to_move_);
    if (rank_of(pos.ball_[engine::index(mover)]) == goal_rank(mover))
      return engine::Outcome::win_for(mover, engine::Reason::kGoal);
    return engine::Outcome::ongoing();
  }
  // No legal turn: the side to move loses.
  engine::Outcome no_moves_outcome(const Position& pos) const {
    return engine::Outcome::win_for(engine::other(pos.side_to_move_), engine::Reason::kNoMoves);
  }

  // Defined in eval.cpp. evaluate_unless_goal: nothing when the side to move can pass onto
  // its goal rank now (it wins next turn), otherwise evaluate(); the search's leaves use it.
  int evaluate(const Position& pos) const;
  std::optional<int> evaluate_unless_goal(const Position& pos) const;
  std::vector<engine::EvalTerm> eval_terms(const Position& pos) const;

  // Search knowledge (used by search_hooks.h). move_key: knight moves by (from, to), passing
  // turns by (final receiver, chain length), all below engine::kMoveKeys.
  int move_key(const Position&, const Move& m) const {
    if (m.knight) return m.squares[0] * kSquares + m.squares[1];
    return kSquares * kSquares + m.to() * 8 + m.length;
  }
  // A passing turn that ends on the opponent's back rank wins at once.
  bool is_tactical(const Position& pos, const Move& m) const {
    return !m.knight && rank_of(m.to()) == goal_rank(pos.side_to_move_);
  }

  // Rule queries shared by the evaluation and the notation's error messages.
  static int goal_rank(engine::Player p) { return p == engine::Player::kOne ? kRanks - 1 : 0; }
  // The side to move can pass onto its goal rank now (it wins next turn).
  bool goal_in_reach(const Position& pos) const {
    return (pass_reach(pos, pos.side_to_move()) & rank_mask(goal_rank(pos.side_to_move()))) != 0;
  }
  // Own pieces `p`'s ball could end on by passing this turn (ignoring the repetition rule).
  Bitboard pass_reach(const Position& pos, engine::Player p) const;
  // The side to move must pass if it can: the opponent's last turn was a knight move that
  // ended next to its ball carrier (extended rules only).
  bool pass_forced(const Position& pos) const;
  // The knight move from -> to is the reverse of the mover's own previous knight move and the
  // undo rule is in force.
  bool undo_banned(const Position& pos, int from, int to) const;

 private:
  std::uint64_t last_moves_key(const Position& pos) const;
  template <bool kList>
  std::uint64_t enumerate(const Position& pos, engine::History history, MoveList* moves) const;

  Rules rules_;
};

static_assert(triad::engine::Game<Game>);
static_assert(triad::engine::CountsMoves<Game>);

}  // namespace triad::games::razzle
