// search_lab: the search's measuring tool (not a test). In-process, no protocol overhead.
//   search_lab nps <variant> [depth] [threads]
//       search speed on fixed middle-game positions (with threads > 1: time to depth)
//   search_lab match <variant> <opponent> <games> <budget> [<opponent budget>] [seed]
//                    [opening plies] [balance]
//       budget per move: `100` = 100 ms, `200000n` = 200000 nodes (load-independent and
//       reproducible on a shared machine); a suffix `x2` searches on 2 threads. opponent: random |
//       greedy (one-ply, best static evaluation) | engine (the same search with <opponent budget>).
//       Colours alternate; each opening (a few random plies, the same for both colours of a pair)
//       is played twice; with a balance B > 0 only openings a 100 000-node search scores within +-B
//       are used. Prints W/D/L from the engine's side and the Elo difference with its 95% error.
//   search_lab solve <empties> <positions> [seed] [hash MB] [threads] [solvers]
//       Yin Yang endgame solvers side by side on the same random positions with that many
//       empty squares, each from an empty table: solvers = a comma list of ref (the
//       reference exact solver), winloss and exact (the fast solver), default all three;
//       hash (default 64) and threads (default 1) are the fast solver's. Prints average and
//       worst times, nodes and the speed-ups over the reference; fails if they disagree.
//   search_lab clock <variant> <games> <base ms> <inc ms> [seed]
//       engine against itself on a real clock (wall time charged per move, Move Overhead 30);
//       counts time losses.
#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "adapters/common/variants.h"
#include "adapters/ivesdama/notation.h"
#include "adapters/razzle/notation.h"
#include "adapters/yinyang/notation.h"
#include "engine/games/yinyang/reference_solver.h"
#include "engine/games/yinyang/solver.h"
#include "engine/search/searcher.h"

namespace {

using namespace triad;
using Clock = std::chrono::steady_clock;

std::int64_t ms_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t).count();
}

enum class Opponent { kRandom, kGreedy, kEngine };

// Search budget per move: milliseconds or nodes, and the search threads ("100", "200000n",
// "100x2" = 100 ms on 2 threads).
struct Budget {
  std::int64_t ms = 0;
  std::uint64_t nodes = 0;
  int threads = 1;
  static Budget parse(std::string text) {
    Budget b;
    if (const auto x = text.find('x'); x != std::string::npos) {
      b.threads = std::max(std::atoi(text.c_str() + x + 1), 1);
      text.resize(x);
    }
    if (!text.empty() && text.back() == 'n')
      b.nodes = std::strtoull(text.c_str(), nullptr, 10);
    else
      b.ms = std::atoll(text.c_str());
    return b;
  }
};

template <class G>
class Lab {
 public:
  using Move = typename G::Move;
  explicit Lab(const G& g) : g_(g) {}

  // Random legal plies from the start (retries until the game is still open).
  engine::GameLine<G> opening(int plies, std::mt19937_64& rng) const {
    while (true) {
      engine::GameLine<G> line(g_, g_.start_position());
      bool ok = true;
      for (int i = 0; i < plies && ok; ++i) {
        typename G::MoveList moves;
        line.legal_moves(moves);
        if (moves.empty())
          ok = false;
        else
          line.play(moves[rng() % moves.size()]);
      }
      if (ok && !line.outcome({}).over()) return line;
    }
  }

  // A random opening the engine judges balanced: |score| <= max_score after a 100 000-node
  // search (as tournament opening books are chosen), so that the games measure the play
  // rather than a lopsided start.
  engine::GameLine<G> balanced_opening(int plies, int max_score, std::mt19937_64& rng) const {
    engine::Searcher<G> judge(g_);
    while (true) {
      auto line = opening(plies, rng);
      engine::SearchLimits limits;
      limits.nodes = 100000;
      int score = 0;
      judge.search(line, limits, {}, {},
                   [&](const engine::SearchInfo<Move>& info) { score = info.score; });
      if (std::abs(score) <= max_score) return line;
    }
  }

