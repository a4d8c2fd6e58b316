// Parallel node-limited searches for triad-book (see analysis.h).
#include "tools/book/analysis.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "adapters/common/game_registry.h"
#include "engine/search/search_types.h"

namespace triad::tools::book {

int outcome_score(const adapters::AnyGame& game) {
  const auto o = game.outcome();
  if (o.result == engine::GameResult::kDraw) return 0;
  const bool mover_won =
      (o.result == engine::GameResult::kP1Win) == (game.side_to_move() == engine::Player::kOne);
  return mover_won ? engine::kMateScore : -engine::kMateScore;
}

Result<Analysts> Analysts::create(const adapters::Variant& variant, int count,
                                  std::size_t hash_mb) {
  Analysts a;
  a.variant_ = &variant;
  a.hash_mb_ = hash_mb;
  for (int i = 0; i < count; ++i) {
    auto engine = adapters::make_engine(variant.factory(), hash_mb);
    if (!engine) return engine.error();
    if (auto note = (*engine)->prepare(); !note) return note.error();
    a.engines_.push_back(std::move(*engine));
  }
  return a;
}

void Analysts::run_jobs(std::size_t count,
                        const std::function<void(adapters::GameEngine&, std::size_t)>& job,
                        const std::function<void()>& on_done) {
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::condition_variable cv;
  std::size_t finished = 0;
  const auto work = [&](adapters::GameEngine& engine) {
    for (std::size_t i; (i = next++) < count;) {
      job(engine, i);
      std::lock_guard lock(mutex);
      ++finished;
      cv.notify_one();
    }
  };
  std::vector<std::thread> threads;
  for (auto& engine : engines_) threads.emplace_back(work, std::ref(*engine));
  std::size_t reported = 0;
  {
    std::unique_lock lock(mutex);
    while (reported < count) {
      cv.wait(lock, [&] { return finished > reported; });
      const std::size_t now = finished;
      lock.unlock();
      for (; reported < now; ++reported)
        if (on_done) on_done();
      lock.lock();
    }
  }
  for (auto& t : threads) t.join();
}

std::vector<Evaluation> Analysts::evaluate(const std::vector<std::string>& lines,
                                           std::uint64_t nodes,
                                           const std::function<void()>& on_done) {
  std::vector<Evaluation> out(lines.size());
  run_jobs(
      lines.size(),
      [&](adapters::GameEngine& engine, std::size_t i) {
        auto game = variant_->factory();
        Evaluation& e = out[i];
        if (game->reset(lines[i]) && game->outcome().over()) {
          e.score = outcome_score(*game);
          return;
        }
        engine.adopt(*game);
        adapters::SearchRequest request;
        request.limits.nodes = nodes;
        engine.clear_hash();  // every position searched alike, whatever came before
        e.best = engine
                     .search(request,
                             [&e](const adapters::TextInfo& info) {
                               if (info.multipv == 1) e.score = info.score;
                             })
                     .best;
      },
      on_done);
  return out;
}

Result<void> Analysts::can_solve() const {
  if (!engines_.front()->can_solve())
    return make_error("-solve: variant " + variant_->name + " (game " + variant_->game +
                      ") has no whole-game solver");
  return {};
}

std::vector<Evaluation> Analysts::solve(const std::vector<std::string>& lines,
                                        const std::function<void()>& on_done) {
  std::vector<Evaluation> out(lines.size());
  run_jobs(
      lines.size(),
      [&](adapters::GameEngine& engine, std::size_t i) {
        auto game = variant_->factory();
        if (!game->reset(lines[i]) || game->outcome().over()) return;
        engine.adopt(*game);
        adapters::SolveRequest request;
        request.exact = true;
        request.hash_mb = hash_mb_;
        adapters::TextSolve solved;
        engine.start_solve(
            request, [](const adapters::TextSolve&) {},
            [&solved](const adapters::TextSolve& s) { solved = s; });
        engine.wait();
        (void)engine.prepare();  // the search's tables back (a solve borrows their memory)
        // The solver's margin is Player 1's score minus Player 2's (lower == upper: exact).
        const bool p1 = game->side_to_move() == engine::Player::kOne;
        out[i] = {p1 ? solved.lower : -solved.lower, solved.best};
      },
      on_done);
  return out;
}

std::vector<SelfPlay> Analysts::self_play(const std::vector<std::string>& lines, int games,
                                          std::uint64_t nodes, double odds, int max_plies,
                                          const std::function<void()>& on_done) {
  // One result per (line, game), -1/0/1 for the side to move at the line; summed after.
  const std::size_t per_line = static_cast<std::size_t>(games);
  const bool with_odds = odds > 1.0;
  std::vector<int> results(lines.size() * per_line, 0);
  run_jobs(
      results.size(),
      [&](adapters::GameEngine& engine, std::size_t job) {
        const std::size_t k = job % per_line;
        auto game = variant_->factory();
        if (!game->reset(lines[job / per_line])) return;  // counted as a draw
        const engine::Player hero = game->side_to_move();
        std::uint64_t hero_nodes = nodes + nodes * k / per_line, other_nodes = hero_nodes;
        if (with_odds) {
          const std::uint64_t base = nodes + nodes * (k / 2) / ((per_line + 1) / 2);
          const auto more = static_cast<std::uint64_t>(static_cast<double>(base) * odds);
          hero_nodes = k % 2 == 0 ? more : base;
          other_nodes = k % 2 == 0 ? base : more;
        }
        adapters::SearchRequest request;
        engine.clear_hash();  // every game played alike, whatever came before
        for (int ply = 0; ply < max_plies && !game->outcome().over(); ++ply) {
          engine.adopt(*game);
          request.limits.nodes = game->side_to_move() == hero ? hero_nodes : other_nodes;
          const auto best = engine.search(request, [](const adapters::TextInfo&) {});
          if (!game->play(best.best)) break;  // no move: the outcome says why
        }
        const auto outcome = game->outcome();
        if (!outcome.over() || outcome.result == engine::GameResult::kDraw) return;
        const bool hero_won =
            (outcome.result == engine::GameResult::kP1Win) == (hero == engine::Player::kOne);
        results[job] = hero_won ? 1 : -1;
      },
      on_done);
  std::vector<SelfPlay> out(lines.size());
  for (std::size_t job = 0; job < results.size(); ++job) {
    SelfPlay& s = out[job / per_line];
    const int r = results[job];
    (r > 0 ? s.wins : r < 0 ? s.losses : s.draws) += 1;
    const std::size_t k = job % per_line;
    if (!with_odds || (k % 2 == 0 && k + 1 == per_line)) continue;  // an unpaired last game
    (k % 2 == 0 ? s.with_odds : s.against_odds) += r + 1;           // half points
    s.pairs += k % 2;
  }
  return out;
}

}  // namespace triad::tools::book
