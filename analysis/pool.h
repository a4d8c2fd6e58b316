// A pool of engine slots (one thread and one Analyst each) that analyses work units: the
// local run and each worker rank of a distributed run submit units and collect their output
// lines. A slot whose engine failed on kFailedInARow positions in a row marks its unit
// fatal (the run stops there, see UnitOutput).
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "analysis/config.h"
#include "analysis/task.h"
#include "protocol/client/engine_process.h"

namespace triad::analysis {

inline constexpr int kFailedInARow = 3;

class Pool {
 public:
  // `slots` engines named `<prefix><n>` in their logs; `cancel` stops them all.
  Pool(const AnalyseConfig& config, int slots, const std::string& prefix,
       std::shared_ptr<protocol::CancelSignal> cancel);
  ~Pool();  // close()
  Pool(const Pool&) = delete;
  Pool& operator=(const Pool&) = delete;

  void submit(Unit unit);
  // The units finished since the last call; waits up to `wait` for `enough` of them.
  std::vector<UnitOutput> take_finished(std::chrono::microseconds wait, std::size_t enough);
  // Units submitted and not taken back yet (queued, being analysed, or finished).
  int held();
  // Stops analysing at once: the engines are killed, units in flight are dropped.
  void stop();
  // Ends the slots once their units are done (the engines are told to quit).
  void close();

 private:
  void run(int slot);

  const AnalyseConfig& config_;
  std::shared_ptr<protocol::CancelSignal> cancel_;
  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable output_ready_;
  std::deque<Unit> queue_;
  std::vector<UnitOutput> finished_;
  int held_ = 0;
  bool stop_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace triad::analysis
