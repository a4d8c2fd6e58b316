// EngineFor<G>: the GameEngine of one game type — a TypedGame<G> plus a lazily created
// Searcher<G> (which owns the search threads); converts between move tokens and G::Move at
// the boundary. Made by the game's descriptor (game_descriptor.h: describe<G>).
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <new>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "adapters/common/any_game.h"
#include "adapters/common/game_engine.h"
#include "engine/core/perft.h"
#include "engine/search/hooks.h"
#include "engine/search/searcher.h"
#include "learn/features.h"
#include "learn/layouts.h"

namespace triad::adapters {

template <HasNotation G>
class EngineFor final : public GameEngine {
 public:
  using Move = typename G::Move;
  using N = Notation<G>;
  // The game's search hooks must be complete here (the game's descriptor includes its
  // search_hooks.h): a missing include or a mismatched solver does not compile.
  using Hooks = engine::SearchHooks<G>;
  static_assert(engine::SearchHooksFor<Hooks, G>);
  using Solver = typename Hooks::GameSolver;
  using Knowledge = typename Hooks::ExactKnowledge;

  EngineFor(TypedGame<G> game, std::size_t hash_mb) : game_(std::move(game)), hash_mb_(hash_mb) {}

  AnyGame& game() override { return game_; }
  const AnyGame& game() const override { return game_; }
  void adopt(const AnyGame& state) override { game_ = dynamic_cast<const TypedGame<G>&>(state); }

  Result<std::string> set_hash_mb(std::size_t mb) override {
    hash_mb_ = mb;
    if (!searcher_) return std::string();
    return allocate();
  }

  Result<void> set_threads(int threads) override {
    threads_ = threads;
    if (!searcher_) return {};
    try {
      searcher_->set_threads(threads);
    } catch (const std::system_error& e) {
      return make_error("setoption Threads : cannot start " + std::to_string(threads) +
                        " threads (" + e.what() + ")");
    }
    return {};
  }

  Result<std::string> prepare() override {
    if (searcher_ && tables_lent_) {  // a solve had the memory: make the search's tables again
      tables_lent_ = false;
      return allocate();
    }
    if (searcher_) return std::string();
    try {
      searcher_ = std::make_unique<engine::Searcher<G>>(game_.game());
    } catch (const std::bad_alloc&) {
      return make_error("search : out of memory");
    }
    if (auto r = set_threads(threads_); !r) {
      searcher_.reset();
      return r.error();
    }
    return allocate();
  }

  bool evaluated_statically() const override {
    typename G::MoveList moves;
    game_.line().legal_moves(moves);
    return engine::evaluated_statically(game_.game(), game_.line().current(), moves);
  }

  void clear_hash() override {
    if (searcher_) searcher_->clear();
  }

  Result<std::shared_ptr<const engine::nnue::Model>> bind_net(const engine::nnue::Network& net,
                                                              const std::string& letters,
                                                              int points) const override {
    // The layout (learn/layouts.h) and the search hooks' net_board name the same kinds.
    static_assert(Hooks::kNetKinds == learn::layout_kinds(G::kName));
    if constexpr (Hooks::kNetKinds == 0) {
      return make_error("the game has no learned evaluation");
    } else {
      const std::string_view game_letters = learn::layout_of(G::kName)->letters;
      if (letters != game_letters)
        return make_error("its layout's men are " + letters + ", this game's " +
                          std::string(game_letters));
      const std::vector<int> index = N::net_line_index(game_.game());
      int board_points = 0;
      for (const int i : index) board_points += i >= 0 ? 1 : 0;
      if (points != board_points)
        return make_error("it is for a board of " + std::to_string(points) +
                          " points; this variant's has " + std::to_string(board_points));
      return learn::make_model(net, Hooks::kNetKinds, index);
    }
  }

  Result<void> validate(const SearchRequest& request) const override {
    auto moves = parse_searchmoves(request);
    if (!moves) return moves.error();
    return {};
  }

  void start_search(const SearchRequest& request, InfoSink on_info, BestMoveSink on_done) override {
    auto searchmoves = parse_searchmoves(request);
    // The search gets its own copy of the line: the session may change the game meanwhile.
    auto line = std::make_shared<const engine::GameLine<G>>(game_.line());
    searcher_->set_exact(exact_);
    searcher_->start(
        *line, request.limits, request.config,
        searchmoves ? std::move(*searchmoves) : std::vector<Move>{},
        [line, on_info = std::move(on_info)](const engine::SearchInfo<Move>& info) {
          on_info(to_text(*line, info));
        },
        [line, on_done = std::move(on_done)](const engine::SearchResult<Move>& result) {
          on_done(to_text(*line, result));
        });
  }

  void start_perft(int depth, PerftMoveSink on_move, PerftDoneSink on_done) override {
    searcher_->start_task([line = game_.line(), depth, on_move = std::move(on_move),
                           on_done = std::move(on_done)](const std::atomic<bool>& stop) {
      const auto& g = line.game();
      const auto& root = line.current();
      typename G::MoveList moves;
      if (!g.terminal(root).over()) g.generate(root, line.history(), moves);
      PerftReport report;
      report.moves_total = moves.size();
      report.stopped = !engine::perft_divide(g, root, depth, line.history(), &stop,
                                             [&](const Move& m, std::uint64_t leaves) {
                                               on_move(N::format_move(g, root, m), leaves);
                                               report.nodes += leaves;
                                               ++report.moves_done;
                                             });
      on_done(report);
    });
  }

  void set_exact(engine::ExactSource source) override { exact_ = std::move(source); }

