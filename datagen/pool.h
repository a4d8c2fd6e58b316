// The game slots of one machine (or of one MPI worker rank): `slots` threads, each with its
// own search engine, playing the games they are given in any order; finished games are
// taken back by the caller, which commits them in game order.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "adapters/common/game_engine.h"
#include "datagen/self_play.h"
#include "engine/core/result.h"

namespace triad::datagen {

class Pool {
 public:
  // Makes the engines and starts the threads. Errors: the system refuses the memory or a
  // thread (the settings ask too much).
  static Result<std::unique_ptr<Pool>> create(const SelfPlaySetup& setup, int slots);
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;
  ~Pool();

  void submit(const std::vector<std::int64_t>& games);
  // The finished games, waiting up to `wait` until `enough` are.
  std::vector<GameRecords> take_finished(std::chrono::microseconds wait, std::size_t enough);
  // Games submitted and not taken back yet.
  int held() const;
  int slots() const { return static_cast<int>(engines_.size()); }
  // Ends the play at once (games in progress are dropped) and joins the threads.
  void stop();

 private:
  explicit Pool(const SelfPlaySetup& setup) : setup_(setup) {}
  void work(adapters::GameEngine& engine);

  const SelfPlaySetup& setup_;
  std::vector<std::unique_ptr<adapters::GameEngine>> engines_;
  std::vector<std::thread> threads_;
  mutable std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable game_done_;
  std::deque<std::int64_t> queue_;
  std::vector<GameRecords> finished_;
  int held_ = 0;
  std::atomic<bool> stop_{false};
};

}  // namespace triad::datagen
