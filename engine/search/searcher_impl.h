// Searcher<G> implementation: the memory and threads of the search, root set-up, Lazy SMP
// helpers, the main worker's reporting and time decisions, stop/ponderhit. Included only
// where a game compiles its search (engine/games/<g>/search.cpp, beside its SearchHooks<G>,
// and tests that instantiate the search for their own games); everyone else includes
// searcher.h.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <new>
#include <optional>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "engine/search/search_threads.h"
#include "engine/search/searcher.h"
#include "engine/search/worker.h"

namespace triad::engine {

template <Game G>
struct Searcher<G>::Impl {
  using Worker = detail::SearchWorker<G>;
  using RootMove = typename Worker::RootMove;
  using Hooks = SearchHooks<G>;
  static_assert(SearchHooksFor<Hooks, G>,
                "SearchHooks<G> must define every hook of engine/search/hooks.h");

  explicit Impl(const G& g) : game(&g) {
    shared.total_nodes = [this] { return total_nodes(); };
  }

  const G* game;
  TranspositionTable tt;
  detail::SharedState shared;
  // One worker per search thread: workers[i] runs on thread i of `threads`.
  std::vector<std::unique_ptr<Worker>> workers;
  SearchThreads threads{1};
  // The Hash option's memory: the game's per-worker solver tables get up to half of it
  // (shared equally by the workers), the transposition table the rest.
  std::size_t hash_bytes = std::size_t{16} << 20;
  std::optional<Move> reported_best;  // the best move of the last iteration report
  ExactSource exact_source;           // set_exact
  // The game's exact knowledge for the running search, made from exact_source.
  std::optional<typename Hooks::ExactKnowledge> known;
  // A limited level's candidates: the lines of the last completed iteration, best first.
  std::vector<RootMove> skill_lines;
  int skill_depth = 0;

  std::uint64_t total_nodes() const {
    std::uint64_t n = 0;
    for (const auto& w : workers) n += w->nodes();
    return n;
  }
  std::uint64_t total_tbhits() const {
    std::uint64_t n = 0;
    for (const auto& w : workers) n += w->tbhits();
    return n;
  }

  // Makes `count` workers with fresh tables and sizes the transposition table to what
  // their tables leave of hash_bytes. The threads must be idle.
  void rebuild(int count) {
    workers.clear();
    tt.resize(0);
    const std::size_t table_budget = hash_bytes / 2 / static_cast<std::size_t>(count);
    std::size_t table_total = 0;
    for (int i = 0; i < count; ++i) {
      workers.push_back(std::make_unique<Worker>(*game, tt, shared, i, table_budget));
      table_total += workers.back()->tables().bytes();
    }
    tt.resize(hash_bytes - std::min(table_total, hash_bytes));
  }

  // The largest size from `mb` down (halving, at least 1 MB, at most half of the machine's
  // memory) whose tables can be allocated — and, when `mb` itself could not be, one halving
  // more: the largest size that fits leaves the process no memory for anything else (a `go`
  // after it could fail to allocate), so as much again is left free. Returns the size in MB;
  // throws std::bad_alloc only when not even 1 MB can be had.
  std::size_t allocate(std::size_t mb) {
    if (const std::size_t machine_mb = physical_memory_bytes() >> 20; machine_mb >= 2)
      mb = std::min(mb, machine_mb / 2);
    mb = std::max<std::size_t>(mb, 1);
    bool fell_back = false;
    while (true) {
      hash_bytes = mb << 20;
      try {
        rebuild(threads.size());
        if (!fell_back || mb == 1) return mb;
        hash_bytes = (mb / 2) << 20;
        rebuild(threads.size());
        return mb / 2;
      } catch (const std::bad_alloc&) {
        workers.clear();
        if (mb == 1) throw;
        mb /= 2;
        fell_back = true;
      }
    }
  }

  // The threads must be idle. On failure keeps the threads it has (and workers for them).
  void set_threads(int count) {
    count = std::clamp(count, 1, 512);
    if (count == threads.size() && static_cast<int>(workers.size()) == count) return;
    try {
      threads.resize(count);
    } catch (...) {
      rebuild(threads.size());
      throw;
    }
    rebuild(count);
  }

  SearchInfo<Move> make_info(const RootMove& rm, int depth, int line, int score, Bound bound) {
    SearchInfo<Move> info;
    info.depth = depth;
    info.seldepth = std::max(rm.seldepth, depth);
    info.multipv = line;
    info.score = score;
    info.bound = bound;
    info.nodes = total_nodes();
    info.time_ms = shared.time.elapsed_ms();
    info.nps =
        info.nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(info.time_ms, 1));
    info.hashfull = tt.hashfull();
    info.tbhits = total_tbhits();
    info.pv = rm.pv.empty() ? std::vector<Move>{rm.move} : rm.pv;
    return info;
  }

