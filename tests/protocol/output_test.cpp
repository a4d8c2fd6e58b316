// The output writer's guarantee (protocol/output.h): whatever it is given, it writes exactly
// one line of printable text of at most adapters::kMaxLineBytes bytes.
#include "protocol/output.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "adapters/common/text.h"

namespace triad::protocol {
namespace {

TEST(Output, EveryWriteIsOneBoundedPrintableLine) {
  std::ostringstream stream;
  Output out(stream);
  const std::string hostile =
      "info string a\nb\r\x1b[2J" + std::string(1'000'000, '\a') + std::string("\0", 1);
  out.line(hostile);
  const std::string written = stream.str();
  ASSERT_FALSE(written.empty());
  EXPECT_EQ(written.find('\n'), written.size() - 1);
  EXPECT_LE(written.size() - 1, adapters::kMaxLineBytes);
  for (std::size_t i = 0; i + 1 < written.size(); ++i) {
    const auto c = static_cast<unsigned char>(written[i]);
    ASSERT_TRUE(c >= 0x20 && c < 0x7f) << "byte " << i;
  }
  EXPECT_EQ(written.rfind("info string a\\x0ab\\x0d\\x1b[2J\\x07", 0), 0u);
}

TEST(Output, OrdinaryLinesAreUnchanged) {
  std::ostringstream stream;
  Output out(stream);
  out.line("info depth 3 score cp 12 pv a1b2");
  out.error("go : bad");
  EXPECT_EQ(stream.str(), "info depth 3 score cp 12 pv a1b2\ninfo string error go : bad\n");
}

}  // namespace
}  // namespace triad::protocol
