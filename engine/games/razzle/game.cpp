// Razzle Dazzle turn generation and key computation. Passing turns are found by a depth
// first search over the own pieces (extended rules) or a breadth first search (basic rules);
// both visit receivers in increasing square order, so the first chain found for a result is
// its canonical chain (shortest, then smallest square sequence).
#include "engine/games/razzle/game.h"

#include <algorithm>
#include <bit>

namespace triad::games::razzle {

using engine::History;
using engine::Player;

namespace {

constexpr int kStartRank[2] = {0, kRanks - 1};

bool in_history(History history, std::uint64_t key) {
  return std::find(history.begin(), history.end(), key) != history.end();
}

// The own pieces of the side to move by local index (ascending square), and for each piece
// that may hold the ball during the turn, the local indices it can pass to.
struct PassGraph {
  std::array<std::uint8_t, kPiecesPerSide> square{};
  std::array<std::uint8_t, kPiecesPerSide> links{};  // bit j: may pass to piece j
  int count = 0;
  int holder = 0;

  PassGraph(Bitboard own, Bitboard occupied, Bitboard receivers, int ball) {
    for (Bitboard b = own; b && count < kPiecesPerSide; b &= b - 1) {
      square[count] = static_cast<std::uint8_t>(lowest_square(b));
      if (square[count] == ball) holder = count;
      ++count;
    }
    // A clear line joins two pieces both ways; each end may pass to the other if that one may
    // receive. Links out of a piece that never holds the ball are never followed.
    for (int i = 0; i < count; ++i) {
      for (int j = i + 1; j < count; ++j) {
        if (!line_clear(square[i], square[j], occupied)) continue;
        if (receivers & bit(square[j])) links[i] |= static_cast<std::uint8_t>(1u << j);
        if (receivers & bit(square[i])) links[j] |= static_cast<std::uint8_t>(1u << i);
      }
    }
  }
};

// Extended rules: every simple path from the holder. A result is (final receiver, set of
// pieces touched before it); `seen[j]` bit v marks result (j, v). A result seen before has
// had its continuations explored already, so the search is cut there.
template <class Emit>
void extended_chains(const PassGraph& g, int current, int length, unsigned visited,
                     std::array<std::uint32_t, kPiecesPerSide>& seen, Move& chain, Emit& emit) {
  for (unsigned next = g.links[current] & ~visited; next; next &= next - 1) {
    const int j = std::countr_zero(next);
    if (seen[j] & (1u << visited)) continue;
    seen[j] |= 1u << visited;
    chain.squares[length] = g.square[j];
    chain.length = static_cast<std::uint8_t>(length + 1);
    emit(chain);
    extended_chains(g, j, length + 1, visited | (1u << j), seen, chain, emit);
  }
  if (length < kMaxChain) chain.squares[length] = 0;  // unused squares stay zero
}

// Basic rules: every piece reachable from the holder once, by its canonical shortest chain.
template <class Emit>
void basic_chains(const PassGraph& g, Emit& emit) {
  std::array<int, kPiecesPerSide> order{};
  std::array<int, kPiecesPerSide> parent{};
  unsigned reached = 1u << g.holder;
  order[0] = g.holder;
  int tail = 1;
  for (int head = 0; head < tail; ++head) {
    const int current = order[head];
    for (unsigned next = g.links[current] & ~reached; next; next &= next - 1) {
      const int j = std::countr_zero(next);
      reached |= 1u << j;
      parent[j] = current;
      order[tail++] = j;
      int path[kMaxChain];
      int length = 0;
      for (int k = j; k != g.holder; k = parent[k]) path[length++] = k;
      path[length++] = g.holder;
      Move chain;
      chain.length = static_cast<std::uint8_t>(length);
      for (int i = 0; i < length; ++i) chain.squares[i] = g.square[path[length - 1 - i]];
      emit(chain);
    }
  }
}

}  // namespace

Position Game::start_position() const {
  PositionSetup s;
  for (int side = 0; side < 2; ++side) {
    for (int file = 1; file <= 5; ++file)
      s.pieces[side] |= bit(make_square(file, kStartRank[side]));
    s.ball[side] = make_square(3, kStartRank[side]);
  }
  return make_position(s);
}

Position Game::make_position(const PositionSetup& setup) const {
  Position p;
  for (int side = 0; side < 2; ++side) {
    p.pieces_[side] = setup.pieces[side];
    p.ball_[side] = static_cast<std::uint8_t>(setup.ball[side]);
    if (setup.last[side]) {
      p.last_from_[side] = static_cast<std::uint8_t>(setup.last[side]->from);
      p.last_to_[side] = static_cast<std::uint8_t>(setup.last[side]->to);
    }
  }
  p.ineligible_ = setup.ineligible;
  p.side_to_move_ = setup.side_to_move;
  p.ply_ = setup.ply;
  p.board_key_ = compute_board_key(p);
  p.hash_ = compute_hash(p);
  return p;
}

std::uint64_t Game::compute_board_key(const Position& pos) {
  std::uint64_t key = 0;
  for (int side = 0; side < 2; ++side) {
    for (Bitboard b = pos.pieces_[side]; b; b &= b - 1)
      key ^= kZobrist.piece[side][lowest_square(b)];
    key ^= kZobrist.ball[side][pos.ball_[side]];
  }
  return key;
}

std::uint64_t Game::compute_hash(const Position& pos) const {
  std::uint64_t key = compute_board_key(pos) ^ last_moves_key(pos);
  for (Bitboard b = pos.ineligible_; b; b &= b - 1) key ^= kZobrist.ineligible[lowest_square(b)];
  if (pos.side_to_move_ == Player::kTwo) key ^= kZobrist.side_two;
  return key;
}

// What the last knight moves mean for the rest of the game. Undo rule: each side's own last
// knight move (it may not be reversed next turn; the mover's one also may force a pass).
// Position rule: only a pass the mover's last knight move forces (extended rules).
std::uint64_t Game::last_moves_key(const Position& pos) const {
  std::uint64_t key = 0;
  auto add = [&](int side) {
    if (pos.last_from_[side] == kNoSquare) return;
    key ^=
        kZobrist.last_from[side][pos.last_from_[side]] ^ kZobrist.last_to[side][pos.last_to_[side]];
  };
  if (rules_.repetition == Repetition::kUndo) {
    add(0);
    add(1);
  } else if (pass_forced(pos)) {
    add(1 - engine::index(pos.side_to_move_));
  }
  return key;
}

bool Game::pass_forced(const Position& pos) const {
  if (rules_.rule_set != RuleSet::kExtended) return false;
  const int me = engine::index(pos.side_to_move_);
  const int last_to = pos.last_to_[1 - me];
  return last_to != kNoSquare && (kBoard.king[pos.ball_[me]] & bit(last_to)) != 0;
}

bool Game::undo_banned(const Position& pos, int from, int to) const {
  const int me = engine::index(pos.side_to_move_);
  return rules_.repetition == Repetition::kUndo && pos.last_to_[me] == from &&
         pos.last_from_[me] == to;
}

Bitboard Game::pass_reach(const Position& pos, Player p) const {
  const Bitboard occupied = pos.occupied();
  Bitboard unreached = pos.pieces(p) & ~pos.ineligible_ & ~bit(pos.ball(p));  // receivers
  Bitboard reach = 0;
  Bitboard frontier = bit(pos.ball(p));
  while (frontier && unreached) {
    const int from = lowest_square(frontier);
    frontier &= frontier - 1;
    for (Bitboard t = unreached; t; t &= t - 1) {
      const int to = lowest_square(t);
      if (line_clear(from, to, occupied)) frontier |= bit(to);
    }
    unreached &= ~frontier;
    reach |= frontier;
  }
  return reach;
}

template <bool kList>
std::uint64_t Game::enumerate(const Position& pos, History history, MoveList* moves) const {
  if (terminal(pos).over()) return 0;
  const int me = engine::index(pos.side_to_move_);
  const Bitboard own = pos.pieces_[me];
  const Bitboard occupied = pos.occupied();
  const int holder = pos.ball_[me];
  const bool position_rule = rules_.repetition == Repetition::kPosition;
  std::uint64_t count = 0;

  // Passing turns. Only the board at the end of the turn counts for the position rule. No
  // turn can recreate the current board (a pass moves the ball to another piece, a knight
  // move moves a piece), so only the earlier boards in `history` need checking.
  const std::uint64_t key_without_ball = pos.board_key_ ^ kZobrist.ball[me][holder];
  auto emit_pass = [&](const Move& chain) {
    if (position_rule && in_history(history, key_without_ball ^ kZobrist.ball[me][chain.to()]))
      return;
    ++count;
    if constexpr (kList) moves->push_back(chain);
  };
  const PassGraph graph(own, occupied, own & ~pos.ineligible_, holder);
  if (rules_.rule_set == RuleSet::kExtended) {
    std::array<std::uint32_t, kPiecesPerSide> seen{};
    Move chain;
    chain.squares[0] = static_cast<std::uint8_t>(holder);
    extended_chains(graph, graph.holder, 1, 1u << graph.holder, seen, chain, emit_pass);
  } else {
    basic_chains(graph, emit_pass);
  }
  if (count > 0 && pass_forced(pos)) return count;

  // Knight moves of every piece but the ball carrier.
  int banned_piece = kNoSquare;  // the undo rule: this piece may not jump back to banned_target
  int banned_target = kNoSquare;
  if (!position_rule && pos.last_from_[me] != kNoSquare) {
    banned_piece = pos.last_to_[me];
    banned_target = pos.last_from_[me];
  }
  for (Bitboard pieces = own & ~bit(holder); pieces; pieces &= pieces - 1) {
    const int from = lowest_square(pieces);
    Bitboard targets = kBoard.knight[from] & ~occupied;
    if (from == banned_piece) targets &= ~bit(banned_target);
    if constexpr (!kList) {
      if (!position_rule) {
        count += static_cast<std::uint64_t>(std::popcount(targets));
        continue;
      }
    }
    const std::uint64_t key_without_piece = pos.board_key_ ^ kZobrist.piece[me][from];
    for (; targets; targets &= targets - 1) {
      const int to = lowest_square(targets);
      if (position_rule && in_history(history, key_without_piece ^ kZobrist.piece[me][to]))
        continue;
      ++count;
      if constexpr (kList) {
        moves->resize(moves->size() + 1);
        (*moves)[moves->size() - 1].set_knight_move(from, to);
      }
    }
  }
  return count;
}

void Game::generate(const Position& pos, History history, MoveList& moves) const {
  moves.clear();
  enumerate<true>(pos, history, &moves);
}

std::uint64_t Game::count_moves(const Position& pos, History history) const {
  return enumerate<false>(pos, history, nullptr);
}

}  // namespace triad::games::razzle
