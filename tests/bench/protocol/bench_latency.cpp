// bench_latency: how fast a triad binary answers over its pipes. For each engine given on
// the command line (alternating, so that both see the same machine load) it measures
//   go -> first info: `go depth 1` sent until its first `info` line arrives (search start-up:
//                     waking or making the search threads), and
//   readyok:          `isready` sent during `go infinite` until `readyok` arrives,
// and prints the median and worst of each in microseconds. Every read has a timeout.
//   bench_latency [--rounds N] <triad> [<other triad> ...]
#include <algorithm>
#include <boost/process.hpp>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace bp = boost::process;
using Clock = std::chrono::steady_clock;
using std::chrono::microseconds;

namespace {

// One engine process; reads its output on a helper thread so that reads can time out.
class Engine {
 public:
  explicit Engine(const std::string& path)
      : child_(bp::exe = path, bp::std_in<in_, bp::std_out> out_, bp::std_err > bp::null),
        reader_([this] {
          for (std::string l; std::getline(out_, l);) {
            std::lock_guard lock(mutex_);
            lines_.push_back(l);
            cv_.notify_all();
          }
        }) {}
  ~Engine() {
    std::error_code ec;
    send("quit");
    if (!child_.wait_for(std::chrono::seconds(5), ec)) child_.terminate(ec);
    reader_.join();
  }
  void send(const std::string& line) { in_ << line << std::endl; }
  // Waits (at most 10 s) for a line starting with `prefix`; false on timeout.
  bool wait_for(const std::string& prefix) {
    std::unique_lock lock(mutex_);
    return cv_.wait_for(lock, std::chrono::seconds(10), [&] {
      while (!lines_.empty()) {
        const bool hit = lines_.front().rfind(prefix, 0) == 0;
        lines_.erase(lines_.begin());
        if (hit) return true;
      }
      return false;
    });
  }

 private:
  bp::opstream in_;
  bp::ipstream out_;
  bp::child child_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<std::string> lines_;
  std::thread reader_;
};

std::optional<microseconds> timed(Engine& e, const std::string& send, const std::string& reply) {
  const auto start = Clock::now();
  e.send(send);
  if (!e.wait_for(reply)) return std::nullopt;
  return std::chrono::duration_cast<microseconds>(Clock::now() - start);
}

struct Samples {
  std::vector<microseconds> go_info, readyok;
};

void report(const std::string& what, std::vector<microseconds> v) {
  if (v.empty()) {
    std::cout << "  " << what << ": no answer\n";
    return;
  }
  std::sort(v.begin(), v.end());
  std::cout << "  " << what << ": median " << v[v.size() / 2].count() << " us, worst "
            << v.back().count() << " us (" << v.size() << " samples)\n";
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 20;
  std::vector<std::string> engines;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--rounds" && i + 1 < argc)
      rounds = std::max(1, std::atoi(argv[++i]));
    else
      engines.push_back(arg);
  }
  if (engines.empty()) {
    std::cerr << "usage: bench_latency [--rounds N] <triad> [<other triad> ...]\n";
    return 2;
  }
  std::vector<Samples> samples(engines.size());
  for (int r = 0; r < rounds; ++r) {
    for (std::size_t k = 0; k < engines.size(); ++k) {
      Engine e(engines[k]);
      if (!timed(e, "isready", "readyok")) continue;  // the search exists from here on
      for (int i = 0; i < 5; ++i) {
        if (auto t = timed(e, "go depth 1", "info ")) samples[k].go_info.push_back(*t);
        e.wait_for("bestmove");
      }
      e.send("go infinite");
      e.wait_for("info ");
      for (int i = 0; i < 5; ++i) {
        if (auto t = timed(e, "isready", "readyok")) samples[k].readyok.push_back(*t);
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
      e.send("stop");
      e.wait_for("bestmove");
    }
  }
  for (std::size_t k = 0; k < engines.size(); ++k) {
    std::cout << engines[k] << "\n";
    report("go -> first info", samples[k].go_info);
    report("isready -> readyok during go infinite", samples[k].readyok);
  }
  return 0;
}
