// The one little-endian codec of Triad's binary files (opening books, triad-datagen's data
// files, net files): fixed-width integers at a byte offset or appended, NUL-padded name
// fields, and the hash of bytes behind their checksums, book keys and digests (also
// adapters::hash_text). Every field of those files goes through these functions.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "engine/core/hash.h"

namespace triad::learn {

// `value` as sizeof(T) little-endian bytes at `at`.
template <class T>
void put_le(char* at, T value) {
  using U = std::make_unsigned_t<T>;
  auto u = static_cast<U>(value);
  for (std::size_t i = 0; i < sizeof(T); ++i, u = static_cast<U>(u >> 8))
    at[i] = static_cast<char>(u & 0xFF);
}

// The T written by put_le at `at`.
template <class T>
T get_le(const char* at) {
  using U = std::make_unsigned_t<T>;
  U u = 0;
  for (std::size_t i = sizeof(T); i-- > 0;)
    u = static_cast<U>((u << 8) | static_cast<unsigned char>(at[i]));
  return static_cast<T>(u);
}

// `value` appended to `out` as put_le writes it.
template <class T>
void append_le(std::string& out, T value) {
  char bytes[sizeof(T)];
  put_le<T>(bytes, value);
  out.append(bytes, sizeof(T));
}

// A name in a NUL-padded field of `size` bytes: at most size - 1 bytes of it (a NUL always
// ends the field).
inline void put_name(char* at, std::size_t size, std::string_view name) {
  std::memcpy(at, name.data(), std::min(name.size(), size - 1));
}

// The name of a NUL-padded field; a byte that is not printable ASCII reads as '?'.
inline std::string get_name(const char* at, std::size_t size) {
  std::string out;
  for (std::size_t i = 0; i < size && at[i] != '\0'; ++i) {
    const auto c = static_cast<unsigned char>(at[i]);
    out.push_back(c > ' ' && c < 127 ? at[i] : '?');
  }
  return out;
}

// A well-mixed 64-bit hash of `bytes` (FNV-1a 64 from its offset basis xor `seed`, then
// splitmix64's finaliser); `seed` gives other hashes of the same bytes. Stable across builds.
constexpr std::uint64_t hash_bytes(std::string_view bytes, std::uint64_t seed = 0) {
  std::uint64_t h = 0xCBF29CE484222325ull ^ seed;
  for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001B3ull;
  return engine::splitmix64(h);
}

}  // namespace triad::learn