  Result<void> can_solve() const override {
    if constexpr (Solver::kAvailable) {
      const Knowledge known(game_.game(), exact_);
      if (auto r = Solver::can_solve(game_.game(), known, game_.line().current()); !r)
        return make_error("go solve : " + r.error().message);
      return {};
    }
    return make_error("go solve : no solver for " + std::string(G::kName) +
                      " (this game has no whole-game solver)");
  }

  void start_solve(const SolveRequest& request, SolveSink on_progress, SolveSink on_done) override {
    // The solve counts in Hash: the search's tables shrink to 1 MB until the next prepare().
    searcher_->set_hash_mb(1);
    tables_lent_ = true;
    searcher_->start_task([line = game_.line(), request, exact = exact_,
                           on_progress = std::move(on_progress),
                           on_done = std::move(on_done)](const std::atomic<bool>& stop) {
      on_done(solve(line, exact, request, on_progress, stop));
    });
  }

  void wait() override {
    if (searcher_) searcher_->wait();
  }
  void stop() override {
    if (searcher_) searcher_->stop();
  }
  void ponderhit() override {
    if (searcher_) searcher_->ponderhit();
  }

 private:
  Result<std::vector<Move>> parse_searchmoves(const SearchRequest& request) const {
    std::vector<Move> out;
    const auto& line = game_.line();
    for (const auto& token : request.searchmoves) {
      auto m = N::parse_move(game_.game(), line.current(), line.history(), token);
      if (!m) return make_error("go searchmoves : " + m.error().message);
      out.push_back(*m);
    }
    return out;
  }

  // Applies hash_mb_ to the search; a note when less could be had.
  Result<std::string> allocate() {
    try {
      const std::size_t got = searcher_->set_hash_mb(hash_mb_);
      if (got == hash_mb_) return std::string();
      return "Hash " + std::to_string(hash_mb_) + " MB cannot be allocated, using " +
             std::to_string(got) + " MB";
    } catch (const std::bad_alloc&) {
      searcher_.reset();  // made again by the next prepare()
      return make_error("hash : out of memory, not even 1 MB can be allocated");
    }
  }

  // The body of `go solve` (on the main search thread): progress in Player 1's terms (the
  // solver's margins are from the side to move), then the final report.
  static TextSolve solve(const engine::GameLine<G>& line, const engine::ExactSource& exact,
                         const SolveRequest& request, const SolveSink& on_progress,
                         const std::atomic<bool>& stop) {
    TextSolve out;
    if constexpr (Solver::kAvailable) {
      using Clock = std::chrono::steady_clock;
      const auto start = Clock::now();
      auto last_report = start;
      const auto elapsed = [&] {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count();
      };
      const auto& g = line.game();
      const auto root = line.current();
      const bool p1 = g.side_to_move(root) == engine::Player::kOne;
      const Knowledge known(g, exact);
      Solver solver;
      solver.configure(request.hash_mb << 20, request.threads);
      TextSolve progress;
      progress.lower = -Solver::kMaxMargin;
      progress.upper = Solver::kMaxMargin;
      const auto report = [&] {
        progress.nodes = solver.nodes();
        progress.time_ms = elapsed();
        progress.hashfull = solver.hashfull();
        on_progress(progress);
        last_report = Clock::now();
      };
      const auto result = solver.solve(
          g, known, root, request.exact,
          [&](const engine::SolveProgress<Move>& p) {
            progress.lower = p1 ? p.lower : -p.upper;
            progress.upper = p1 ? p.upper : -p.lower;
            if (p.best) progress.best = N::format_move(g, root, *p.best);
            report();
          },
          [&] {
            if (Clock::now() - last_report >= std::chrono::seconds(1)) report();
            return stop.load();
          });
      out = progress;
      out.nodes = solver.nodes();
      out.time_ms = elapsed();
      if (!result) {
        out.stopped = true;
      } else {
        out.player_one_wins = p1 == result->side_to_move_wins;
        out.lower = p1 ? result->lower : -result->upper;
        out.upper = p1 ? result->upper : -result->lower;
        out.plies = result->plies;
        out.draw = result->draw;
        out.best = result->best ? N::format_move(g, root, *result->best) : std::string();
        auto pos = root;
        for (const auto& m : result->pv) {
          out.pv.push_back(N::format_move(g, pos, m));
          pos = g.make(pos, m);
        }
      }
    }
    out.done = true;
    return out;
  }

  static TextInfo to_text(const engine::GameLine<G>& line, const engine::SearchInfo<Move>& info) {
    TextInfo t{info.depth, info.seldepth, info.multipv, info.score,  info.bound, info.nodes,
               info.nps,   info.hashfull, info.time_ms, info.tbhits, {}};
    const auto& g = line.game();
    auto pos = line.current();
    for (const auto& m : info.pv) {
      t.pv.push_back(N::format_move(g, pos, m));
      pos = g.make(pos, m);
    }
    return t;
  }

  static TextBestMove to_text(const engine::GameLine<G>& line,
                              const engine::SearchResult<Move>& result) {
    TextBestMove out;
    const auto& g = line.game();
    const auto& root = line.current();
    if (result.best) {
      out.best = N::format_move(g, root, *result.best);
      if (result.ponder) out.ponder = N::format_move(g, g.make(root, *result.best), *result.ponder);
    }
    return out;
  }

  TypedGame<G> game_;
  std::size_t hash_mb_;
  int threads_ = 1;
  bool tables_lent_ = false;   // a solve shrank the search's tables (prepare() remakes them)
  engine::ExactSource exact_;  // set_exact
  std::unique_ptr<engine::Searcher<G>> searcher_;
};

}  // namespace triad::adapters
