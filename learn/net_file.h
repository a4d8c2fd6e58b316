// Net files (format version 2, docs/evaluation.md "The net file"): the one codec of the
// learned evaluations' files, which the trainer (through `import triad`) writes and the engine
// reads. The header carries an architecture hash beside the version: the hash of the feature
// set (learn/features.h), the men's layout, the board's points and the layers, so that a net
// made for another architecture is refused with one clear error instead of evaluating
// nonsense.
//
// Header (offsets in bytes):
//    0  char[8]  magic "TRIADNET"         84  u32  inputs (2 * len(letters) * points)
//    8  u32      format version (2)       88  u32  hidden (first-layer width H)
//   12  u32      header bytes (128)       92  u32  QA (255)
//   16  char[16] game                     96  u32  QB (64)
//   32  char[32] variant trained on      100  i32  scale (engine points per unit of y)
//   64  char[16] layout letters          104  u64  positions trained on
//   80  u32      board points            112  u32  layout (1: board letters, mover's view)
//                                        116  u32  draws per 1000 games at expected score 0.5
//                                        120  u32  architecture hash (version 1: 0)
//                                        124  u32  reserved (0)
// Then W1 int16[inputs][H] (one row of H per input), b1 int16[H], w2 int16[2H], b2 int32, and
// a u64 checksum: learn::hash_bytes of every byte before it with the seed kChecksumSeed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/result.h"
#include "engine/nnue/network.h"

namespace triad::learn {

inline constexpr std::uint32_t kNetFormatVersion = 2;
// Version 1 had no architecture hash (its bytes 120..123 are 0): read only to convert it
// (NetVersions::kConvert; training/triad-train convert).
inline constexpr std::uint32_t kOldestNetFormatVersion = 1;
inline constexpr std::uintmax_t kMaxNetFileBytes = 64u << 20;
inline constexpr int kMaxDrawPermille = 1000;

struct NetFile {
  std::string path;     // as given
  std::string game;     // the base game it evaluates
  std::string variant;  // the variant its data came from
  std::string letters;  // the layout: the men's letters (upper case), e.g. "PBX"
  int points = 0;
  std::uint64_t positions = 0;  // positions it was trained on
  // Draws per 1000 games from an even position (expected score E = 0.5), fitted on the
  // validation games: the draw share at E is draw_permille * 2 min(E, 1 - E) / 1000 (protocol/
  // wdl.h). Nets of older trainers have 0 there (their reserved bytes).
  int draw_permille = 0;
  engine::nnue::Network net;
};

// The architecture hash of a net with `letters`, `points` and a first layer `hidden` wide:
// the low 32 bits of the hash of a text naming the feature set (kFeatureSet), the layout, the
// points and the layers with their quantisation; never 0 (version 1's "none").
std::uint32_t architecture_hash(std::string_view letters, int points, int hidden);

// Which versions decode_net_file reads: the current one (the engine), or version 1 too (to
// convert an old net: its architecture is taken to be this build's).
enum class NetVersions { kCurrent, kConvert };

// The net of a net file's bytes (`name` becomes its path; `what` names it in messages, e.g.
// "net file 'x.nnue'"). Refuses
// another magic, another format version, sizes that do not fit together, an architecture hash
// that is not this build's for the net's layout, points and width, a truncated file, a
// checksum mismatch and weights outside the trainer's ranges, each with one message naming
// the file.
Result<NetFile> decode_net_file(std::string_view bytes, const std::string& name,
                                const std::string& what,
                                NetVersions versions = NetVersions::kCurrent);

// The bytes of the net file of `f` (its path aside), in the current format version.
std::string encode_net_file(const NetFile& f);

}  // namespace triad::learn
