// The engine slots of triad-analyse (see pool.h).
#include "analysis/pool.h"

#include "analysis/analyst.h"

namespace triad::analysis {

Pool::Pool(const AnalyseConfig& config, int slots, const std::string& prefix,
           std::shared_ptr<protocol::CancelSignal> cancel)
    : config_(config), cancel_(std::move(cancel)) {
  for (int i = 0; i < slots; ++i)
    threads_.emplace_back([this, name = prefix + std::to_string(i + 1)] {
      Analyst analyst(config_, name, cancel_);
      int failed_in_a_row = 0;
      for (;;) {
        Unit unit;
        {
          std::unique_lock lock(mutex_);
          work_ready_.wait(lock, [this] { return stop_ || !queue_.empty(); });
          if (stop_) return;
          unit = std::move(queue_.front());
          queue_.pop_front();
        }
        UnitOutput out{unit.id, {}, {}};
        for (const auto& task : unit.tasks) {
          std::string failure;
          std::string line = analyst.analyse(task, failure);
          if (cancel_->cancelled()) return;  // stopping: the unit is dropped
          failed_in_a_row = failure.empty() ? 0 : failed_in_a_row + 1;
          if (failed_in_a_row >= kFailedInARow) {
            // The run stops before this unit is written: the message carries the error.
            out.fatal = "the engine failed on " + std::to_string(kFailedInARow) +
                        " positions in a row; at input line " + std::to_string(task.line) + ": " +
                        failure;
            out.lines.push_back(std::move(line));
            break;
          }
          out.lines.push_back(std::move(line));
        }
        std::lock_guard lock(mutex_);
        finished_.push_back(std::move(out));
        output_ready_.notify_all();
      }
    });
}

Pool::~Pool() {
  close();
}

void Pool::submit(Unit unit) {
  std::lock_guard lock(mutex_);
  queue_.push_back(std::move(unit));
  ++held_;
  work_ready_.notify_one();
}

std::vector<UnitOutput> Pool::take_finished(std::chrono::microseconds wait, std::size_t enough) {
  std::unique_lock lock(mutex_);
  output_ready_.wait_for(lock, wait, [&] { return finished_.size() >= enough || stop_; });
  std::vector<UnitOutput> out;
  out.swap(finished_);
  held_ -= static_cast<int>(out.size());
  return out;
}

int Pool::held() {
  std::lock_guard lock(mutex_);
  return held_;
}

void Pool::stop() {
  cancel_->cancel();
  close();
}

void Pool::close() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  work_ready_.notify_all();
  output_ready_.notify_all();
  for (auto& t : threads_) t.join();
  threads_.clear();
}

}  // namespace triad::analysis
