// triad-datagen's data file (docs/evaluation.md "Data generation"): a fixed 128-byte header,
// then fixed-size records, all little-endian (learn/codec.h). The one definition of the
// format: triad-datagen writes it, the C++ reader and the trainer (through `import triad`,
// which builds its numpy record type from kRecordFields) read it. The header names the game, the
// variant and the settings the data was made with, and counts the games and records that are
// complete; bytes after the last counted record are the cut tail of an interrupted run (removed
// when it resumes).
//
// Header (offsets in bytes):        Record (kRecordFixedBytes + points bytes):
//   0  char[8]  magic "TRIADDAT"        0  u32  game (0-based index of the self-play game)
//   8  u32      format version (2)      4  u32  best move: the game's fixed action index
//  12  u32      header bytes (128)                (docs/python.md), 0xFFFFFFFF if none
//  16  u32      record bytes            8  i16  search score, side to move's view
//  20  u32      board points           10  u16  ply of the position
//  24  char[16] game (NUL-padded)      12  u8   side to move: 0 Player 1, 1 Player 2
//  40  char[32] variant (NUL-padded)   13  i8   game result, side to move's view: -1/0/1
//  72  u64      seed                   14  u8[points] board: position-line letters, '.'
//  80  u64      nodes per move                   empty; ranks as the position line has them
//  88  u16      random plies
//  90  u16      random moves (per cent of the plies after them; format version 1 had a u32 of
//               random plies at 88, which reads as this layout with 0 random moves)
//  92  u32      max plies
//  96  u32      hash MB per search
// 100  u32      net digest (0: the classical evaluation; see Header::net_digest)
// 104  u64      openings file digest (0: none)
// 112  u64      games complete (games 0..n-1)
// 120  u64      records complete
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.h"

namespace triad::learn {

inline constexpr std::string_view kMagic = "TRIADDAT";
inline constexpr std::uint32_t kFormatVersion = 2;
// The oldest version read (version 1 is version 2 without random moves).
inline constexpr std::uint32_t kOldestFormatVersion = 1;
inline constexpr std::size_t kHeaderBytes = 128;
inline constexpr std::size_t kRecordFixedBytes = 14;
// The fixed fields of a record: name, offset, numpy kind ('u' unsigned, 'i' signed) and
// bytes; the board (`points` bytes) follows at kRecordFixedBytes.
struct RecordField {
  std::string_view name;
  std::size_t offset;
  char kind;
  std::size_t bytes;
};
inline constexpr std::array<RecordField, 6> kRecordFields = {{{"game", 0, 'u', 4},
                                                              {"move", 4, 'u', 4},
                                                              {"score", 8, 'i', 2},
                                                              {"ply", 10, 'u', 2},
                                                              {"side", 12, 'u', 1},
                                                              {"result", 13, 'i', 1}}};
inline constexpr std::uint32_t kNoMove = 0xFFFFFFFFu;
// Names longer than the header's fields are refused before a run starts.
inline constexpr std::size_t kMaxGameName = 15;
inline constexpr std::size_t kMaxVariantName = 31;
// Boards larger than this are not a Triad game (and a header that says so is refused).
inline constexpr std::uint32_t kMaxPoints = 4096;
// The most games of a run (-games; a record's game index is a u32): a header that counts
// more is refused.
inline constexpr std::uint64_t kMaxGames = std::uint64_t{1} << 32;

// What the data is (everything but the counts), and the counts of what is complete.
struct Header {
  std::uint32_t version = kFormatVersion;
  std::uint32_t points = 0;
  std::string game;
  std::string variant;
  std::uint64_t seed = 0;
  std::uint64_t nodes = 0;
  std::uint32_t random_plies = 0;
  std::uint32_t random_moves = 0;  // per cent
  std::uint32_t max_plies = 0;
  std::uint32_t hash_mb = 0;
  std::uint64_t openings_digest = 0;
  // The net the search evaluated with (-evalfile): the low 32 bits of the digest of the net
  // file's bytes (net_digest()), 0 for the classical evaluation.
  std::uint32_t net_digest = 0;
  std::uint64_t games = 0;
  std::uint64_t records = 0;

  std::size_t record_bytes() const { return kRecordFixedBytes + points; }
};

// One kept position.
struct Record {
  std::uint32_t game = 0;
  std::uint32_t move = kNoMove;
  std::int16_t score = 0;
  std::uint16_t ply = 0;
  std::uint8_t side = 0;  // 0: Player 1 to move
  std::int8_t result = 0;
  std::string board;  // `points` letters

  bool operator==(const Record&) const = default;
};

// Header::net_digest of a net file's bytes: the low 32 bits of the hash the openings file's
// digest is (learn::hash_bytes: FNV-1a 64, then splitmix64's finaliser), 1 where those are
// 0 (0 means no net).
std::uint32_t net_digest(std::string_view net_file_bytes);
// A net digest in messages and docs: 8 hex digits ("0a1b2c3d").
std::string net_digest_text(std::uint32_t digest);

std::array<char, kHeaderBytes> encode_header(const Header& h);
// The header of a file (`what` names it in errors): refuses another magic, a format version
// it does not read and sizes that do not fit together.
Result<Header> decode_header(std::string_view bytes, const std::string& what);
// The first setting in which `file` and `wanted` differ ("nodes 3000 in the file, 5000
// here"), or "" when the data was made alike (the counts are not compared).
std::string settings_difference(const Header& file, const Header& wanted);

// The bytes of the header and of the complete records (those `h` counts) in a file of `size`
// bytes (`what` names it). Error: the file holds fewer records than its header counts (records
// lost, or a damaged count: no count, however large, wraps around to fit).
Result<std::uint64_t> complete_bytes(const Header& h, std::uint64_t size, const std::string& what);

// Appends `r` encoded for boards of `points` points (r.board has that many letters).
void append_record(std::string& out, const Record& r, std::uint32_t points);
Record decode_record(std::string_view bytes, std::uint32_t points);

// The header and the complete records of a data file's bytes (`what` names it): refuses a
// foreign file, a version it does not read, and bytes fewer than the header says (records
// lost); a cut tail after the last complete record is ignored. Reading the file is the
// caller's (adapters/nnue/data_file.h).
struct DataFile {
  Header header;
  std::vector<Record> records;
};
Result<DataFile> decode_data_file(std::string_view bytes, const std::string& what);

}  // namespace triad::learn
