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
  for (int i = 0; i < count; ++i) {
    auto engine = adapters::make_engine(variant.factory(), hash_mb);
    if (!engine) return engine.error();
    if (auto note = (*engine)->prepare(); !note) return note.error();
    a.engines_.push_back(std::move(*engine));
  }
  return a;
}

std::vector<Evaluation> Analysts::evaluate(const std::vector<std::string>& lines,
                                           std::uint64_t nodes,
                                           const std::function<void()>& on_done) {
  std::vector<Evaluation> out(lines.size());
  std::atomic<std::size_t> next{0};
  std::mutex mutex;
  std::condition_variable cv;
  std::size_t finished = 0;
  const auto work = [&](adapters::GameEngine& engine) {
    for (std::size_t i; (i = next++) < lines.size();) {
      auto game = variant_->factory();
      Evaluation e;
      if (game->reset(lines[i]) && game->outcome().over()) {
        e.score = outcome_score(*game);
      } else {
        engine.adopt(*game);
        adapters::SearchRequest request;
        request.limits.nodes = nodes;
        engine.clear_hash();  // every position searched alike, whatever came before
        const auto best = engine.search(request, [&e](const adapters::TextInfo& info) {
          if (info.multipv == 1) e.score = info.score;
        });
        e.best = best.best;
      }
      std::lock_guard lock(mutex);
      out[i] = std::move(e);
      ++finished;
      cv.notify_one();
    }
  };
  std::vector<std::thread> threads;
  for (auto& engine : engines_) threads.emplace_back(work, std::ref(*engine));
  std::size_t reported = 0;
  {
    std::unique_lock lock(mutex);
    while (reported < lines.size()) {
      cv.wait(lock, [&] { return finished > reported; });
      const std::size_t now = finished;
      lock.unlock();
      for (; reported < now; ++reported)
        if (on_done) on_done();
      lock.lock();
    }
  }
  for (auto& t : threads) t.join();
  return out;
}

}  // namespace triad::tools::book
