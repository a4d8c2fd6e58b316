// The retrograde builder of one material slice (build_slice.h). (a) An init pass over every entry
// settles what needs no other entry of the slice: positions already over, positions without
// a move, positions with a capture (compulsory; every child is in a smaller slice) and a step
// onto the goal; every other position counts its steps. (b) Pass d takes the positions
// decided in exactly d plies and walks their predecessors by un-steps: the predecessor of a
// loss in d wins in d + 1, and a predecessor whose last step has just been found to lose for
// it (its counter reaches 0) loses in d + 1. (c) What stays open is a draw (the game can go
// round forever). Passes run in order of d, so every distance is exact.
#include "tables/build_slice.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>

namespace triad::tables {

using iv::endgame_code::kOver;
using iv::endgame_code::loss_in;
using iv::endgame_code::plies_of;
using iv::endgame_code::win_in;

std::vector<std::int16_t> build_slice(const SliceSet& known, Material m, int threads,
                                      const std::function<void(const std::string&)>& progress,
                                      const std::function<bool()>& stop) {
  const iv::Game& game = known.game();
  const iv::Tables& t = game.tables();
  const SliceIndex slice(t.num_points, t.all, m);
  const std::uint64_t n = slice.size();
  std::vector<std::int16_t> values(n, 0);
  // Per open position: its steps not yet known to win for the opponent; 0 = decided.
  std::vector<std::uint8_t> open(n, 0);
  std::atomic<int> longest{0};  // the longest distance the init pass found

  parallel_chunks(n, threads, [&](std::uint64_t begin, std::uint64_t end) {
    iv::Game::MoveList moves;
    int local = 0;
    for (std::uint64_t i = begin; i < end; ++i) {
      const iv::Position pos = slice.position(game, i);
      if (game.terminal(pos).over()) {
        values[i] = kOver;
        continue;
      }
      game.generate(pos, {}, moves);
      if (moves.empty()) {
        values[i] = loss_in(0);
      } else if (moves.begin()->is_capture()) {  // every child is in a smaller slice
        values[i] = code_from_slices(game, pos, known);
      } else if (std::any_of(moves.begin(), moves.end(), [&](const iv::Move& mv) {
                   return game.terminal(game.make(pos, mv)).over();
                 })) {
        values[i] = win_in(1);  // a step onto the goal
      } else {
        open[i] = static_cast<std::uint8_t>(moves.size());
        continue;
      }
      local = std::max(local, plies_of(values[i]));
    }
    for (int seen = longest.load(); seen < local && !longest.compare_exchange_weak(seen, local);) {
    }
  });

  // Points a player's stone can step from onto each point (the un-steps).
  std::array<std::array<std::uint32_t, iv::kMaxPoints>, 2> from{};
  for (int s = 0; s < 2; ++s)
    for (int p = 0; p < t.num_points; ++p)
      for (std::uint32_t b = t.steps[s][p]; b; b &= b - 1) from[s][std::countr_zero(b)] |= 1u << p;

  for (int d = 0;; ++d) {
    std::atomic<bool> found{false};
    parallel_chunks(n, threads, [&](std::uint64_t begin, std::uint64_t end) {
      bool any = false;
      for (std::uint64_t i = begin; i < end; ++i) {
        const std::int16_t v = std::atomic_ref(values[i]).load(std::memory_order_relaxed);
        if (v == 0 || v == kOver || plies_of(v) != d) continue;
        const iv::Position pos = slice.position(game, i);
        const auto s = static_cast<std::size_t>(engine::index(pos.side_to_move));
        if (pos.pieces[s] & t.goal[s]) continue;  // a predecessor would be over already
        const std::size_t mover = 1 - s;
        const std::uint32_t empty = t.all & ~(pos.pieces[0] | pos.pieces[1]);
        for (std::uint32_t st = pos.pieces[mover]; st; st &= st - 1) {
          const int to = std::countr_zero(st);
          for (std::uint32_t fr = from[mover][to] & empty; fr; fr &= fr - 1) {
            auto pieces = pos.pieces;
            pieces[mover] ^= (1u << to) | (fr & -fr);
            const std::uint64_t j =
                slice.index(pieces[0], pieces[1], engine::other(pos.side_to_move));
            std::atomic_ref<std::uint8_t> count(open[j]);
            if (count.load(std::memory_order_relaxed) == 0) continue;
            std::atomic_ref<std::int16_t> value(values[j]);
            if (v < 0) {
              std::int16_t expected = 0;
              any |=
                  value.compare_exchange_strong(expected, win_in(d + 1), std::memory_order_relaxed);
            } else if (count.fetch_sub(1, std::memory_order_relaxed) == 1) {
              value.store(loss_in(d + 1), std::memory_order_relaxed);
              any = true;
            }
          }
        }
      }
      if (any) found.store(true, std::memory_order_relaxed);
    });
    if (progress) progress("pass " + std::to_string(d + 1));
    if (stop && stop()) return {};
    if (!found && d >= longest) break;
  }
  return values;
}

}  // namespace triad::tables
