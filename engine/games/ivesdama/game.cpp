// Íves dáma game core: geometry construction, move generation (steps, compulsory maximal
// capture sequences with immediate removal), copy-make and the end-of-game rules.
#include "engine/games/ivesdama/game.h"

#include <bit>
#include <string>
#include <utility>

#include "engine/core/hash.h"
#include "engine/games/ivesdama/endgame.h"
#include "engine/games/ivesdama/eval.h"

namespace triad::games::ivesdama {

namespace {

constexpr std::uint32_t bit(int i) {
  return 1u << i;
}

// One way out of a point: along a straight link or an arc.
struct Exit {
  Direction leave;   // direction in which the point is left
  Direction arrive;  // direction of travel on arrival at `target`
  int target = 0;
  bool arc = false;
};

std::vector<std::vector<Exit>> exits_of(const Board& board) {
  std::vector<std::vector<Exit>> exits(board.points.size());
  for (const BoardLink& l : board.links) {
    const auto a = static_cast<std::size_t>(l.a);
    const auto b = static_cast<std::size_t>(l.b);
    const Direction d = direction_between(board.points[a], board.points[b]);
    exits[a].push_back({d, d, l.b, false});
    exits[b].push_back({d.reversed(), d.reversed(), l.a, false});
  }
  for (const BoardArc& arc : board.arcs) {
    exits[static_cast<std::size_t>(arc.a)].push_back(
        {arc.leave_a, arc.leave_b.reversed(), arc.b, true});
    exits[static_cast<std::size_t>(arc.b)].push_back(
        {arc.leave_b, arc.leave_a.reversed(), arc.a, true});
  }
  return exits;
}

double mean_rank(const Board& board, std::uint32_t set) {
  double sum = 0;
  for (std::uint32_t b = set; b; b &= b - 1)
    sum += board.points[static_cast<std::size_t>(std::countr_zero(b))].rank;
  return sum / std::popcount(set);
}

// Breadth-first step distances from a set of points over every link (arcs included).
std::array<std::uint8_t, kMaxPoints> distances_from(const Geometry& t, std::uint32_t targets) {
  std::array<std::uint8_t, kMaxPoints> dist{};
  dist.fill(static_cast<std::uint8_t>(t.num_points));
  std::uint32_t seen = targets;
  std::uint32_t frontier = targets;
  for (std::uint8_t d = 0; frontier; ++d) {
    std::uint32_t next = 0;
    for (std::uint32_t b = frontier; b; b &= b - 1) {
      const int p = std::countr_zero(b);
      dist[static_cast<std::size_t>(p)] = d;
      next |= t.links[static_cast<std::size_t>(p)];
    }
    frontier = next & ~seen;
    seen |= next;
  }
  return dist;
}

Geometry build_geometry(const Board& board, const Rules& rules, const std::array<int, 2>& ahead) {
  Geometry t;
  t.num_points = static_cast<int>(board.points.size());
  t.all = t.num_points == 32 ? ~0u : bit(t.num_points) - 1;
  const auto exits = exits_of(board);
  std::size_t njumps = 0;
  for (int p = 0; p < t.num_points; ++p) {
    const auto pi = static_cast<std::size_t>(p);
    const int rank = board.points[pi].rank;
    t.jump_begin[pi] = static_cast<std::uint16_t>(njumps);
    for (const Exit& e : exits[pi]) {
      const auto q = static_cast<std::size_t>(e.target);
      t.links[pi] |= bit(e.target);
      if (e.arc) t.arc_ends |= bit(p);
      for (int s = 0; s < 2; ++s) {
        // Forward variant: a step may not go against the player's direction of play.
        const int climb = board.points[q].rank - rank;
        if (!rules.forward || climb * ahead[static_cast<std::size_t>(s)] >= 0)
          t.steps[static_cast<std::size_t>(s)][pi] |= bit(e.target);
      }
      // A jump continues from q in the direction of arrival.
      for (const Exit& f : exits[q]) {
        if (f.leave != e.arrive || f.target == p) continue;
        if ((e.arc || f.arc) && !rules.arc_capture) continue;
        t.jumps[njumps++] = {static_cast<std::uint8_t>(e.target),
                             static_cast<std::uint8_t>(f.target)};
        t.jump_over[pi] |= bit(e.target);
      }
    }
  }
  t.jump_begin[static_cast<std::size_t>(t.num_points)] = static_cast<std::uint16_t>(njumps);
  for (std::size_t s = 0; s < 2; ++s) {
    t.goal[s] = board.base[1 - s];
    t.goal_distance[s] = distances_from(t, t.goal[s]);
    for (std::uint32_t b = t.goal[s]; b; b &= b - 1)
      t.goal_approach[s] |= t.links[static_cast<std::size_t>(std::countr_zero(b))];
    t.goal_approach[s] &= ~t.goal[s];
  }
  std::uint64_t seed = 0x1F5E5DA3A0C0FFEEull;  // fixed: keys are stable across runs
  for (auto& side : t.zobrist)
    for (auto& k : side) k = engine::splitmix64(seed);
  t.zobrist_side = engine::splitmix64(seed);
  return t;
}

}  // namespace

Result<Game> Game::create(const Rules& rules, Board board) {
  const auto issues = check_board(board);
  if (!issues.empty()) {
    std::string msg = "invalid Íves dáma board:";
    for (const auto& issue : issues) msg += "\n  " + issue.reason;
    return make_error(msg);
  }
  // Direction of play per player: from its own base towards the opponent's (+1 = up).
  std::array<int, 2> ahead{};
  for (std::size_t s = 0; s < 2; ++s) {
    const double climb = mean_rank(board, board.base[1 - s]) - mean_rank(board, board.base[s]);
    ahead[s] = climb > 0 ? 1 : (climb < 0 ? -1 : 0);
  }
  if (rules.forward && (ahead[0] == 0 || ahead[1] == 0))
    return make_error(
        "forward: the forward rule needs each player's base points on a different rank from "
        "the opponent's, to tell forwards from backwards");
  auto geometry = std::make_shared<const Geometry>(build_geometry(board, rules, ahead));
  return Game(rules, std::make_shared<const Board>(std::move(board)), std::move(geometry),
              std::make_shared<EndgameSlot>());
}

Position Game::make_position(std::uint32_t p1, std::uint32_t p2, Player stm, int ply) const {
  Position pos;
  pos.pieces = {p1, p2};
  pos.side_to_move = stm;
  pos.ply = ply;
  pos.hash = compute_hash(pos);
  return pos;
}

Position Game::start_position() const {
  return make_position(board_->start[0], board_->start[1], board_->first, 0);
}

std::uint64_t Game::compute_hash(const Position& pos) const {
  const Geometry& t = *geometry_;
  std::uint64_t key = pos.side_to_move == Player::kTwo ? t.zobrist_side : 0;
  for (std::size_t s = 0; s < 2; ++s)
    for (std::uint32_t b = pos.pieces[s]; b; b &= b - 1)
      key ^= t.zobrist[s][static_cast<std::size_t>(std::countr_zero(b))];
  return key;
}

bool Game::has_capture(std::uint32_t own, std::uint32_t opp) const {
  const Geometry& t = *geometry_;
  const std::uint32_t empty = t.all & ~(own | opp);
  for (std::uint32_t b = own; b; b &= b - 1) {
    const auto p = static_cast<std::size_t>(std::countr_zero(b));
    if (!(t.jump_over[p] & opp)) continue;
    for (std::size_t j = t.jump_begin[p]; j < t.jump_begin[p + 1]; ++j) {
      if ((opp >> t.jumps[j].over) & (empty >> t.jumps[j].land) & 1) return true;
    }
  }
  return false;
}

// `walk` ends on the point where the capturing piece stands. `empty` counts that point and
// every captured point as empty (immediate removal), so the piece may cross points it left.
template <class OnEnd>
void Game::walk_captures(Walk& walk, std::uint32_t opp, std::uint32_t empty, OnEnd& on_end) const {
  const Geometry& t = *geometry_;
  const auto at = static_cast<std::size_t>(walk.points[static_cast<std::size_t>(walk.length - 1)]);
  bool extended = false;
  if (t.jump_over[at] & opp) {
    for (std::size_t j = t.jump_begin[at]; j < t.jump_begin[at + 1]; ++j) {
      const Geometry::Jump jump = t.jumps[j];
      if (!((opp >> jump.over) & (empty >> jump.land) & 1)) continue;
      extended = true;
      walk.points[static_cast<std::size_t>(walk.length++)] = jump.land;
      walk.captured ^= bit(jump.over);
      walk_captures(walk, opp & ~bit(jump.over), empty | bit(jump.over), on_end);
      walk.captured ^= bit(jump.over);
      --walk.length;
    }
  }
  if (!extended && walk.captured) on_end(walk);
}

void Game::generate(const Position& pos, engine::History, MoveList& moves) const {
  moves.clear();
  if (terminal(pos).over()) return;
  const Geometry& t = *geometry_;
  const auto s = static_cast<std::size_t>(engine::index(pos.side_to_move));
  const std::uint32_t own = pos.pieces[s];
  const std::uint32_t opp = pos.pieces[1 - s];
  const std::uint32_t empty = t.all & ~(own | opp);
  for (std::uint32_t b = own; b; b &= b - 1) {
    const int p = std::countr_zero(b);
    if (!(t.jump_over[static_cast<std::size_t>(p)] & opp)) continue;
    // Each start/end/captured set once: compare with this piece's moves so far.
    const std::size_t first = moves.size();
    auto add = [&](const Walk& walk) {
      const Move m{walk.captured, static_cast<std::uint8_t>(p),
                   walk.points[static_cast<std::size_t>(walk.length - 1)]};
      for (std::size_t i = first; i < moves.size(); ++i)
        if (moves[i] == m) return;
      if (moves.size() < MoveList::capacity()) moves.push_back(m);
    };
    Walk walk;
    walk.points[0] = static_cast<std::uint8_t>(p);
    walk.length = 1;
    walk_captures(walk, opp, empty | bit(p), add);
  }
  if (!moves.empty()) return;
  for (std::uint32_t b = own; b; b &= b - 1) {
    const int p = std::countr_zero(b);
    for (std::uint32_t to = t.steps[s][static_cast<std::size_t>(p)] & empty; to; to &= to - 1)
      moves.push_back(
          {0, static_cast<std::uint8_t>(p), static_cast<std::uint8_t>(std::countr_zero(to))});
  }
}

std::uint64_t Game::count_moves(const Position& pos, engine::History history) const {
  if (terminal(pos).over()) return 0;
  const Geometry& t = *geometry_;
  const auto s = static_cast<std::size_t>(engine::index(pos.side_to_move));
  const std::uint32_t own = pos.pieces[s];
  const std::uint32_t opp = pos.pieces[1 - s];
  if (has_capture(own, opp)) {
    MoveList moves;
    generate(pos, history, moves);
    return moves.size();
  }
  const std::uint32_t empty = t.all & ~(own | opp);
  std::uint64_t n = 0;
  for (std::uint32_t b = own; b; b &= b - 1)
    n += static_cast<std::uint64_t>(
        std::popcount(t.steps[s][static_cast<std::size_t>(std::countr_zero(b))] & empty));
  return n;
}

Position Game::make(const Position& pos, const Move& m) const {
  const Geometry& t = *geometry_;
  const auto s = static_cast<std::size_t>(engine::index(pos.side_to_move));
  Position next = pos;
  // from == to is possible (a sequence that returns to its start): the XORs then cancel.
  next.pieces[s] ^= bit(m.from) ^ bit(m.to);
  next.hash ^= t.zobrist[s][m.from] ^ t.zobrist[s][m.to] ^ t.zobrist_side;
  next.pieces[1 - s] &= ~m.captured;
  for (std::uint32_t b = m.captured; b; b &= b - 1)
    next.hash ^= t.zobrist[1 - s][static_cast<std::size_t>(std::countr_zero(b))];
  next.side_to_move = engine::other(pos.side_to_move);
  next.ply = engine::next_ply(next.ply);
  return next;
}

engine::Outcome Game::terminal(const Position& pos) const {
  // Only the player who just moved can have won: "at the end of its move".
  const Player mover = engine::other(pos.side_to_move);
  const auto m = static_cast<std::size_t>(engine::index(mover));
  if (pos.pieces[m] & geometry_->goal[m])
    return engine::Outcome::win_for(mover, engine::Reason::kGoal);
  return engine::Outcome::ongoing();
}

engine::Outcome Game::no_moves_outcome(const Position& pos) const {
  return engine::Outcome::win_for(engine::other(pos.side_to_move), engine::Reason::kNoMoves);
}

int Game::evaluate(const Position& pos) const {
  return ivesdama::evaluate(*this, pos);
}

std::vector<engine::EvalTerm> Game::eval_terms(const Position& pos) const {
  return ivesdama::eval_terms(*this, pos);
}

std::vector<CapturePath> Game::capture_paths(const Position& pos, int from) const {
  std::vector<CapturePath> out;
  const Geometry& t = *geometry_;
  const auto s = static_cast<std::size_t>(engine::index(pos.side_to_move));
  if (from < 0 || from >= t.num_points || !(pos.pieces[s] & bit(from))) return out;
  auto record = [&out](const Walk& walk) {
    out.push_back(
        {std::vector<int>(walk.points.begin(), walk.points.begin() + walk.length), walk.captured});
  };
  Walk walk;
  walk.points[0] = static_cast<std::uint8_t>(from);
  walk.length = 1;
  const std::uint32_t empty = (t.all & ~(pos.pieces[0] | pos.pieces[1])) | bit(from);
  walk_captures(walk, pos.pieces[1 - s], empty, record);
  return out;
}

}  // namespace triad::games::ivesdama
