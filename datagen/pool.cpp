// The game slots (see pool.h).
#include "datagen/pool.h"

namespace triad::datagen {

Result<std::unique_ptr<Pool>> Pool::create(const SelfPlaySetup& setup, int slots) {
  std::unique_ptr<Pool> pool(new Pool(setup));
  for (int i = 0; i < slots; ++i) {
    auto engine = setup.make_engine();
    if (!engine) return engine.error();
    pool->engines_.push_back(std::move(*engine));
  }
  for (auto& engine : pool->engines_)
    pool->threads_.emplace_back([p = pool.get(), e = engine.get()] { p->work(*e); });
  return pool;
}

Pool::~Pool() {
  stop();
}

void Pool::submit(const std::vector<std::int64_t>& games) {
  {
    std::lock_guard lock(mutex_);
    queue_.insert(queue_.end(), games.begin(), games.end());
    held_ += static_cast<int>(games.size());
  }
  work_ready_.notify_all();
}

std::vector<GameRecords> Pool::take_finished(std::chrono::microseconds wait, std::size_t enough) {
  std::unique_lock lock(mutex_);
  game_done_.wait_for(lock, wait, [&] { return finished_.size() >= enough; });
  std::vector<GameRecords> out;
  out.swap(finished_);
  held_ -= static_cast<int>(out.size());
  return out;
}

int Pool::held() const {
  std::lock_guard lock(mutex_);
  return held_;
}

void Pool::stop() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  work_ready_.notify_all();
  for (auto& engine : engines_) engine->stop();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
}

void Pool::work(adapters::GameEngine& engine) {
  for (;;) {
    std::int64_t game = 0;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (stop_) return;
      game = queue_.front();
      queue_.pop_front();
    }
    auto records = setup_.play(engine, game, stop_);
    std::lock_guard lock(mutex_);
    if (stop_) return;
    finished_.push_back(std::move(records));
    game_done_.notify_all();
  }
}

}  // namespace triad::datagen
