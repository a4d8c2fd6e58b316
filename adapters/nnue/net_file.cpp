// Reading net files and the learned evaluation of a position line (see net_file.h).
#include "adapters/nnue/net_file.h"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "adapters/common/file_io.h"
#include "adapters/common/text.h"
#include "adapters/nnue/builtin_nets.h"

namespace triad::adapters::nnue {

namespace {

constexpr std::string_view kMagic = "TRIADNET";
constexpr std::size_t kHeaderBytes = 128;
constexpr std::uint32_t kLayoutBoardLetters = 1;
constexpr std::uint64_t kChecksumSeed = 0x54454E4441495254ull;  // "TRIADNET", little-endian

template <class T>
T read_le(const std::string& bytes, std::size_t at) {
  T value = 0;
  for (std::size_t i = 0; i < sizeof(T); ++i)
    value |= static_cast<T>(static_cast<T>(static_cast<unsigned char>(bytes[at + i])) << (8 * i));
  return value;
}

// A NUL-padded name field: printable ASCII only.
std::string name_field(const std::string& bytes, std::size_t at, std::size_t size) {
  std::string out;
  for (std::size_t i = at; i < at + size && bytes[i] != '\0'; ++i)
    out.push_back(std::isgraph(static_cast<unsigned char>(bytes[i])) ? bytes[i] : '?');
  return out;
}

std::vector<std::int16_t> int16_array(const std::string& bytes, std::size_t at, std::size_t n) {
  std::vector<std::int16_t> out(n);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = static_cast<std::int16_t>(read_le<std::uint16_t>(bytes, at + 2 * i));
  return out;
}

template <class T>
void write_le(std::string& bytes, std::size_t at, T value) {
  using U = std::make_unsigned_t<T>;
  auto u = static_cast<U>(value);
  for (std::size_t i = 0; i < sizeof(T); ++i, u = static_cast<U>(u >> 8))
    bytes[at + i] = static_cast<char>(u & 0xFF);
}

void write_name(std::string& bytes, std::size_t at, std::size_t size, const std::string& name) {
  bytes.replace(at, std::min(name.size(), size - 1), name, 0, std::min(name.size(), size - 1));
}

bool within(const std::vector<std::int16_t>& weights, int limit) {
  return std::all_of(weights.begin(), weights.end(),
                     [limit](std::int16_t w) { return w >= -limit && w <= limit; });
}

}  // namespace

Result<NetFile> read_net_file(const std::filesystem::path& path) {
  auto read = read_regular_file(path, "net file", kMaxNetFileBytes);
  if (!read) return read.error();
  return parse_net_file(*read, path.string());
}

Result<NetFile> parse_net_file(const std::string& bytes, const std::string& name) {
  const std::string what = "net file " + quote(name);
  if (bytes.size() < kHeaderBytes || bytes.compare(0, kMagic.size(), kMagic) != 0)
    return make_error(what + ": is not a Triad net file");
  const auto version = read_le<std::uint32_t>(bytes, 8);
  if (version != kNetFormatVersion)
    return make_error(what + ": has net format version " + std::to_string(version) +
                      "; this engine reads version " + std::to_string(kNetFormatVersion));
  NetFile f;
  f.path = name;
  f.game = name_field(bytes, 16, 16);
  f.variant = name_field(bytes, 32, 32);
  f.letters = name_field(bytes, 64, 16);
  const auto points = read_le<std::uint32_t>(bytes, 80);
  const auto inputs = read_le<std::uint32_t>(bytes, 84);
  const auto hidden = read_le<std::uint32_t>(bytes, 88);
  const auto qa = read_le<std::uint32_t>(bytes, 92), qb = read_le<std::uint32_t>(bytes, 96);
  const auto scale = static_cast<std::int32_t>(read_le<std::uint32_t>(bytes, 100));
  f.positions = read_le<std::uint64_t>(bytes, 104);
  const auto draw_permille = read_le<std::uint32_t>(bytes, 116);
  if (hidden > static_cast<std::uint32_t>(engine::nnue::kMaxHidden))
    return make_error(what + ": its first layer is " + std::to_string(hidden) +
                      " wide; this engine reads widths 1 to " +
                      std::to_string(engine::nnue::kMaxHidden));
  const bool sizes_fit = read_le<std::uint32_t>(bytes, 12) == kHeaderBytes &&
                         read_le<std::uint32_t>(bytes, 112) == kLayoutBoardLetters &&
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
  if (read_le<std::uint64_t>(bytes, size - 8) !=
      hash_text(std::string_view(bytes).substr(0, size - 8), kChecksumSeed))
    return make_error(what + ": checksum mismatch (the file is damaged)");
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
  net.b2 = static_cast<std::int32_t>(read_le<std::uint32_t>(bytes, at));
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
  bytes.replace(0, kMagic.size(), kMagic);
  write_le<std::uint32_t>(bytes, 8, kNetFormatVersion);
  write_le<std::uint32_t>(bytes, 12, kHeaderBytes);
  write_name(bytes, 16, 16, f.game);
  write_name(bytes, 32, 32, f.variant);
  write_name(bytes, 64, 16, f.letters);
  write_le<std::uint32_t>(bytes, 80, static_cast<std::uint32_t>(f.points));
  write_le<std::uint32_t>(bytes, 84, static_cast<std::uint32_t>(net.inputs));
  write_le<std::uint32_t>(bytes, 88, static_cast<std::uint32_t>(net.hidden));
  write_le<std::uint32_t>(bytes, 92, static_cast<std::uint32_t>(engine::nnue::kQA));
  write_le<std::uint32_t>(bytes, 96, static_cast<std::uint32_t>(engine::nnue::kQB));
  write_le<std::int32_t>(bytes, 100, net.scale);
  write_le<std::uint64_t>(bytes, 104, f.positions);
  write_le<std::uint32_t>(bytes, 112, kLayoutBoardLetters);
  write_le<std::uint32_t>(bytes, 116, static_cast<std::uint32_t>(f.draw_permille));
  for (const auto* weights : {&net.w1, &net.b1, &net.w2})
    for (const std::int16_t w : *weights) {
      bytes.append(2, '\0');
      write_le<std::int16_t>(bytes, bytes.size() - 2, w);
    }
  bytes.append(4, '\0');
  write_le<std::int32_t>(bytes, bytes.size() - 4, net.b2);
  const std::uint64_t checksum = hash_text(bytes, kChecksumSeed);
  bytes.append(8, '\0');
  write_le<std::uint64_t>(bytes, bytes.size() - 8, checksum);
  return bytes;
}

std::optional<Result<NetFile>> builtin_net_file(std::string_view variant, std::string_view game) {
  for (const std::string_view name : {variant, game})
    if (const auto bytes = builtin_net(name))
      return parse_net_file(std::string(*bytes), "<built-in " + std::string(name) + ">");
  return std::nullopt;
}

Result<void> board_inputs(const NetFile& net, const std::string& board, int side_to_move,
                          std::vector<int>& mover, std::vector<int>& other) {
  if (static_cast<int>(board.size()) != net.points)
    return make_error("the board has " + std::to_string(board.size()) + " points, the net " +
                      std::to_string(net.points));
  mover.clear();
  other.clear();
  const int points = net.points;
  const int kinds = static_cast<int>(net.letters.size());
  for (int i = 0; i < points; ++i) {
    const char c = board[static_cast<std::size_t>(i)];
    if (c == '.') continue;
    const auto kind =
        net.letters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
    if (kind == std::string::npos)
      return make_error("letter '" + std::string(1, c) + "' is not in the net's layout " +
                        net.letters);
    const bool player_one = std::isupper(static_cast<unsigned char>(c)) != 0;
    // Seen by Player 1 the board is as written; seen by Player 2 it is turned half a turn
    // (point i becomes points - 1 - i) and the cases swap: own men are always "upper case".
    const int p1_input = (player_one ? 0 : kinds) * points + static_cast<int>(kind) * points + i;
    const int p2_input =
        (player_one ? kinds : 0) * points + static_cast<int>(kind) * points + (points - 1 - i);
    (side_to_move == 0 ? mover : other).push_back(p1_input);
    (side_to_move == 0 ? other : mover).push_back(p2_input);
  }
  std::sort(mover.begin(), mover.end());
  std::sort(other.begin(), other.end());
  return {};
}

Result<int> learned_evaluation(const NetFile& net, const AnyGame& game) {
  if (game.game_name() != net.game)
    return make_error("the net is for " + net.game + ", not for " + std::string(game.game_name()));
  std::vector<int> mover, other;
  const int side = game.side_to_move() == engine::Player::kOne ? 0 : 1;
  if (auto r = board_inputs(net, expand_board_field(game.position_line()), side, mover, other); !r)
    return r.error();
  std::vector<std::int16_t> a(static_cast<std::size_t>(net.net.hidden)), b(a.size());
  engine::nnue::refresh(net.net, mover, a.data());
  engine::nnue::refresh(net.net, other, b.data());
  return engine::nnue::evaluate(net.net, a.data(), b.data());
}

}  // namespace triad::adapters::nnue
