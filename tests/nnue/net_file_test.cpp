// adapters/nnue/net_file.h: a net encoded by encode_net_file reads back field for field and
// weight for weight, and the reader refuses the encoded bytes once one is changed or cut, and
// a header whose fields do not make sense.
#include <gtest/gtest.h>

#include "tests/nnue/random_net_file.h"

namespace triad::adapters::nnue {
namespace {

TEST(NetFile, AnEncodedNetReadsBack) {
  auto made = random_net_file("ivesdama", "P", 25, 12, 3);
  made.variant = "ivesdama-arc";
  made.draw_permille = 437;
  const std::string bytes = encode_net_file(made);
  // 128 header bytes, int16 W1, b1 and w2, int32 b2, u64 checksum.
  EXPECT_EQ(bytes.size(), 128u + 2 * (50 * 12 + 12 + 24) + 4 + 8);
  const auto read = parse_net_file(bytes, "made.nnue");
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->path, "made.nnue");
  EXPECT_EQ(read->game, "ivesdama");
  EXPECT_EQ(read->variant, "ivesdama-arc");
  EXPECT_EQ(read->letters, "P");
  EXPECT_EQ(read->points, 25);
  EXPECT_EQ(read->positions, made.positions);
  EXPECT_EQ(read->draw_permille, 437);
  EXPECT_EQ(read->net.inputs, 50);
  EXPECT_EQ(read->net.hidden, 12);
  EXPECT_EQ(read->net.scale, made.net.scale);
  EXPECT_EQ(read->net.w1, made.net.w1);
  EXPECT_EQ(read->net.b1, made.net.b1);
  EXPECT_EQ(read->net.w2, made.net.w2);
  EXPECT_EQ(read->net.b2, made.net.b2);
}

TEST(NetFile, AChangedOrCutEncodingIsRefused) {
  const std::string bytes = encode_net_file(random_razzle_net(5));
  std::string changed = bytes;
  changed[200] = static_cast<char>(changed[200] ^ 1);
  const auto damaged = parse_net_file(changed, "x.nnue");
  ASSERT_FALSE(damaged);
  EXPECT_NE(damaged.error().message.find("checksum mismatch"), std::string::npos);
  const auto cut = parse_net_file(bytes.substr(0, bytes.size() - 1), "x.nnue");
  ASSERT_FALSE(cut);
  EXPECT_NE(cut.error().message.find("is truncated or damaged"), std::string::npos);
  // A draw rate above 1000 per 1000 games, checksum and all in order, is a damaged header.
  auto too_drawn = random_razzle_net(5);
  too_drawn.draw_permille = kMaxDrawPermille;
  EXPECT_TRUE(parse_net_file(encode_net_file(too_drawn), "x.nnue"));
  too_drawn.draw_permille = kMaxDrawPermille + 1;
  const auto refused = parse_net_file(encode_net_file(too_drawn), "x.nnue");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("damaged header"), std::string::npos);
}

}  // namespace
}  // namespace triad::adapters::nnue