  // One search, in the steps below: begin, root moves, then either the game-over report,
  // the root solver's perfect line, or the tree search and its final report.
  SearchResult<Move> run(const GameLine<G>& line, const SearchLimits& limits,
                         const SearchConfig& config, const std::vector<Move>& searchmoves,
                         const InfoCallback& on_info);
  // Sets the per-search shared state (limits, pondering; start() reset the stop flags).
  void begin(const SearchLimits& limits, const SearchConfig& config);
  // The legal moves to search (`searchmoves` if any of them is legal, else all).
  std::vector<RootMove> root_moves_for(const GameLine<G>& line,
                                       const std::vector<Move>& searchmoves) const;
  // The one report for a position without moves: the game's result.
  void report_game_over(const typename G::Position& pos, const InfoCallback& on_info);
  // The root solved to the end of the game (reported), or nothing when the game's solver
  // cannot or must not be used here.
  std::optional<SearchResult<Move>> try_solve_root(const GameLine<G>& line,
                                                   const SearchConfig& config,
                                                   const InfoCallback& on_info);
  // Iterative deepening: the main worker reports and decides on time, helper threads share
  // the table (Lazy SMP). Returns when every thread has stopped.
  void search_tree(const GameLine<G>& line, const std::vector<RootMove>& roots,
                   const SearchLimits& limits, const SearchConfig& config,
                   const InfoCallback& on_info);
  // The main worker's best move (reported again if the last report named another move).
  SearchResult<Move> final_result(const InfoCallback& on_info);
  // A limited level's move, drawn among skill_lines (reported as the line played), or
  // nothing when no iteration was completed.
  std::optional<SearchResult<Move>> skill_result(const GameLine<G>& line,
                                                 const SearchConfig& config,
                                                 const InfoCallback& on_info);
  // Blocks while the GUI still expects the search to go on (infinite / pondering).
  void wait_for_release(const SearchLimits& limits);
};

