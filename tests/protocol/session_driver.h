// Test helper: drives a protocol Session in-process, line by line, and hands back the output
// lines each command produced (waiting for a search to finish when asked to, or at once).
#pragma once

#include <mutex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/common/variants.h"
#include "protocol/session.h"

namespace triad::protocol::testing {

// A string buffer that the search thread may write while the test reads it.
class LockedBuffer : public std::stringbuf {
 public:
  std::string snapshot() {
    std::lock_guard lock(mutex_);
    return str();
  }

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard lock(mutex_);
    return std::stringbuf::xsputn(s, n);
  }
  int_type overflow(int_type c) override {
    std::lock_guard lock(mutex_);
    return std::stringbuf::overflow(c);
  }

 private:
  std::recursive_mutex mutex_;  // xsputn may call overflow
};

class SessionDriver {
 public:
  SessionDriver() : out_(&buffer_), session_(out_, adapters::VariantRegistry::builtin()) {}

  // Runs one line; waits for any search it started to end (use send_async for infinite or
  // ponder searches). Returns the lines written since the previous call.
  std::vector<std::string> send(std::string_view line) {
    session_.execute(line);
    session_.wait_for_search();
    return take();
  }
  // Runs one line without waiting; returns whether the session goes on (false after quit).
  bool send_async(std::string_view line) { return session_.execute(line); }
  // Waits for the search, then returns the lines written since the previous call.
  std::vector<std::string> finish() {
    session_.wait_for_search();
    return take();
  }
  // The single `response ...` answer of a query.
  std::string query(std::string_view q) {
    auto lines = send("query " + std::string(q));
    return lines.size() == 1 && lines[0].rfind("response ", 0) == 0 ? lines[0].substr(9)
                                                                    : "<bad reply>";
  }
  Session& session() { return session_; }

  // The complete lines written since the previous call, without waiting for anything.
  std::vector<std::string> take_now() { return take(); }

 private:
  std::vector<std::string> take() {
    const std::string all = buffer_.snapshot();
    const std::size_t end = all.rfind('\n') == std::string::npos ? 0 : all.rfind('\n') + 1;
    std::vector<std::string> lines;
    if (end <= consumed_) return lines;
    std::istringstream in(all.substr(consumed_, end - consumed_));
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    consumed_ = end;
    return lines;
  }

  LockedBuffer buffer_;
  std::ostream out_;
  Session session_;
  std::size_t consumed_ = 0;
};

// Helpers on output lines.
inline bool starts_with(const std::string& s, std::string_view prefix) {
  return s.rfind(prefix, 0) == 0;
}
inline int count_prefix(const std::vector<std::string>& lines, std::string_view prefix) {
  int n = 0;
  for (const auto& l : lines) n += starts_with(l, prefix) ? 1 : 0;
  return n;
}

}  // namespace triad::protocol::testing
