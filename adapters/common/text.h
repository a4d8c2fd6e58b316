// The shared text toolkit: what every notation adapter, the protocol and the match runner
// need to read and write text safely.
// - Message-safe text: `quote` is the one way an error message shows user input (bounded,
//   non-printable bytes escaped); `printable_line` makes any text one bounded printable line
//   (the output writer's last line of defence).
// - Fields and numbers: whitespace and separator splitting, strict whole-token integers, and
//   the position-line fields every game shares (side to move, ply) with one bound and one
//   message each.
// - Run-length ranks: the board field of every position line.
#pragma once

#include <charconv>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/types.h"

namespace triad::adapters {

// At most this many bytes of a token are shown in a message (then "...").
inline constexpr std::size_t kMaxShownBytes = 40;
// At most this many bytes of a file path are shown in a message.
inline constexpr std::size_t kMaxShownPathBytes = 200;
// Every line Triad writes has at most this many bytes (longer lines are cut, ending "...").
inline constexpr std::size_t kMaxLineBytes = 16 * 1024;

// `text` made printable: printable ASCII and valid printable UTF-8 kept, every other byte
// written as \xNN; cut after `max_bytes` bytes of input with "..." appended.
std::string sanitize(std::string_view text, std::size_t max_bytes = kMaxShownBytes);
// sanitize(text) in single quotes: how every error message shows a user's token.
std::string quote(std::string_view text);
// One printable line of at most kMaxLineBytes bytes: line breaks and control bytes escaped.
std::string printable_line(std::string_view text);

// Length (2-4) of the valid UTF-8 multi-byte sequence starting at text[i], or 0 if there is
// none there (overlong forms, surrogates and code points above U+10FFFF are not valid).
std::size_t utf8_sequence_length(std::string_view text, std::size_t i);

// Whitespace-separated fields (runs of blanks count once; none for blank text).
std::vector<std::string_view> split_fields(std::string_view text);
// The parts between `separator`s, empty parts included ("a//b" has 3 parts).
std::vector<std::string_view> split_on(std::string_view text, char separator);

// The whole of `text` as a decimal integer of type T (an optional leading '-' for signed
// types, no '+', no blanks), or nothing if it is not one or does not fit T.
template <std::integral T>
std::optional<T> parse_integer(std::string_view text) {
  T value{};
  if (text.empty() || text.front() == '+') return std::nullopt;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// learn::hash_bytes of `text` (FNV-1a, then splitmix64's finaliser); `seed` gives
// other hashes of the same text. Stable across builds: book keys and fingerprints use it.
std::uint64_t hash_text(std::string_view text, std::uint64_t seed = 0);

// "Player 1" / "Player 2".
std::string player_name(engine::Player p);

// How every tool names a move of a list (a record's moves, a position line's `moves`, an
// opening) that the rules refuse: "ply 5: <why>", 5 being the move's 1-based place in the
// list, the ply it is played at from the list's start (as the protocol's "at ply 5").
std::string refused_at_ply(std::size_t index, std::string_view why);

// The side-to-move field of a position line: "1" or "2".
Result<engine::Player> parse_side_to_move(std::string_view field);
// The ply field of a position line: 0 to engine::kMaxGamePly (the games count no further, so
// every ply Triad writes is read back).
Result<int> parse_ply(std::string_view field);

// Appends one rank of a position line's board field: `cells` holds one letter per point
// and '.' for an empty one; each run of empty points is written as its count.
void append_run_length(std::string& out, std::string_view cells);
// The board field (the first word) of a position line expanded: one letter per point, '.'
// for an empty one, ranks in the line's order (the inverse of append_run_length, '/' dropped).
std::string expand_board_field(std::string_view position_line);

}  // namespace triad::adapters