  // Wall time and process CPU time are both reported: on a shared machine the CPU-time
  // figure is the search's own speed.
  // With several threads, the wall time is the time to depth (Lazy SMP's gain).
  void nps(int depth, int threads) {
    std::mt19937_64 rng(1);
    std::uint64_t nodes = 0;
    engine::Searcher<G> s(g_);
    const auto start = Clock::now();
    const std::clock_t cpu_start = std::clock();
    for (int i = 0; i < 8; ++i) {
      const auto line = opening(6 + 2 * i, rng);
      s.clear();
      engine::SearchLimits limits;
      limits.depth = depth;
      engine::SearchConfig config;
      config.threads = threads;
      std::uint64_t n = 0;
      s.search(line, limits, config, {},
               [&](const engine::SearchInfo<Move>& info) { n = info.nodes; });
      nodes += n;
    }
    const auto ms = std::max<std::int64_t>(ms_since(start), 1);
    const auto cpu_ms = std::max<std::int64_t>(
        static_cast<std::int64_t>((std::clock() - cpu_start) * 1000.0 / CLOCKS_PER_SEC), 1);
    std::printf("%s depth %d, %d thread(s): nodes %llu wall %lld ms cpu %lld ms nps(cpu) %llu\n",
                std::string(G::kName).c_str(), depth, threads,
                static_cast<unsigned long long>(nodes), static_cast<long long>(ms),
                static_cast<long long>(cpu_ms),
                static_cast<unsigned long long>(nodes * 1000 / static_cast<std::uint64_t>(cpu_ms)));
  }

  // One game; returns the engine's points (1, 0.5, 0). `engine_first`: engine is Player 1.
  double play(engine::GameLine<G> line, bool engine_first, Opponent opp, const Budget& mine,
              const Budget& theirs, std::mt19937_64& rng, int* plies_out) {
    engine::Searcher<G> engine_search(g_), opp_search(g_);
    const engine::DrawRules draw{3, 600};
    engine::SearchConfig config;
    config.draw = draw;
    while (!line.outcome(draw).over()) {
      const bool engine_turn =
          (g_.side_to_move(line.current()) == engine::Player::kOne) == engine_first;
      Move m{};
      if (engine_turn || opp == Opponent::kEngine) {
        engine::SearchLimits limits;
        const Budget& b = engine_turn ? mine : theirs;
        limits.movetime_ms = b.ms;
        limits.nodes = b.nodes;
        config.move_overhead_ms = 0;
        config.threads = b.threads;
        auto& s = engine_turn ? engine_search : opp_search;
        m = *s.search(line, limits, config, {}, [](const engine::SearchInfo<Move>&) {}).best;
      } else {
        m = baseline_move(line, opp, rng);
      }
      line.play(m);
    }
    if (plies_out) *plies_out = line.plies_played();
    const auto o = line.outcome(draw);
    if (o.result == engine::GameResult::kDraw) {
      std::fprintf(stderr, "draw by %s after %d plies: %s\n", engine::reason_name(o.reason),
                   line.plies_played(),
                   adapters::Notation<G>::format_position(g_, line.current()).c_str());
      return 0.5;
    }
    const bool p1_won = o.result == engine::GameResult::kP1Win;
    return p1_won == engine_first ? 1.0 : 0.0;
  }

  // Engine against itself on a clock; returns true if a side ran out of time.
  bool clock_game(engine::GameLine<G> line, std::int64_t base, std::int64_t inc) {
    engine::Searcher<G> a(g_), b(g_);
    std::array<std::int64_t, 2> left{base, base};
    const engine::DrawRules draw{3, 600};
    engine::SearchConfig config;
    config.draw = draw;
    while (!line.outcome(draw).over()) {
      const int side = engine::index(g_.side_to_move(line.current()));
      engine::SearchLimits limits;
      limits.time_ms = left;
      limits.inc_ms = {inc, inc};
      const auto start = Clock::now();
      auto& s = side == 0 ? a : b;
      const auto m =
          *s.search(line, limits, config, {}, [](const engine::SearchInfo<Move>&) {}).best;
      left[static_cast<std::size_t>(side)] -= ms_since(start);
      if (left[static_cast<std::size_t>(side)] < 0) return true;
      left[static_cast<std::size_t>(side)] += inc;
      line.play(m);
    }
    return false;
  }

 private:
  Move baseline_move(const engine::GameLine<G>& line, Opponent opp, std::mt19937_64& rng) const {
    typename G::MoveList moves;
    line.legal_moves(moves);
    if (opp == Opponent::kRandom) return moves[rng() % moves.size()];
    // Greedy: a move that wins at once, else the best static evaluation after the move
    // (from the mover's side), ties broken at random.
    std::vector<Move> best;
    int best_score = -1 << 30;
    for (const auto& m : moves) {
      engine::GameLine<G> next = line;
      next.play(m);
      const auto o = next.outcome({});
      int score;
      if (o.over()) {
        const bool mover_p1 = g_.side_to_move(line.current()) == engine::Player::kOne;
        score = o.result == engine::GameResult::kDraw                  ? 0
                : (o.result == engine::GameResult::kP1Win) == mover_p1 ? 1 << 20
                                                                       : -(1 << 20);
      } else {
        score = -g_.evaluate(next.current());
      }
      if (score > best_score) best_score = score, best.clear();
      if (score == best_score) best.push_back(m);
    }
    return best[rng() % best.size()];
  }