template <Game G>
void Searcher<G>::Impl::wait_for_release(const SearchLimits& limits) {
  // Only stop ends the wait: a search that ended early (a limited level's node budget, a
  // node or depth limit) still holds its bestmove until stop, or ponderhit when pondering.
  while (!shared.external_stop.load()) {
    if (!limits.infinite && shared.pondering.load()) {
      if (shared.ponderhit.load()) break;  // the rest of the budget is not needed: we are done
    } else if (!limits.infinite) {
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

template <Game G>
void Searcher<G>::Impl::begin(const SearchLimits& limits, const SearchConfig& config) {
  shared.limits = limits;
  shared.config = config;
  known.emplace(*game, exact_source);
  shared.pondering.store(limits.ponder && !shared.ponderhit.load());
}

template <Game G>
auto Searcher<G>::Impl::root_moves_for(const GameLine<G>& line,
                                       const std::vector<Move>& searchmoves) const
    -> std::vector<RootMove> {
  typename G::MoveList legal;
  line.legal_moves(legal);
  std::vector<RootMove> roots;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    const bool wanted = searchmoves.empty() || std::find(searchmoves.begin(), searchmoves.end(),
                                                         legal[i]) != searchmoves.end();
    if (wanted) roots.push_back(RootMove{legal[i], -kInfinity, -kInfinity, 0, {}});
  }
  if (roots.empty())  // no requested move is legal: search them all rather than answer nothing
    for (std::size_t i = 0; i < legal.size(); ++i)
      roots.push_back(RootMove{legal[i], -kInfinity, -kInfinity, 0, {}});
  return roots;
}

template <Game G>
void Searcher<G>::Impl::report_game_over(const typename G::Position& pos,
                                         const InfoCallback& on_info) {
  const G& g = *game;
  SearchInfo<Move> info;
  info.depth = 1;
  Outcome o = g.terminal(pos);
  if (!o.over()) o = g.no_moves_outcome(pos);
  info.score = detail::outcome_score(o, g.side_to_move(pos), 0);
  on_info(info);
}

template <Game G>
std::optional<SearchResult<typename G::Move>> Searcher<G>::Impl::try_solve_root(
    const GameLine<G>& line, const SearchConfig& config, const InfoCallback& on_info) {
  const G& g = *game;
  const typename G::Position& pos = line.current();
  const std::int64_t budget =
      shared.time.time_limited() && !shared.pondering.load() ? shared.time.maximum_ms() : -1;
  const auto solved = Hooks::solve_root(
      g, pos, budget,
      [this] {
        return shared.abort.load() || shared.external_stop.load() ||
               (!shared.pondering.load() && shared.time.hard_expired());
      },
      workers[0]->tables(), *known);
  if (!solved || !ends_before_ply_limit(solved->score, 0, g.ply(pos), config.draw.max_plies) ||
      repetition_may_interfere(line, config.draw))
    return std::nullopt;
  RootMove rm{solved->pv[0], solved->score, solved->score, 0, solved->pv};
  auto info = make_info(rm, static_cast<int>(solved->pv.size()), 1, solved->score, Bound::kExact);
  info.nodes = solved->nodes;
  info.tbhits = solved->tbhits;
  info.nps =
      info.nodes * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(info.time_ms, 1));
  on_info(info);
  SearchResult<Move> result;
  result.best = solved->pv[0];
  if (solved->pv.size() > 1) result.ponder = solved->pv[1];
  return result;
}

template <Game G>
void Searcher<G>::Impl::search_tree(const GameLine<G>& line, const std::vector<RootMove>& roots,
                                    const SearchLimits& limits, const SearchConfig& config,
                                    const InfoCallback& on_info) {
  tt.new_search();
  for (auto& w : workers) w->setup(line, roots, *known);
  const int max_depth =
      limits.depth > 0 ? std::min(limits.depth, detail::kMaxPly - 1) : detail::kMaxPly - 1;

  threads.start_helpers([this, max_depth](int i) {
    workers[static_cast<std::size_t>(i)]->iterate(
        max_depth, 1, [](int) { return true; }, nullptr);
  });

  Worker& main = *workers[0];
  const int shown = std::clamp(config.multipv, 1, static_cast<int>(roots.size()));
  // A limited level searches its candidate lines, and shows the MultiPV option's.
  const int lines = config.skill.active ? std::clamp(std::max(shown, config.skill.lines), 1,
                                                     static_cast<int>(roots.size()))
                                        : shown;
  std::optional<Move> last_best;
  double instability = 0.0;
  reported_best.reset();
  skill_lines.clear();
  skill_depth = 0;
  auto on_iteration = [&](int depth) {
    const auto& rms = main.root_moves();
    if (config.skill.active) {
      skill_lines.assign(rms.begin(), rms.begin() + lines);
      skill_depth = depth;
    }
    for (int i = 0; i < shown; ++i)
      on_info(make_info(rms[static_cast<std::size_t>(i)], depth, i + 1,
                        rms[static_cast<std::size_t>(i)].score, Bound::kExact));
    reported_best = rms[0].move;
    const int score = rms[0].score;
    if (limits.mate > 0 && score >= kMateBound && mate_plies(score) <= 2 * limits.mate - 1)
      return false;
    if (is_mate_score(score) && depth > std::abs(mate_plies(score)) + 2 && !limits.infinite &&
        limits.depth == 0 && limits.nodes == 0)
      return false;  // a forced result is proven; deeper iterations cannot change it
    // Best-move instability: a change doubles the budget for a while, stability shrinks it.
    instability *= 0.5;
    if (last_best && !(*last_best == rms[0].move)) instability += 1.0;
    last_best = rms[0].move;
    if (shared.pondering.load() || limits.infinite) return true;
    if (shared.ponderhit.load()) {
      shared.pondering.store(false);
      shared.time.ponderhit();
    }
    return !shared.time.soft_expired(std::clamp(0.6 + 1.4 * instability, 0.6, 2.5));
  };
  auto on_fail = [&](int depth, int score, Bound bound) {
    if (shared.time.elapsed_ms() < 3000) return;
    on_info(make_info(main.root_moves()[0], depth, 1, score, bound));
  };
  main.iterate(max_depth, lines, on_iteration, on_fail);
  wait_for_release(limits);
  shared.abort.store(true);
  threads.join_helpers();
}

template <Game G>
SearchResult<typename G::Move> Searcher<G>::Impl::final_result(const InfoCallback& on_info) {
  const Worker& main = *workers[0];
  const RootMove& best = main.root_moves()[0];
  if (main.completed_depth() == 0 || !reported_best || !(*reported_best == best.move)) {
    // Stopped before the first iteration ended, or the last partial iteration changed the
    // best move: report what we play.
    const int score = best.score > -kInfinity            ? best.score
                      : best.previous_score > -kInfinity ? best.previous_score
                                                         : 0;
    on_info(make_info(best, std::max(main.completed_depth(), 1), 1, score, Bound::kExact));
  }
  SearchResult<Move> result;
  result.best = best.move;
  if (best.pv.size() > 1) result.ponder = best.pv[1];
  return result;
}

template <Game G>
std::optional<SearchResult<typename G::Move>> Searcher<G>::Impl::skill_result(
    const GameLine<G>& line, const SearchConfig& config, const InfoCallback& on_info) {
  if (skill_lines.empty()) return std::nullopt;
  const G& g = *game;
  std::vector<int> scores;
  for (const auto& rm : skill_lines) scores.push_back(rm.score);
  const RootMove& chosen =
      skill_lines[choose_skill_move(config.skill, scores, g.hash(line.current()))];
  const int score = chosen.score > -kInfinity ? chosen.score : 0;
  on_info(make_info(chosen, skill_depth, 1, score, Bound::kExact));
  SearchResult<Move> result;
  result.best = chosen.move;
  if (chosen.pv.size() > 1) result.ponder = chosen.pv[1];
  return result;
}

template <Game G>
SearchResult<typename G::Move> Searcher<G>::Impl::run(const GameLine<G>& line,
                                                      const SearchLimits& limits,
                                                      const SearchConfig& config,
                                                      const std::vector<Move>& searchmoves,
                                                      const InfoCallback& on_info) {
  const G& g = *game;
  const typename G::Position& pos = line.current();
  begin(limits, config);
  const std::vector<RootMove> roots = root_moves_for(line, searchmoves);
  shared.time.start(limits, g.side_to_move(pos), config.move_overhead_ms, Hooks::moves_left(g, pos),
                    roots.size() == 1);
  if (roots.empty()) {  // game over or no legal move: report the result once, play nothing
    report_game_over(pos, on_info);
    wait_for_release(limits);
    return {};
  }
  if (searchmoves.empty() && config.multipv <= 1 &&
      (!config.skill.active || config.skill.solve_root)) {
    // Small enough to solve to the end of the game: play the perfect line.
    if (auto solved = try_solve_root(line, config, on_info)) {
      wait_for_release(limits);
      return *solved;
    }
  }
  search_tree(line, roots, limits, config, on_info);
  if (config.skill.active)
    if (auto chosen = skill_result(line, config, on_info)) return *chosen;
  return final_result(on_info);
}

template <Game G>
Searcher<G>::Searcher(const G& game) : impl_(std::make_unique<Impl>(game)) {
  SearchHooks<G>::prepare(game);
  impl_->rebuild(1);
}

template <Game G>
Searcher<G>::~Searcher() {
  stop();
  wait();
}

template <Game G>
std::size_t Searcher<G>::set_hash_mb(std::size_t mb) {
  wait();
  return impl_->allocate(mb);
}

template <Game G>
void Searcher<G>::set_threads(int threads) {
  wait();
  impl_->set_threads(threads);
}

template <Game G>
void Searcher<G>::set_exact(ExactSource source) {
  wait();
  impl_->exact_source = std::move(source);
}

template <Game G>
void Searcher<G>::clear() {
  wait();
  impl_->tt.clear();
  for (auto& w : impl_->workers) w->clear();
}

template <Game G>
int Searcher<G>::hashfull() const {
  return impl_->tt.hashfull();
}

template <Game G>
void Searcher<G>::start(GameLine<G> line, const SearchLimits& limits, const SearchConfig& config,
                        std::vector<Move> searchmoves, InfoCallback on_info, DoneCallback on_done) {
  wait();
  if (config.threads != impl_->threads.size()) {
    try {
      impl_->set_threads(config.threads);
    } catch (const std::system_error&) {
      // The system refused more threads: search with those there are.
    }
  }
  // Reset here, on the controlling thread, so that a stop() right after start() is kept.
  impl_->shared.abort.store(false);
  impl_->shared.external_stop.store(false);
  impl_->shared.ponderhit.store(false);
  impl_->threads.start([impl = impl_.get(), line = std::move(line), limits, config,
                        searchmoves = std::move(searchmoves), on_info = std::move(on_info),
                        on_done = std::move(on_done)] {
    on_done(impl->run(line, limits, config, searchmoves, on_info));
  });
}

template <Game G>
void Searcher<G>::start_task(Task task) {
  wait();
  impl_->shared.external_stop.store(false);
  impl_->threads.start(
      [impl = impl_.get(), task = std::move(task)] { task(impl->shared.external_stop); });
}

template <Game G>
void Searcher<G>::wait() {
  impl_->threads.wait();
}

template <Game G>
SearchResult<typename G::Move> Searcher<G>::search(const GameLine<G>& line,
                                                   const SearchLimits& limits,
                                                   const SearchConfig& config,
                                                   const std::vector<Move>& searchmoves,
                                                   const InfoCallback& on_info) {
  SearchResult<Move> result;
  start(line, limits, config, searchmoves, on_info,
        [&result](const SearchResult<Move>& r) { result = r; });
  wait();
  return result;
}

template <Game G>
void Searcher<G>::stop() {
  impl_->shared.external_stop.store(true);
  impl_->shared.abort.store(true);
}

template <Game G>
void Searcher<G>::ponderhit() {
  impl_->shared.ponderhit.store(true);
}

}  // namespace triad::engine
