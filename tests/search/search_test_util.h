// Helpers for the search tests: typed games from the built-in variant registry, a search
// driver that records every info line, a PV legality check, and an independent brute-force
// "forced win within n plies" oracle (plain minimax, no pruning, no table).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "adapters/common/variants.h"
#include "engine/search/searcher.h"

namespace triad::search_test {

// A game of `variant` from the built-in registry, positioned at `fen` (empty = start).
template <class G>
std::unique_ptr<adapters::TypedGame<G>> make_typed(const std::string& variant,
                                                   const std::string& fen = "") {
  static const adapters::VariantRegistry registry = adapters::VariantRegistry::builtin();
  auto any = registry.create(variant);
  EXPECT_TRUE(any.ok()) << variant;
  if (!any.ok()) return nullptr;
  std::unique_ptr<adapters::TypedGame<G>> typed(
      dynamic_cast<adapters::TypedGame<G>*>(any->release()));
  EXPECT_NE(typed, nullptr) << variant;
  if (typed && !fen.empty()) {
    const auto r = typed->reset(fen);
    EXPECT_TRUE(r.ok()) << fen << ": " << (r.ok() ? "" : r.error().message);
  }
  return typed;
}

template <class G>
struct SearchRun {
  engine::SearchResult<typename G::Move> result;
  std::vector<engine::SearchInfo<typename G::Move>> infos;
  const engine::SearchInfo<typename G::Move>& last() const { return infos.back(); }
};

template <class G>
SearchRun<G> run_search(engine::Searcher<G>& searcher, const engine::GameLine<G>& line,
                        const engine::SearchLimits& limits, engine::SearchConfig config = {},
                        const std::vector<typename G::Move>& searchmoves = {}) {
  SearchRun<G> run;
  run.result = searcher.search(
      line, limits, config, searchmoves,
      [&](const engine::SearchInfo<typename G::Move>& info) { run.infos.push_back(info); });
  return run;
}

// Starts a search that fills `run` and returns at once; the caller ends it (stop, ponderhit)
// and then calls searcher.wait(). As in the protocol, start, stop, ponderhit and wait are all
// called from one controlling thread: a stop() sent from another thread before start() had
// run would be lost (start() clears the stop flags of the previous search).
template <class G>
void start_search(engine::Searcher<G>& searcher, const engine::GameLine<G>& line,
                  const engine::SearchLimits& limits, SearchRun<G>& run) {
  searcher.start(
      line, limits, {}, {},
      [&run](const engine::SearchInfo<typename G::Move>& info) { run.infos.push_back(info); },
      [&run](const engine::SearchResult<typename G::Move>& result) { run.result = result; });
}

template <class G>
bool is_legal(const G& g, const typename G::Position& pos, engine::History history,
              const typename G::Move& m) {
  if (g.terminal(pos).over()) return false;
  typename G::MoveList moves;
  g.generate(pos, history, moves);
  for (const auto& x : moves)
    if (x == m) return true;
  return false;
}

// Every move of `pv` is legal in turn from the line's current position.
template <class G>
::testing::AssertionResult pv_is_legal(const engine::GameLine<G>& line,
                                       const std::vector<typename G::Move>& pv) {
  engine::GameLine<G> copy = line;
  for (std::size_t i = 0; i < pv.size(); ++i) {
    if (!is_legal(copy.game(), copy.current(), copy.history(), pv[i]))
      return ::testing::AssertionFailure() << "pv move " << i << " is illegal";
    copy.play(pv[i]);
  }
  return ::testing::AssertionSuccess();
}

// The position reached after `plies` random legal moves from the start (nullopt if the
// game ended first).
template <class G>
std::optional<engine::GameLine<G>> random_line(const G& g, int plies, std::mt19937_64& rng) {
  engine::GameLine<G> line(g, g.start_position());
  for (int i = 0; i < plies; ++i) {
    typename G::MoveList moves;
    line.legal_moves(moves);
    if (moves.empty()) return std::nullopt;
    line.play(moves[rng() % moves.size()]);
  }
  typename G::MoveList moves;
  line.legal_moves(moves);
  if (moves.empty()) return std::nullopt;
  return line;
}

// Independent oracle: the side to move of `pos` forces a win within `plies` plies (odd),
// by plain minimax over the game rules (draw house rules ignored).
template <class G>
bool forced_win_within(const G& g, const typename G::Position& pos,
                       std::vector<std::uint64_t>& keys, int plies) {
  const engine::Player me = g.side_to_move(pos);
  auto won_by = [&](const engine::Outcome& o, engine::Player p) {
    return (o.result == engine::GameResult::kP1Win && p == engine::Player::kOne) ||
           (o.result == engine::GameResult::kP2Win && p == engine::Player::kTwo);
  };
  typename G::MoveList moves;
  g.generate(pos, engine::History(keys), moves);
  keys.push_back(g.history_key(pos));
  bool found = false;
  for (const auto& m : moves) {
    const auto child = g.make(pos, m);
    if (const auto t = g.terminal(child); t.over()) {
      if (won_by(t, me)) found = true;
    } else {
      typename G::MoveList replies;
      g.generate(child, engine::History(keys), replies);
      if (replies.empty()) {
        found = won_by(g.no_moves_outcome(child), me);
      } else if (plies >= 3) {
        keys.push_back(g.history_key(child));
        bool all = true;
        for (const auto& r : replies) {
          const auto grand = g.make(child, r);
          const auto t2 = g.terminal(grand);
          if (t2.over()) {
            all = won_by(t2, me);
          } else {
            typename G::MoveList next;
            g.generate(grand, engine::History(keys), next);
            all = next.empty() ? won_by(g.no_moves_outcome(grand), me)
                               : forced_win_within(g, grand, keys, plies - 2);
          }
          if (!all) break;
        }
        keys.pop_back();
        found = all;
      }
    }
    if (found) break;
  }
  keys.pop_back();
  return found;
}

template <class G>
bool forced_win_within(const engine::GameLine<G>& line, int plies) {
  std::vector<std::uint64_t> keys(line.history().begin(), line.history().end());
  return forced_win_within(line.game(), line.current(), keys, plies);
}

}  // namespace triad::search_test
