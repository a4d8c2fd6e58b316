// SearchThreads: sleeping threads woken with a job (see search_threads.h).
#include "engine/search/search_threads.h"

#include <algorithm>
#include <utility>

namespace triad::engine {

void SearchThreads::Thread::loop() {
  std::unique_lock lock(mutex);
  while (true) {
    cv.wait(lock, [&] { return busy || exit; });
    if (exit) return;
    auto current = std::move(job);
    lock.unlock();
    current();
    current = nullptr;  // what the job holds is released before anyone learns it ended
    lock.lock();
    busy = false;
    cv.notify_all();
  }
}

void SearchThreads::Thread::run(std::function<void()> next) {
  std::lock_guard lock(mutex);
  job = std::move(next);
  busy = true;
  cv.notify_all();
}

void SearchThreads::Thread::wait() {
  std::unique_lock lock(mutex);
  cv.wait(lock, [&] { return !busy; });
}

SearchThreads::SearchThreads(int count) {
  resize(count);
}

SearchThreads::~SearchThreads() {
  resize(0);
}

void SearchThreads::resize(int count) {
  wait();
  while (static_cast<int>(threads_.size()) > std::max(count, 0)) {
    Thread& t = *threads_.back();
    {
      std::lock_guard lock(t.mutex);
      t.exit = true;
      t.cv.notify_all();
    }
    t.thread.join();
    threads_.pop_back();
  }
  while (static_cast<int>(threads_.size()) < count) {
    auto t = std::make_unique<Thread>();
    t->thread = std::thread([raw = t.get()] { raw->loop(); });
    threads_.push_back(std::move(t));
  }
}

void SearchThreads::start(std::function<void()> task) {
  wait();
  threads_.front()->run(std::move(task));
}

void SearchThreads::wait() {
  if (!threads_.empty()) threads_.front()->wait();
}

void SearchThreads::start_helpers(const std::function<void(int)>& job) {
  for (std::size_t i = 1; i < threads_.size(); ++i)
    threads_[i]->run([job, i] { job(static_cast<int>(i)); });
}

void SearchThreads::join_helpers() {
  for (std::size_t i = 1; i < threads_.size(); ++i) threads_[i]->wait();
}

}  // namespace triad::engine
