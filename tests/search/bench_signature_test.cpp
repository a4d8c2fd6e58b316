// The `bench` node count is the search's behaviour signature: any change to the search, an
// evaluation or the bench positions changes it. The expected value lives in
// tests/data/bench_signature.txt, one per setting of the Evaluation option; update it (with
// the reason in the commit) when a change is intended.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "adapters/common/variants.h"
#include "protocol/bench.h"

namespace triad::search_test {
namespace {

// The recorded signature of one evaluation setting: the line `<evaluation> <nodes>`.
std::uint64_t expected_signature(const std::string& evaluation) {
  std::ifstream in(std::string(TRIAD_SOURCE_DIR) + "/tests/data/bench_signature.txt");
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name;
    std::uint64_t nodes = 0;
    if (line.empty() || line[0] == '#' || !(fields >> name >> nodes)) continue;
    if (name == evaluation) return nodes;
  }
  ADD_FAILURE() << "tests/data/bench_signature.txt has no '" << evaluation << " <nodes>' line";
  return 0;
}

// `bench` with Evaluation classical, and with learned (the built-in nets: nets/).
TEST(BenchSignature, MatchesTheRecordedNodeCounts) {
  const auto registry = adapters::VariantRegistry::builtin();
  for (const bool learned : {false, true}) {
    const std::string evaluation = learned ? "learned" : "classical";
    const auto report = protocol::run_bench(registry, 0, learned, [](const std::string&) {});
    ASSERT_TRUE(report.ok()) << report.error().message;
    EXPECT_EQ(report->nodes, expected_signature(evaluation))
        << "the search's behaviour (Evaluation " << evaluation
        << ") changed; if intended, record the new value in tests/data/bench_signature.txt";
  }
}

}  // namespace
}  // namespace triad::search_test
