// The `bench` node count is the search's behaviour signature: any change to the search, an
// evaluation or the bench positions changes it. The expected value lives in
// tests/data/bench_signature.txt; update it (with the reason in the commit) when a change
// is intended.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "adapters/common/variants.h"
#include "protocol/bench.h"

namespace triad::search_test {
namespace {

// The first line of the file that is not a comment.
std::uint64_t expected_signature() {
  std::ifstream in(std::string(TRIAD_SOURCE_DIR) + "/tests/data/bench_signature.txt");
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') return std::stoull(line);
  ADD_FAILURE() << "tests/data/bench_signature.txt has no signature line";
  return 0;
}

TEST(BenchSignature, MatchesTheRecordedNodeCount) {
  const auto registry = adapters::VariantRegistry::builtin();
  const auto report = protocol::run_bench(registry, 0, false, [](const std::string&) {});
  ASSERT_TRUE(report.ok()) << report.error().message;
  EXPECT_EQ(report->nodes, expected_signature())
      << "the search's behaviour changed; if intended, record the new value in "
         "tests/data/bench_signature.txt";
}

}  // namespace
}  // namespace triad::search_test
