// Íves dáma endgame table construction. Positions of one material (a stones of Player 1, b
// of Player 2) are numbered by the colex rank of Player 1's point set, the rank of Player 2's
// set among the remaining points, and the side to move. A capture only lowers the material,
// so materials are built in order of their stone total; within one material, pass d settles
// exactly the positions decided in d plies, which makes every distance exact.
#include "engine/games/ivesdama/endgame.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>

#include "engine/games/ivesdama/combinations.h"

namespace triad::games::ivesdama {

namespace {

using endgame_code::loss_in;
using endgame_code::win_in;

// The next larger set with the same number of points (Gosper's hack); `set` must be non-zero.
std::uint64_t next_combination(std::uint64_t set) {
  const std::uint64_t low = set & -set;
  const std::uint64_t ripple = set + low;
  return ripple | (((set ^ ripple) >> 2) / low);
}

// Every set of k points out of n, in rank order.
template <class Visit>
void for_each_combination(int n, int k, Visit&& visit) {
  if (k == 0) {
    visit(0u);
    return;
  }
  for (std::uint64_t s = (1ull << k) - 1; s < (1ull << n); s = next_combination(s))
    visit(static_cast<std::uint32_t>(s));
}

}  // namespace

EndgameTable::EndgameTable(const Game& game, int max_stones)
    : points_(game.tables().num_points), all_(game.tables().all), max_stones_(max_stones) {
  const auto side = static_cast<std::size_t>(max_stones_ + 1);
  groups_.resize(side * side);
  std::size_t total = 0;
  for (int a = 0; a <= max_stones_; ++a)
    for (int b = 0; a + b <= max_stones_; ++b) {
      Group& g = groups_[static_cast<std::size_t>(a * (max_stones_ + 1) + b)];
      g.offset = total;
      g.rest = choose(points_ - a, b);
      g.entries = choose(points_, a) * g.rest * 2;
      total += g.entries;
    }
  values_.assign(total, 0);
  for (int stones = 0; stones <= max_stones_; ++stones)
    for (int a = 0; a <= stones; ++a) build_group(game, a, stones - a);
}

std::size_t EndgameTable::index(std::uint32_t p1, std::uint32_t p2, Player stm) const {
  const Group& g = group(std::popcount(p1), std::popcount(p2));
  const std::size_t placement =
      static_cast<std::size_t>(colex_rank(p1)) * g.rest + colex_rank(compress(p2, all_ & ~p1));
  return g.offset + placement * 2 + static_cast<std::size_t>(engine::index(stm));
}

bool EndgameTable::covers(const Position& pos) const {
  return std::popcount(pos.pieces[0]) + std::popcount(pos.pieces[1]) <= max_stones_;
}

std::optional<EndgameValue> EndgameTable::probe(const Position& pos) const {
  if (!covers(pos)) return std::nullopt;
  const std::int16_t v = values_[index(pos.pieces[0], pos.pieces[1], pos.side_to_move)];
  if (v == kOver) return std::nullopt;
  return decode_value(v);
}

void EndgameTable::build_group(const Game& game, int a, int b) {
  const Group& g = group(a, b);
  // Undecided positions and, for each, the table entries of its successors.
  std::vector<std::uint32_t> pending;
  std::vector<std::uint32_t> first_child{0};
  std::vector<std::uint32_t> children;
  Game::MoveList moves;
  std::uint32_t local = 0;
  for_each_combination(points_, a, [&](std::uint32_t packed1) {
    const std::uint32_t p1 = deposit(packed1, all_);
    for_each_combination(points_ - a, b, [&](std::uint32_t packed2) {
      const std::uint32_t p2 = deposit(packed2, all_ & ~p1);
      for (const Player stm : {Player::kOne, Player::kTwo}) {
        std::int16_t& value = values_[g.offset + local++];
        const Position pos = game.make_position(p1, p2, stm, 0);
        if (game.terminal(pos).over()) {
          value = kOver;
          continue;
        }
        game.generate(pos, {}, moves);
        if (moves.empty()) {
          value = loss_in(0);  // no move (or no stone): lost at once
          continue;
        }
        const std::size_t start = children.size();
        for (const Move& m : moves) {
          const Position child = game.make(pos, m);
          if (game.terminal(child).over()) {
            value = win_in(1);
            break;
          }
          children.push_back(static_cast<std::uint32_t>(
              index(child.pieces[0], child.pieces[1], child.side_to_move)));
        }
        if (value != 0) {
          children.resize(start);
          continue;
        }
        pending.push_back(local - 1);
        first_child.push_back(static_cast<std::uint32_t>(children.size()));
      }
    });
  });

  // The longest distance known among the smaller materials (entries not built yet are 0)
  // bounds the passes needed.
  int known_max = 1;
  for (const std::int16_t v : values_)
    if (v != kOver) known_max = std::max(known_max, std::abs(static_cast<int>(v)));

  std::vector<std::uint32_t> still;
  std::vector<std::uint32_t> still_first{0};
  std::vector<std::pair<std::uint32_t, std::int16_t>> settled;
  for (int d = 1; !pending.empty(); ++d) {
    settled.clear();
    still.clear();
    still_first.assign(1, 0);
    std::vector<std::uint32_t> still_children;
    for (std::size_t i = 0; i < pending.size(); ++i) {
      bool win = false;
      bool all_lost = true;  // every successor is a win for the opponent within d - 1 plies
      for (std::uint32_t c = first_child[i]; c < first_child[i + 1]; ++c) {
        const std::int16_t v = values_[children[c]];
        if (v == loss_in(d - 1)) {
          win = true;
          break;
        }
        if (v <= 0 || v > d - 1) all_lost = false;
      }
      if (win || all_lost) {
        settled.emplace_back(pending[i], win ? win_in(d) : loss_in(d));
        continue;
      }
      still.push_back(pending[i]);
      still_children.insert(still_children.end(), children.begin() + first_child[i],
                            children.begin() + first_child[i + 1]);
      still_first.push_back(static_cast<std::uint32_t>(still_children.size()));
    }
    // Settle after the pass: a value found in pass d must not decide another one in it.
    for (const auto& [i, v] : settled) values_[g.offset + i] = v;
    pending.swap(still);
    first_child.swap(still_first);
    children.swap(still_children);
    if (settled.empty() && d > known_max + 1) break;  // the rest are draws
  }
}

const EndgameTable& Game::endgame() const {
  std::call_once(endgame_->once, [this] {
    endgame_->table = std::make_unique<EndgameTable>(*this, EndgameTable::kStones);
  });
  return *endgame_->table;
}

}  // namespace triad::games::ivesdama