  const G& g_;
};

void print_elo(int wins, int draws, int losses) {
  const int n = wins + draws + losses;
  const double s = (wins + 0.5 * draws) / n;
  // Standard deviation of one game's points, then of the mean; 95% = 1.96 sigma.
  const double var =
      (wins * std::pow(1 - s, 2) + draws * std::pow(0.5 - s, 2) + losses * std::pow(0 - s, 2)) / n;
  const double se = std::sqrt(var / n);
  auto elo = [](double x) {
    x = std::clamp(x, 1e-6, 1 - 1e-6);
    return -400.0 * std::log10(1.0 / x - 1.0);
  };
  std::printf("games %d  +%d =%d -%d  score %.1f%%  elo %+.0f +- %.0f (95%%)\n", n, wins, draws,
              losses, 100 * s, elo(s),
              (elo(std::min(s + 1.96 * se, 1.0)) - elo(std::max(s - 1.96 * se, 0.0))) / 2);
}

template <class G>
int run(const G& g, int argc, char** argv) {
  Lab<G> lab(g);
  const std::string cmd = argv[1];
  if (cmd == "nps") {
    lab.nps(argc > 3 ? std::atoi(argv[3]) : 8, argc > 4 ? std::max(std::atoi(argv[4]), 1) : 1);
    return 0;
  }
  if (cmd == "match" && argc >= 6) {
    const std::string o = argv[3];
    const Opponent opp = o == "random"   ? Opponent::kRandom
                         : o == "greedy" ? Opponent::kGreedy
                                         : Opponent::kEngine;
    const int games = std::atoi(argv[4]);
    const Budget mine = Budget::parse(argv[5]);
    const Budget theirs = Budget::parse(argc > 6 ? argv[6] : argv[5]);
    const int opening_plies = argc > 8 ? std::atoi(argv[8]) : opp == Opponent::kEngine ? 4 : 2;
    const int balance = argc > 9 ? std::atoi(argv[9]) : 0;
    std::mt19937_64 rng(argc > 7 ? std::strtoull(argv[7], nullptr, 10) : 1);
    int w = 0, d = 0, l = 0;
    long total_plies = 0;
    engine::GameLine<G> line = lab.opening(2, rng);
    for (int i = 0; i < games; ++i) {
      if (i % 2 == 0)
        line = balance > 0 ? lab.balanced_opening(opening_plies, balance, rng)
                           : lab.opening(opening_plies, rng);
      int plies = 0;
      const double r = lab.play(line, i % 2 == 0, opp, mine, theirs, rng, &plies);
      total_plies += plies;
      (r == 1.0 ? w : r == 0.0 ? l : d)++;
      if ((i + 1) % 10 == 0) std::fprintf(stderr, "%d games: +%d =%d -%d\n", i + 1, w, d, l);
    }
    std::printf("%s vs %s, %s vs %s per move, avg plies %.1f: ", std::string(G::kName).c_str(),
                o.c_str(), argv[5], argc > 6 ? argv[6] : argv[5],
                static_cast<double>(total_plies) / games);
    print_elo(w, d, l);
    return 0;
  }
  if (cmd == "clock" && argc >= 6) {
    const int games = std::atoi(argv[3]);
    std::mt19937_64 rng(argc > 6 ? std::strtoull(argv[6], nullptr, 10) : 1);
    int losses = 0;
    for (int i = 0; i < games; ++i) {
      if (lab.clock_game(lab.opening(4, rng), std::atoll(argv[4]), std::atoll(argv[5]))) ++losses;
      if ((i + 1) % 10 == 0) std::fprintf(stderr, "%d games, %d time losses\n", i + 1, losses);
    }
    std::printf("%s clock %s+%s ms: %d games, %d time losses\n", std::string(G::kName).c_str(),
                argv[4], argv[5], games, losses);
    return 0;
  }
  std::fprintf(stderr, "usage: see the comment at the top of search_lab.cpp\n");
  return 2;
}

}  // namespace

// One solver's totals over the positions of a `solve` run.
struct SolveTally {
  const char* name;
  double cpu_ms = 0, wall_ms = 0, worst_ms = 0;
  std::uint64_t nodes = 0;
  bool used = false;
  void add(double cpu, double wall, std::uint64_t n) {
    cpu_ms += cpu;
    wall_ms += wall;
    worst_ms = std::max(worst_ms, wall);
    nodes += n;
  }
};

