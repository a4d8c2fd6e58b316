// SearchThreads: the persistent threads of one searcher, as in Stockfish's thread pool. They
// are made when the thread count is set and sleep between searches; nothing creates a
// thread per search. Thread 0 is the main search thread: a task (a search, or `go perft`)
// is handed to it without blocking the caller, and it runs to the end there (reporting and
// printing included). Threads 1.. are helpers, which the main thread sets to work for the
// duration of one search (Lazy SMP) and joins before it reports the result.
#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace triad::engine {

class SearchThreads {
 public:
  explicit SearchThreads(int count);
  ~SearchThreads();  // waits for the running task, then ends the threads
  SearchThreads(const SearchThreads&) = delete;
  SearchThreads& operator=(const SearchThreads&) = delete;

  // Waits until idle, then makes or ends threads to have `count` (>= 1) of them. Throws
  // std::system_error when the system refuses a new thread (the threads made so far stay).
  void resize(int count);
  int size() const { return static_cast<int>(threads_.size()); }

  // Runs `task` on the main thread and returns at once (after waiting for a previous task).
  void start(std::function<void()> task);
  // Blocks until the main thread's task has ended.
  void wait();

  // For the main thread's task: runs job(i) on every helper i (1..size-1) and returns at
  // once; join_helpers() waits until all of them have returned.
  void start_helpers(const std::function<void(int)>& job);
  void join_helpers();

 private:
  // One sleeping thread and the job it is given.
  struct Thread {
    std::mutex mutex;
    std::condition_variable cv;
    std::function<void()> job;
    bool busy = false;
    bool exit = false;
    std::thread thread;

    void loop();
    void run(std::function<void()> next);  // the thread must be idle
    void wait();
  };

  std::vector<std::unique_ptr<Thread>> threads_;
};

}  // namespace triad::engine
