// The game slots (see pool.h).
#include "datagen/pool.h"

#include <new>
#include <string>
#include <system_error>

namespace triad::datagen {

Result<std::unique_ptr<Pool>> Pool::create(const SelfPlaySetup& setup, int slots) {
  std::unique_ptr<Pool> pool(new Pool(setup));
  int made = 0;
  // The system's limits (memory for the engines' tables, threads): the settings ask too much.
  const auto refused = [&made, slots](const std::string& why) {
    return make_error("cannot make game slot " + std::to_string(made + 1) + " of " +
                      std::to_string(slots) + ": " + why);
  };
  try {
    for (; made < slots; ++made) {
      auto engine = setup.make_engine();
      // An engine whose tables cannot be allocated says so as a value (the other allocations
      // throw): both are the same refusal.
      if (!engine) return refused(engine.error().message + " (lower -concurrency or -hash)");
      pool->engines_.push_back(std::move(*engine));
    }
    for (made = 0; made < slots; ++made)
      pool->threads_.emplace_back(
          [p = pool.get(), e = pool->engines_[static_cast<std::size_t>(made)].get()] {
            p->work(*e);
          });
  } catch (const std::bad_alloc&) {
    return refused("out of memory (lower -concurrency or -hash)");
  } catch (const std::system_error& e) {
    return refused(std::string(e.what()) + " (lower -concurrency)");
  }
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