// Runs `solve` and adds its CPU time, wall time and nodes to `tally`.
template <class F>
void timed(SolveTally& tally, F&& solve) {
  const std::clock_t cpu = std::clock();
  const auto wall = Clock::now();
  const std::uint64_t nodes = solve();
  tally.add((std::clock() - cpu) * 1000.0 / CLOCKS_PER_SEC,
            std::chrono::duration<double, std::milli>(Clock::now() - wall).count(), nodes);
}

int solve_timing(int empties, int count, std::uint64_t seed, std::size_t hash_mb, int threads,
                 const std::string& which) {
  using namespace games::yinyang;
  const Game g;
  std::mt19937_64 rng(seed);
  SolveTally ref{"reference exact"}, win{"win/loss"}, exact{"exact"};
  ref.used = which.find("ref") != std::string::npos;
  win.used = which.find("winloss") != std::string::npos;
  exact.used = which.find("exact") != std::string::npos;
  Solver solver;
  solver.set_memory(hash_mb << 20);
  solver.set_threads(threads);
  int done = 0;
  while (done < count) {
    Position p = g.start_position();
    MoveList moves;
    while (std::popcount(p.empty()) > empties) {
      g.generate(p, {}, moves);
      if (moves.empty()) break;
      p = g.make(p, moves[rng() % moves.size()]);
    }
    g.generate(p, {}, moves);
    if (std::popcount(p.empty()) != empties || moves.empty()) continue;
    std::optional<int> margins[2];
    std::optional<bool> wins;
    if (ref.used) {
      ReferenceSolver reference(20);
      timed(ref, [&] {
        const auto s = reference.solve(p);
        margins[0] = s->margin;
        return s->nodes;
      });
    }
    if (win.used) {
      solver.clear();  // every solver starts from an empty table
      timed(win, [&] {
        const auto v = solver.win_loss(p);
        wins = v->side_to_move_wins;
        return v->nodes;
      });
    }
    if (exact.used) {
      solver.clear();
      timed(exact, [&] {
        const auto s = solver.solve(p);
        margins[1] = s->margin;
        return s->nodes;
      });
    }
    // The solvers must agree (this is a measuring tool, but a wrong answer is no speed-up).
    const std::optional<int> margin = margins[0] ? margins[0] : margins[1];
    if ((margins[0] && margins[1] && *margins[0] != *margins[1]) ||
        (margin && wins && margin_wins(*margin, p.side_to_move) != *wins)) {
      std::fprintf(stderr, "search_lab: solvers disagree on position %d\n", done);
      return 1;
    }
    ++done;
  }
  std::printf("yinyang solve, %d empties, %d positions (seed %llu), hash %zu MB, %d thread(s):\n",
              empties, count, static_cast<unsigned long long>(seed), hash_mb, threads);
  for (const SolveTally* t : {&ref, &win, &exact}) {
    if (!t->used) continue;
    std::printf("  %-16s average %9.1f ms wall, %9.1f ms CPU, worst %9.1f ms wall, %12llu nodes\n",
                t->name, t->wall_ms / count, t->cpu_ms / count, t->worst_ms,
                static_cast<unsigned long long>(t->nodes / static_cast<std::uint64_t>(count)));
  }
  if (ref.used)
    for (const SolveTally* t : {&win, &exact})
      if (t->used)
        std::printf("  %s: %.1fx faster than the reference (wall time)\n", t->name,
                    ref.wall_ms / std::max(t->wall_ms, 1e-3));
  return 0;
}

int main(int argc, char** argv) {
  if (argc >= 4 && std::string(argv[1]) == "solve")
    return solve_timing(std::atoi(argv[2]), std::max(std::atoi(argv[3]), 1),
                        argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1,
                        argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 64,
                        argc > 6 ? std::max(std::atoi(argv[6]), 1) : 1,
                        argc > 7 ? argv[7] : "ref,winloss,exact");
  if (argc < 3) {
    std::fprintf(stderr, "usage: search_lab nps|match|clock <variant> ...\n");
    return 2;
  }
  const auto registry = adapters::VariantRegistry::builtin();
  auto any = registry.create(argv[2]);
  if (!any) {
    std::fprintf(stderr, "search_lab: %s\n", any.error().message.c_str());
    return 2;
  }
  if (auto* t = dynamic_cast<adapters::TypedGame<games::yinyang::Game>*>(any->get()))
    return run(t->game(), argc, argv);
  if (auto* t = dynamic_cast<adapters::TypedGame<games::razzle::Game>*>(any->get()))
    return run(t->game(), argc, argv);
  if (auto* t = dynamic_cast<adapters::TypedGame<games::ivesdama::Game>*>(any->get()))
    return run(t->game(), argc, argv);
  std::fprintf(stderr, "search_lab: unsupported game\n");
  return 2;
}
