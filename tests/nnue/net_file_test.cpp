// learn/net_file.h through adapters/nnue/net_file.h: a net encoded by encode_net_file reads
// back field for field and weight for weight, and the reader refuses the encoded bytes once
// one is changed or cut, and a header whose fields do not make sense; a net of another
// architecture (its hash) is refused by name, a version 1 net is read only to be converted; a
// first layer wider than the engine's widest and an output bias beyond the trainer's range are
// refused by name, so that every net read scores within int with its true sign.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include "learn/codec.h"
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
  too_drawn.draw_permille = learn::kMaxDrawPermille;
  EXPECT_TRUE(parse_net_file(encode_net_file(too_drawn), "x.nnue"));
  too_drawn.draw_permille = learn::kMaxDrawPermille + 1;
  const auto refused = parse_net_file(encode_net_file(too_drawn), "x.nnue");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("damaged header"), std::string::npos);
}

// `bytes` with the u32 header field at `at` set to `value` and the checksum made again: what a
// writer of such a header writes.
std::string with_field(std::string bytes, std::size_t at, std::uint32_t value) {
  learn::put_le<std::uint32_t>(bytes.data() + at, value);
  const std::size_t body = bytes.size() - 8;
  learn::put_le<std::uint64_t>(
      bytes.data() + body,
      learn::hash_bytes(std::string_view(bytes).substr(0, body), 0x54454E4441495254ull));
  return bytes;
}

TEST(NetFile, ANetOfAnotherArchitectureIsRefused) {
  const std::string bytes = encode_net_file(random_razzle_net(5));
  const std::uint32_t hash = learn::architecture_hash("PBX", 56, 8);
  EXPECT_EQ(learn::get_le<std::uint32_t>(bytes.data() + 120), hash);
  EXPECT_TRUE(parse_net_file(with_field(bytes, 120, hash), "same.nnue"));
  const auto other = parse_net_file(with_field(bytes, 120, hash ^ 1), "other.nnue");
  ASSERT_FALSE(other);
  EXPECT_NE(other.error().message.find("net file 'other.nnue': has architecture hash "),
            std::string::npos)
      << other.error().message;
  EXPECT_NE(other.error().message.find("(it was made for another feature set or network)"),
            std::string::npos)
      << other.error().message;
  // The layout, the board and the width are each part of the architecture.
  for (const auto& [letters, points, hidden] : {std::tuple{"PBX", 56, 9}, std::tuple{"PBX", 55, 8},
                                                std::tuple{"PBY", 56, 8}, std::tuple{"PB", 56, 8}})
    EXPECT_NE(learn::architecture_hash(letters, points, hidden), hash) << letters;
}

TEST(NetFile, AVersion1NetIsReadOnlyToBeConverted) {
  // A version 1 net: no architecture hash (0 in its reserved bytes).
  const std::string current = encode_net_file(random_razzle_net(7));
  const std::string old = with_field(with_field(current, 8, 1), 120, 0);
  const auto refused = parse_net_file(old, "old.nnue");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message,
            "net file 'old.nnue': has net format version 1; this engine reads version 2 "
            "(training/triad-train convert makes a version 1 net one)");
  const auto converted = parse_net_file(old, "old.nnue", learn::NetVersions::kConvert);
  ASSERT_TRUE(converted) << converted.error().message;
  EXPECT_EQ(encode_net_file(*converted), current);
  // Converting reads no other version.
  EXPECT_FALSE(parse_net_file(with_field(current, 8, 3), "v3.nnue", learn::NetVersions::kConvert));
}

TEST(NetFile, AFirstLayerWiderThanTheEnginesIsRefusedByItsWidth) {
  const int widest = engine::nnue::kMaxHidden;
  const auto read =
      parse_net_file(encode_net_file(random_net_file("ivesdama", "P", 25, widest, 2)), "wide.nnue");
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->net.hidden, widest);
  const auto wider = parse_net_file(
      encode_net_file(random_net_file("ivesdama", "P", 25, widest + 1, 2)), "wider.nnue");
  ASSERT_FALSE(wider);
  EXPECT_EQ(wider.error().message,
            "net file 'wider.nnue': its first layer is 1025 wide; this engine reads widths 1 to "
            "1024");
}

TEST(NetFile, AnOutputBiasBeyondTheTrainersRangeIsRefused) {
  // The net: b2 = 2^31 - 1 at scale 20000 scored 2.6e9, which the narrowing to int
  // turned negative.
  auto f = random_razzle_net(3);
  f.net.scale = 20000;
  f.net.b2 = std::numeric_limits<std::int32_t>::max();
  const auto refused = parse_net_file(encode_net_file(f), "b2.nnue");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("net file 'b2.nnue': weights outside the trainer's "
                                         "ranges (|W1|, |b1| <= 510, |w2| <= 127, |b2| <= "
                                         "2072640)"),
            std::string::npos)
      << refused.error().message;
  for (const std::int32_t b2 : {engine::nnue::kMaxOutputBias, -engine::nnue::kMaxOutputBias}) {
    f.net.b2 = b2;
    EXPECT_TRUE(parse_net_file(encode_net_file(f), "b2.nnue")) << b2;
    f.net.b2 = b2 + (b2 > 0 ? 1 : -1);
    EXPECT_FALSE(parse_net_file(encode_net_file(f), "b2.nnue")) << f.net.b2;
  }
}

TEST(NetFile, TheLargestScoresANetMayGiveKeepTheirSignAndValue) {
  // The widest net at the largest scale with every weight at its bound, every sum clamped to
  // QA: (b2 + 2 H QA w2) * scale / (QA QB) = +-(2072640 + 66324480) * 100000 / 16320.
  for (const int sign : {1, -1}) {
    auto f = random_net_file("ivesdama", "P", 25, engine::nnue::kMaxHidden, 4);
    f.net.scale = engine::nnue::kMaxScale;
    std::fill(f.net.w1.begin(), f.net.w1.end(), std::int16_t{0});
    std::fill(f.net.b1.begin(), f.net.b1.end(), std::int16_t{engine::nnue::kMaxFirstWeight});
    std::fill(f.net.w2.begin(), f.net.w2.end(),
              static_cast<std::int16_t>(sign * engine::nnue::kMaxOutputWeight));
    f.net.b2 = sign * engine::nnue::kMaxOutputBias;
    const auto read = parse_net_file(encode_net_file(f), "extreme.nnue");
    ASSERT_TRUE(read) << read.error().message;
    std::vector<std::int16_t> a(engine::nnue::kMaxHidden), b(a.size());
    engine::nnue::refresh(read->net, std::vector<int>{0, 7}, a.data());
    engine::nnue::refresh(read->net, std::vector<int>{30}, b.data());
    EXPECT_EQ(engine::nnue::evaluate(read->net, a.data(), b.data()), sign * 419100000);
  }
}

}  // namespace
}  // namespace triad::adapters::nnue
