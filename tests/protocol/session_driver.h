// Test helper: drives a protocol Session in-process, line by line, and hands back the output
// lines each command produced (waiting for a search to finish when asked to).
#pragma once

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/common/variants.h"
#include "protocol/session.h"

namespace triad::protocol::testing {

class SessionDriver {
 public:
  SessionDriver() : session_(out_, adapters::VariantRegistry::builtin()) {}

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

 private:
  std::vector<std::string> take() {
    const std::string all = out_.str();
    std::vector<std::string> lines;
    std::istringstream in(all.substr(consumed_));
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    consumed_ = all.size();
    return lines;
  }

  std::ostringstream out_;
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
