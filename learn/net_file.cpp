// The net file's bytes (see net_file.h): little-endian fields at fixed offsets (learn/codec.h).
#include "learn/net_file.h"

#include <algorithm>
#include <cstdio>
#include <vector>

#include "learn/codec.h"
#include "learn/features.h"

namespace triad::learn {

namespace {

constexpr std::string_view kMagic = "TRIADNET";
constexpr std::size_t kHeaderBytes = 128;
constexpr std::uint32_t kLayoutBoardLetters = 1;
constexpr std::uint64_t kChecksumSeed = 0x54454E4441495254ull;  // "TRIADNET", little-endian

std::vector<std::int16_t> int16_array(std::string_view bytes, std::size_t at, std::size_t n) {
  std::vector<std::int16_t> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = get_le<std::int16_t>(bytes.data() + at + 2 * i);
  return out;
}

bool within(const std::vector<std::int16_t>& weights, int limit) {
  return std::all_of(weights.begin(), weights.end(),
                     [limit](std::int16_t w) { return w >= -limit && w <= limit; });
}

std::string hex(std::uint32_t value) {
  char out[16];
  std::snprintf(out, sizeof out, "%08x", value);
  return out;
}

}  // namespace

std::uint32_t architecture_hash(std::string_view letters, int points, int hidden) {
  const std::string text =
      "features " + std::string(kFeatureSet) + "; letters " + std::string(letters) + "; points " +
      std::to_string(points) + "; inputs " +
      std::to_string(feature_count(static_cast<int>(letters.size()), points)) + "; hidden " +
      std::to_string(hidden) + " int16 per view, clamped to 0..QA " +
      std::to_string(engine::nnue::kQA) + "; output 1 of 2 * hidden, QB " +
      std::to_string(engine::nnue::kQB);
  const auto low = static_cast<std::uint32_t>(hash_bytes(text));
  return low == 0 ? 1 : low;
}

Result<NetFile> decode_net_file(std::string_view bytes, const std::string& name,
                                const std::string& what, NetVersions versions) {
  if (bytes.size() < kHeaderBytes || bytes.substr(0, kMagic.size()) != kMagic)
    return make_error(what + ": is not a Triad net file");
  const char* p = bytes.data();
  const auto version = get_le<std::uint32_t>(p + 8);
  const bool convertible = versions == NetVersions::kConvert && version == kOldestNetFormatVersion;
  if (version != kNetFormatVersion && !convertible)
    return make_error(what + ": has net format version " + std::to_string(version) +
                      "; this engine reads version " + std::to_string(kNetFormatVersion) +
                      (version == kOldestNetFormatVersion
                           ? " (training/triad-train convert makes a version 1 net one)"
                           : ""));
  NetFile f;
  f.path = name;
  f.game = get_name(p + 16, 16);
  f.variant = get_name(p + 32, 32);
  f.letters = get_name(p + 64, 16);
  const auto points = get_le<std::uint32_t>(p + 80);
  const auto inputs = get_le<std::uint32_t>(p + 84);
  const auto hidden = get_le<std::uint32_t>(p + 88);
  const auto qa = get_le<std::uint32_t>(p + 92), qb = get_le<std::uint32_t>(p + 96);
  const auto scale = get_le<std::int32_t>(p + 100);
  f.positions = get_le<std::uint64_t>(p + 104);
  const auto draw_permille = get_le<std::uint32_t>(p + 116);
  const auto architecture = get_le<std::uint32_t>(p + 120);
  if (hidden > static_cast<std::uint32_t>(engine::nnue::kMaxHidden))
    return make_error(what + ": its first layer is " + std::to_string(hidden) +
                      " wide; this engine reads widths 1 to " +
                      std::to_string(engine::nnue::kMaxHidden));
  const bool sizes_fit = get_le<std::uint32_t>(p + 12) == kHeaderBytes &&
                         get_le<std::uint32_t>(p + 112) == kLayoutBoardLetters &&
                         !f.letters.empty() && points >= 1 && points <= 4096 &&
                         inputs == 2 * f.letters.size() * points && hidden >= 1 &&
                         qa == static_cast<std::uint32_t>(engine::nnue::kQA) &&
                         qb == static_cast<std::uint32_t>(engine::nnue::kQB) && scale > 0 &&
                         scale <= engine::nnue::kMaxScale &&
                         draw_permille <= static_cast<std::uint32_t>(kMaxDrawPermille);
  if (!sizes_fit) return make_error(what + ": damaged header (sizes that do not fit together)");
  const std::size_t weights = std::size_t{inputs} * hidden + hidden + 2 * std::size_t{hidden};
  const std::size_t size = kHeaderBytes + 2 * weights + 4 + 8;
  if (bytes.size() != size)
    return make_error(what + ": is truncated or damaged (" + std::to_string(bytes.size()) +
                      " bytes, the header says " + std::to_string(size) + ")");
  if (get_le<std::uint64_t>(p + size - 8) != hash_bytes(bytes.substr(0, size - 8), kChecksumSeed))
    return make_error(what + ": checksum mismatch (the file is damaged)");
  const std::uint32_t expected =
      architecture_hash(f.letters, static_cast<int>(points), static_cast<int>(hidden));
  if (version == kNetFormatVersion && architecture != expected)
    return make_error(what + ": has architecture hash " + hex(architecture) + "; a net of this " +
                      "build with layout " + f.letters + ", " + std::to_string(points) +
                      " points and " + std::to_string(hidden) + " hidden has " + hex(expected) +
                      " (it was made for another feature set or network)");
  f.points = static_cast<int>(points);
  f.draw_permille = static_cast<int>(draw_permille);
  auto& net = f.net;
  net.inputs = static_cast<int>(inputs);
  net.hidden = static_cast<int>(hidden);
  net.scale = scale;
  std::size_t at = kHeaderBytes;
  net.w1 = int16_array(bytes, at, std::size_t{inputs} * hidden);
  at += 2 * net.w1.size();
  net.b1 = int16_array(bytes, at, hidden);
  at += 2 * net.b1.size();
  net.w2 = int16_array(bytes, at, 2 * std::size_t{hidden});
  at += 2 * net.w2.size();
  net.b2 = get_le<std::int32_t>(p + at);
  if (!within(net.w1, engine::nnue::kMaxFirstWeight) ||
      !within(net.b1, engine::nnue::kMaxFirstWeight) ||
      !within(net.w2, engine::nnue::kMaxOutputWeight) || net.b2 < -engine::nnue::kMaxOutputBias ||
      net.b2 > engine::nnue::kMaxOutputBias)
    return make_error(what + ": weights outside the trainer's ranges (|W1|, |b1| <= " +
                      std::to_string(engine::nnue::kMaxFirstWeight) +
                      ", |w2| <= " + std::to_string(engine::nnue::kMaxOutputWeight) +
                      ", |b2| <= " + std::to_string(engine::nnue::kMaxOutputBias) + ")");
  return f;
}

std::string encode_net_file(const NetFile& f) {
  const auto& net = f.net;
  std::string bytes(kHeaderBytes, '\0');
  char* p = bytes.data();
  bytes.replace(0, kMagic.size(), kMagic);
  put_le<std::uint32_t>(p + 8, kNetFormatVersion);
  put_le<std::uint32_t>(p + 12, kHeaderBytes);
  put_name(p + 16, 16, f.game);
  put_name(p + 32, 32, f.variant);
  put_name(p + 64, 16, f.letters);
  put_le<std::uint32_t>(p + 80, static_cast<std::uint32_t>(f.points));
  put_le<std::uint32_t>(p + 84, static_cast<std::uint32_t>(net.inputs));
  put_le<std::uint32_t>(p + 88, static_cast<std::uint32_t>(net.hidden));
  put_le<std::uint32_t>(p + 92, static_cast<std::uint32_t>(engine::nnue::kQA));
  put_le<std::uint32_t>(p + 96, static_cast<std::uint32_t>(engine::nnue::kQB));
  put_le<std::int32_t>(p + 100, net.scale);
  put_le<std::uint64_t>(p + 104, f.positions);
  put_le<std::uint32_t>(p + 112, kLayoutBoardLetters);
  put_le<std::uint32_t>(p + 116, static_cast<std::uint32_t>(f.draw_permille));
  put_le<std::uint32_t>(p + 120, architecture_hash(f.letters, f.points, net.hidden));
  bytes.reserve(kHeaderBytes + 2 * (net.w1.size() + net.b1.size() + net.w2.size()) + 12);
  for (const auto* weights : {&net.w1, &net.b1, &net.w2})
    for (const std::int16_t w : *weights) append_le<std::int16_t>(bytes, w);
  append_le<std::int32_t>(bytes, net.b2);
  append_le<std::uint64_t>(bytes, hash_bytes(bytes, kChecksumSeed));
  return bytes;
}

}  // namespace triad::learn
