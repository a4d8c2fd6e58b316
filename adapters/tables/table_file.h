// The file of one material slice (docs/tables.md "Files"): a 128-byte header naming the game,
// the rules, the board (a hash of its geometry), the material and the index scheme, then the
// win/draw/loss part and the distance part, each deflated in blocks behind a block index, so
// a probe inflates one block. Positions already over or with a capture are "don't care" in
// both parts (filled to lengthen runs) and resolved by a one-ply look-up when probed. The
// header and the rest each carry a CRC-32; a file is checked whole when it is opened, and a
// truncated, damaged, foreign or other-board/other-rules file is refused with one error.
// Files are read with pread, not mapped: a file cut or rewritten in place while open (a `cp`
// of a new set over the old) makes a probe fail, never a signal, and unchanged() tells.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.h"
#include "engine/games/ivesdama/slice.h"

namespace triad::tables {

namespace iv = games::ivesdama;
// The slices and their index scheme are the game core's (engine/games/ivesdama/slice.h), one
// scheme for the game's in-memory table and the files.
using iv::code_from_children;
using iv::code_from_slices;
using iv::Material;
using iv::materials_up_to;
using iv::parallel_chunks;
using iv::SliceIndex;
using iv::SliceSet;

inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::uint32_t kHeaderBytes = 128;
inline constexpr std::uint32_t kBlockEntries = 2048;  // entries per deflated block

// What a slice file is for: the game, rules and board it was built on, and its material.
struct SliceKey {
  std::uint64_t board_hash = 0;  // board_hash(): the geometry the indices refer to
  std::uint32_t rules = 0;       // bit 0 arc_capture, bit 1 forward
  std::uint32_t points = 0;
  Material material;
};

// The hash of a board's geometry: its points (grid cells), links, arcs, base points and first
// player, in index order.
std::uint64_t board_hash(const iv::Board& board);
SliceKey slice_key(const iv::Game& game, Material m);
// "ives-3-2.tbl": the file name of a material.
std::string slice_file_name(Material m);

// Whether a position is "don't care" in the files: already over, or with a capture.
bool dont_care(const iv::Game& game, const iv::Position& pos);

// The bytes of slice m's file; the slices its captures reach must be in `known` (for the
// don't-care entries, which are left out), `values` are build_slice()'s.
std::string encode_slice(const SliceSet& known, Material m, const std::vector<std::int16_t>& values,
                         int threads);

// The parts of a slice file, for a writer that has the values piece by piece
// (tables/slice_writer.h): each piece's blocks deflated in entry order, the header once every
// piece is in. The file is: header, the WDL part's block_index, its blocks, the distance
// part's block_index, its blocks; encode_slice() is the same with every value at once.
class SliceEncoder {
 public:
  struct Blocks {
    std::vector<std::string> wdl, dtm;  // deflated, one per block
  };
  // `longest`: the largest distance of any value (kOver aside) of the slice.
  SliceEncoder(const iv::Game& game, Material m, int longest, int threads);
  // The blocks of the next `count` values (a whole number of blocks, but for the last piece).
  void add(const std::int16_t* values, std::uint64_t count, Blocks& out);
  // The header once every value is in: where the parts' block indices are, the file's size
  // and the CRC-32 of everything after the header.
  std::string header(std::uint64_t wdl_at, std::uint64_t dtm_at, std::uint64_t size,
                     std::uint32_t data_crc) const;

 private:
  struct Carry {
    int cls = -1;  // 0 loss, 1 draw, 2 win; -1: the block sets none
    int plies = -1;
  };
  const iv::Game* game_;
  Material m_;
  std::uint32_t unit_;  // bytes per distance
  int threads_;
  std::uint64_t next_ = 0;  // the entries added
  Carry carry_{1, 0};       // what the entries added leave to the next block
};
// A part's block index at file offset `at`, for blocks of `sizes` bytes that follow it.
std::string block_index(std::uint64_t at, const std::vector<std::uint64_t>& sizes);
// zlib's CRC-32 `sum` continued over `bytes`.
std::uint32_t crc_update(std::uint32_t sum, std::string_view bytes);

// A slice file open for reading and checked whole (header, sizes, both checksums).
class SliceFile {
 public:
  // Error: "<path>: <why>" (not a regular file, too short, not a table file, another format
  // version, a damaged header or body, another game/rules/board/material than `expected`).
  // `foreign`, if given, is set when the file is a sound table of something else.
  static Result<std::unique_ptr<SliceFile>> open(const std::filesystem::path& path,
                                                 const SliceKey& expected, bool* foreign = nullptr);
  ~SliceFile();
  SliceFile(const SliceFile&) = delete;
  SliceFile& operator=(const SliceFile&) = delete;

  Material material() const { return key_.material; }
  std::uint64_t entries() const { return entries_; }
  std::uint64_t file_bytes() const { return size_; }
  std::uint64_t wdl_bytes() const;  // the win/draw/loss part with its block index
  // The stored code of an entry that is not don't care (thread-safe; each thread keeps the
  // last blocks it inflated); nothing when its block cannot be read or inflated (the file
  // was cut or changed since it was opened).
  std::optional<std::int16_t> code(std::uint64_t entry) const;
  // An error when the file is no longer the one that was opened and checked: another size or
  // modification time (written to in place).
  Result<void> unchanged() const;
  // Every entry's code, don't-care entries resolved from `known` (which must hold the
  // slices this one's captures reach).
  // Error: a block that cannot be read or inflated (the file changed since it was opened).
  Result<std::vector<std::int16_t>> decode_all(const SliceSet& known, int threads) const;

 private:
  SliceFile() = default;
  struct Part {
    std::uint64_t index_offset = 0;  // (blocks + 1) u64 offsets of the blocks
    std::uint32_t unit = 0;          // bytes per entry before deflating (WDL: 4 entries/byte)
  };
  // Inflates block `block` of a part into `out`; false if it cannot be read or is damaged.
  bool inflate_block(const Part& part, std::uint64_t block, std::vector<std::uint8_t>& out) const;
  // Reads `size` bytes at `offset`; false on a short read (the file was cut) or an error.
  bool read_at(std::uint64_t offset, std::uint64_t size, void* out) const;
  std::string path_;
  int fd_ = -1;
  std::int64_t mtime_ns_ = 0;  // at open, for unchanged()
  std::uint64_t serial_ = 0;   // tells this file's blocks apart in the threads' caches
  std::uint64_t size_ = 0;
  SliceKey key_;
  std::uint64_t entries_ = 0;
  std::uint64_t blocks_ = 0;
  std::uint32_t block_entries_ = 0;
  Part wdl_, dtm_;
};

}  // namespace triad::tables
