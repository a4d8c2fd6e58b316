// The shared text toolkit (see text.h).
#include "adapters/common/text.h"

#include <algorithm>

#include "learn/codec.h"

namespace triad::adapters {

namespace {

constexpr char kHex[] = "0123456789abcdef";

// Appends `text` made printable while `out` stays within `limit` bytes; false if it was cut.
bool append_printable(std::string& out, std::string_view text, std::size_t limit) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = c >= 0x80 ? utf8_sequence_length(text, i) : 0;
    // U+0080..U+009F (C2 80..C2 9F) are control characters too.
    const bool printable_utf8 =
        n >= 2 && !(c == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0);
    const bool printable_ascii = c >= 0x20 && c < 0x7f;
    const std::size_t width = printable_utf8 ? n : printable_ascii ? 1 : 4;
    if (out.size() + width > limit) return false;
    if (printable_utf8) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    if (printable_ascii) {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
    ++i;
  }
  return true;
}

}  // namespace

std::size_t utf8_sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t n = 0;
  unsigned min = 0;
  unsigned code = 0;
  if (lead >= 0xc2 && lead <= 0xdf) {
    n = 2, min = 0x80, code = lead & 0x1fu;
  } else if (lead >= 0xe0 && lead <= 0xef) {
    n = 3, min = 0x800, code = lead & 0x0fu;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    n = 4, min = 0x10000, code = lead & 0x07u;
  } else {
    return 0;
  }
  if (i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xc0u) != 0x80u) return 0;
    code = (code << 6) | (byte(i + k) & 0x3fu);
  }
  if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return 0;
  return n;
}

std::string sanitize(std::string_view text, std::size_t max_bytes) {
  std::string out;
  if (!append_printable(out, text, max_bytes)) out += "...";
  return out;
}

std::string quote(std::string_view text) {
  std::string out(1, '\'');
  out += sanitize(text);
  out += '\'';
  return out;
}

std::string printable_line(std::string_view text) {
  constexpr std::string_view kCut = "...";
  std::string out;
  if (append_printable(out, text, kMaxLineBytes)) return out;
  out.clear();
  append_printable(out, text, kMaxLineBytes - kCut.size());
  return out + std::string(kCut);
}

std::vector<std::string_view> split_fields(std::string_view text) {
  constexpr std::string_view kBlanks = " \t\r\n";
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (true) {
    i = text.find_first_not_of(kBlanks, i);
    if (i == std::string_view::npos) return out;
    const std::size_t end = std::min(text.find_first_of(kBlanks, i), text.size());
    out.push_back(text.substr(i, end - i));
    i = end;
  }
}

std::vector<std::string_view> split_on(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == separator) {
      out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return out;
}

std::string player_name(engine::Player p) {
  return p == engine::Player::kOne ? "Player 1" : "Player 2";
}

std::string refused_at_ply(std::size_t index, std::string_view why) {
  return "ply " + std::to_string(index + 1) + ": " + std::string(why);
}

Result<engine::Player> parse_side_to_move(std::string_view field) {
  if (field == "1") return engine::Player::kOne;
  if (field == "2") return engine::Player::kTwo;
  return make_error("side to move: expected 1 or 2, got " + quote(field));
}

Result<int> parse_ply(std::string_view field) {
  const auto ply = parse_integer<int>(field);
  if (!ply || *ply < 0 || *ply > engine::kMaxGamePly)
    return make_error("ply: expected a whole number from 0 to " +
                      std::to_string(engine::kMaxGamePly) + ", got " + quote(field));
  return *ply;
}

void append_run_length(std::string& out, std::string_view cells) {
  int empty = 0;
  for (const char c : cells) {
    if (c == '.') {
      ++empty;
      continue;
    }
    if (empty) out += std::to_string(empty);
    empty = 0;
    out += c;
  }
  if (empty) out += std::to_string(empty);
}

std::string expand_board_field(std::string_view position_line) {
  std::string out;
  int run = 0;
  for (const char c : position_line.substr(0, position_line.find(' '))) {
    if (c >= '0' && c <= '9') {
      run = std::min(run * 10 + (c - '0'), 1 << 20);  // a board has far fewer points
      continue;
    }
    out.append(static_cast<std::size_t>(run), '.');
    run = 0;
    if (c != '/') out.push_back(c);
  }
  out.append(static_cast<std::size_t>(run), '.');
  return out;
}

std::uint64_t hash_text(std::string_view text, std::uint64_t seed) {
  return learn::hash_bytes(text, seed);
}

}  // namespace triad::adapters
