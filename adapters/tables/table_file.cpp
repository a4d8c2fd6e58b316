// Slice files (table_file.h). Layout, all integers little-endian:
//   0  char[8] magic "TRIADTB1"      64  u64 entries
//   8  u32 format version            72  u32 entries per block
//  12  u32 index scheme              76  u32 distance bytes per entry (1 or 2)
//  16  char[16] game, NUL-padded     80  u64 blocks
//  32  u64 board hash                88  u64 offset of the WDL part's block index
//  40  u32 rules bits                96  u64 offset of the distance part's block index
//  44  u32 points                   104  u64 file size
//  48  u32 a, 52 u32 b              112  u32 CRC-32 of bytes 128..size
//  56  reserved (zero)              116  u32 CRC-32 of bytes 0..116, 120 reserved (zero)
// A block index is blocks + 1 u64 file offsets; block k is deflated (zlib) between offsets k
// and k + 1. WDL entries: 2 bits each (0 loss, 1 draw, 2 win), 4 per byte, low bits first.
#include "adapters/tables/table_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>

#include "engine/core/hash.h"
#include "learn/codec.h"

namespace triad::tables {

using iv::endgame_code::kOver;
using iv::endgame_code::loss_in;
using iv::endgame_code::plies_of;
using iv::endgame_code::win_in;

namespace {

constexpr char kMagic[8] = {'T', 'R', 'I', 'A', 'D', 'T', 'B', '1'};
constexpr std::string_view kGame = "ivesdama";

// The fields, through the one little-endian codec (learn/codec.h).
template <class T>
void put(std::string& out, std::size_t at, T v) {
  learn::put_le<T>(out.data() + at, v);
}
template <class T>
T get(const std::uint8_t* data, std::size_t at) {
  return learn::get_le<T>(reinterpret_cast<const char*>(data) + at);
}

std::uint32_t crc(const std::uint8_t* data, std::uint64_t size) {
  uLong c = crc32(0L, Z_NULL, 0);
  for (std::uint64_t done = 0; done < size;) {
    const auto chunk = static_cast<uInt>(std::min<std::uint64_t>(size - done, 1u << 30));
    c = crc32(c, data + done, chunk);
    done += chunk;
  }
  return static_cast<std::uint32_t>(c);
}

std::string deflate_bytes(const std::vector<std::uint8_t>& in) {
  uLongf size = compressBound(static_cast<uLong>(in.size()));
  std::string out(size, '\0');
  compress2(reinterpret_cast<Bytef*>(out.data()), &size, in.data(), static_cast<uLong>(in.size()),
            9);
  out.resize(size);
  return out;
}

std::string rules_text(std::uint32_t rules) {
  return std::string("arc_capture ") + (rules & 1 ? "true" : "false") + ", forward " +
         (rules & 2 ? "true" : "false");
}

std::int64_t mtime_ns(const struct stat& st) {
  return static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
}

// Each thread's recently inflated blocks of each part, direct-mapped by file and block: a
// search probes the same few blocks again and again, and a block read costs a system call
// and an inflate.
struct CachedBlock {
  std::uint64_t file = 0;  // SliceFile serial number (0 = empty)
  std::uint64_t block = 0;
  std::vector<std::uint8_t> bytes;
};
struct BlockCache {
  static constexpr int kBits = 10;
  static constexpr std::size_t kSlots = std::size_t{1} << kBits;
  std::array<CachedBlock, kSlots> slots;
  CachedBlock& slot(std::uint64_t file, std::uint64_t block) {
    // The file is mixed in before the multiply: block 0 of every file in one slot (as
    // `block * k + file` had it) made a build's small children miss on every look-up.
    return slots[((file * 0x632BE59BD9B4E019ull + block) * 0x9E3779B97F4A7C15ull) >> (64 - kBits)];
  }
};
std::atomic<std::uint64_t> next_serial{1};

}  // namespace

std::uint64_t board_hash(const iv::Board& board) {
  std::uint64_t h = 0x7461626c6573ull;  // "tables"
  const auto mix = [&](std::uint64_t v) {
    std::uint64_t state = h ^ v;
    h = engine::splitmix64(state);
  };
  mix(board.points.size());
  for (const auto& p : board.points) {
    mix(static_cast<std::uint64_t>(p.file));
    mix(static_cast<std::uint64_t>(p.rank));
  }
  mix(board.links.size());
  for (const auto& l : board.links) mix(static_cast<std::uint64_t>(l.a) << 8 | l.b);
  mix(board.arcs.size());
  for (const auto& a : board.arcs)
    for (const int v : {a.a, a.b, a.leave_a.dx, a.leave_a.dy, a.leave_b.dx, a.leave_b.dy})
      mix(static_cast<std::uint64_t>(v));
  mix(board.base[0]);
  mix(board.base[1]);
  mix(static_cast<std::uint64_t>(engine::index(board.first)));
  return h;
}

SliceKey slice_key(const iv::Game& game, Material m) {
  return {board_hash(game.board()),
          (game.rules().arc_capture ? 1u : 0u) | (game.rules().forward ? 2u : 0u),
          static_cast<std::uint32_t>(game.geometry().num_points), m};
}

std::string slice_file_name(Material m) {
  return "ives-" + std::to_string(m.a) + "-" + std::to_string(m.b) + ".tbl";
}

bool dont_care(const iv::Game& game, const iv::Position& pos) {
  if (game.terminal(pos).over()) return true;
  iv::Game::MoveList moves;
  game.generate(pos, {}, moves);
  return !moves.empty() && moves.begin()->is_capture();
}

namespace {

int distance_bytes(int longest) {
  return longest < 256 ? 1 : 2;
}

}  // namespace

// Don't-care entries (and the distances of draws) repeat the entry before them, which can lie
// blocks back. So a first pass marks the don't-care entries (one bit each; a block owns whole
// bytes) and notes what each block leaves to the next (its last class and distance), these
// are chained in block order from what the entries before `first` left (`carry_`), and a
// second pass writes and deflates each block: no array of the whole slice's classes and
// distances (at 10 stones, 5 against 5, that was 3.6 GiB more at the peak).
SliceEncoder::SliceEncoder(const iv::Game& game, Material m, int longest, int threads)
    : game_(&game), m_(m), unit_(distance_bytes(longest)), threads_(threads) {}

void SliceEncoder::add(const std::int16_t* values, std::uint64_t count, Blocks& out) {
  static_assert(kBlockEntries % 8 == 0);
  const iv::Game& game = *game_;
  const auto& t = game.geometry();
  const SliceIndex slice(t.num_points, t.all, m_);
  const std::uint64_t first_entry = next_;
  const std::uint64_t blocks = (count + kBlockEntries - 1) / kBlockEntries;
  std::vector<std::uint8_t> skip((count + 7) / 8, 0);
  std::vector<Carry> left(blocks + 1);  // left[k]: what the entries before block k leave to it
  std::vector<Carry> sets(blocks);
  const auto class_of = [](std::int16_t v) { return v < 0 ? 0 : v == 0 ? 1 : 2; };
  const auto skipped = [&](std::uint64_t i) { return (skip[i / 8] >> (i % 8)) & 1; };
  parallel_chunks(blocks, threads_, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t k = begin; k < end; ++k) {
      const std::uint64_t first = k * kBlockEntries;
      const std::uint64_t last = std::min(count, first + kBlockEntries);
      for (std::uint64_t i = first; i < last; ++i) {
        if (values[i] == kOver || dont_care(game, slice.position(game, first_entry + i))) {
          skip[i / 8] |= static_cast<std::uint8_t>(1 << (i % 8));
        } else {
          sets[k].cls = class_of(values[i]);
          if (values[i] != 0) sets[k].plies = plies_of(values[i]);
        }
      }
    }
  });
  left[0] = carry_;
  for (std::uint64_t k = 0; k < blocks; ++k)
    left[k + 1] = {sets[k].cls >= 0 ? sets[k].cls : left[k].cls,
                   sets[k].plies >= 0 ? sets[k].plies : left[k].plies};
  carry_ = left[blocks];
  next_ += count;

  const std::uint32_t unit = unit_;
  out.wdl.assign(blocks, {});
  out.dtm.assign(blocks, {});
  parallel_chunks(blocks, threads_, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t k = begin; k < end; ++k) {
      const std::uint64_t first = k * kBlockEntries;
      const std::uint64_t last = std::min(count, first + kBlockEntries);
      std::vector<std::uint8_t> wdl((last - first + 3) / 4, 0);
      std::vector<std::uint8_t> dtm((last - first) * unit, 0);
      auto cls = static_cast<std::uint8_t>(left[k].cls);
      int plies = left[k].plies;
      for (std::uint64_t i = first; i < last; ++i) {
        if (!skipped(i)) {
          cls = static_cast<std::uint8_t>(class_of(values[i]));
          if (values[i] != 0) plies = plies_of(values[i]);
        }
        const std::uint64_t j = i - first;
        wdl[j / 4] |= static_cast<std::uint8_t>(cls << (2 * (j % 4)));
        dtm[j * unit] = static_cast<std::uint8_t>(plies);
        if (unit == 2) dtm[j * unit + 1] = static_cast<std::uint8_t>(plies >> 8);
      }
      out.wdl[k] = deflate_bytes(wdl);
      out.dtm[k] = deflate_bytes(dtm);
    }
  });
}

std::string SliceEncoder::header(std::uint64_t wdl_at, std::uint64_t dtm_at, std::uint64_t size,
                                 std::uint32_t data_crc) const {
  const std::uint64_t n = next_;
  const SliceKey key = slice_key(*game_, m_);
  std::string out(kHeaderBytes, '\0');
  std::memcpy(out.data(), kMagic, sizeof kMagic);
  put<std::uint32_t>(out, 8, kFormatVersion);
  put<std::uint32_t>(out, 12, SliceIndex::kScheme);
  learn::put_name(out.data() + 16, 16, kGame);
  put<std::uint64_t>(out, 32, key.board_hash);
  put<std::uint32_t>(out, 40, key.rules);
  put<std::uint32_t>(out, 44, key.points);
  put<std::uint32_t>(out, 48, static_cast<std::uint32_t>(m_.a));
  put<std::uint32_t>(out, 52, static_cast<std::uint32_t>(m_.b));
  put<std::uint64_t>(out, 64, n);
  put<std::uint32_t>(out, 72, kBlockEntries);
  put<std::uint32_t>(out, 76, unit_);
  put<std::uint64_t>(out, 80, (n + kBlockEntries - 1) / kBlockEntries);
  put<std::uint64_t>(out, 88, wdl_at);
  put<std::uint64_t>(out, 96, dtm_at);
  put<std::uint64_t>(out, 104, size);
  put<std::uint32_t>(out, 112, data_crc);
  put<std::uint32_t>(out, 116, crc(reinterpret_cast<const std::uint8_t*>(out.data()), 116));
  return out;
}

std::string block_index(std::uint64_t at, const std::vector<std::uint64_t>& sizes) {
  std::string index((sizes.size() + 1) * 8, '\0');
  at += index.size();
  for (std::size_t k = 0; k <= sizes.size(); ++k) {
    put<std::uint64_t>(index, k * 8, at);
    if (k < sizes.size()) at += sizes[k];
  }
  return index;
}

std::uint32_t crc_update(std::uint32_t sum, std::string_view bytes) {
  return static_cast<std::uint32_t>(
      crc32(sum, reinterpret_cast<const Bytef*>(bytes.data()), static_cast<uInt>(bytes.size())));
}

std::string encode_slice(const SliceSet& known, Material m, const std::vector<std::int16_t>& values,
                         int threads) {
  int longest = 0;
  for (const std::int16_t v : values)
    if (v != kOver) longest = std::max(longest, plies_of(v));
  SliceEncoder encoder(known.game(), m, longest, threads);
  SliceEncoder::Blocks blocks;
  encoder.add(values.data(), values.size(), blocks);
  std::vector<std::uint64_t> wdl_sizes, dtm_sizes;
  for (const auto& b : blocks.wdl) wdl_sizes.push_back(b.size());
  for (const auto& b : blocks.dtm) dtm_sizes.push_back(b.size());
  std::string out(kHeaderBytes, '\0');
  const std::uint64_t wdl_at = out.size();
  out += block_index(wdl_at, wdl_sizes);
  for (const auto& b : blocks.wdl) out += b;
  const std::uint64_t dtm_at = out.size();
  out += block_index(dtm_at, dtm_sizes);
  for (const auto& b : blocks.dtm) out += b;
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(out.data());
  const std::string head = encoder.header(wdl_at, dtm_at, out.size(),
                                          crc(bytes + kHeaderBytes, out.size() - kHeaderBytes));
  out.replace(0, kHeaderBytes, head);
  return out;
}

Result<std::unique_ptr<SliceFile>> SliceFile::open(const std::filesystem::path& path,
                                                   const SliceKey& expected, bool* foreign) {
  const std::string name = path.string();
  const auto fail = [&](const std::string& why) { return make_error(name + ": " + why); };
  const auto other = [&](const std::string& why) {
    if (foreign) *foreign = true;
    return fail(why);
  };
  std::unique_ptr<SliceFile> f(new SliceFile());
  f->path_ = name;
  f->fd_ = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (f->fd_ < 0) return fail(std::strerror(errno));
  struct stat st {};
  if (::fstat(f->fd_, &st) != 0 || !S_ISREG(st.st_mode)) return fail("not a regular file");
  f->size_ = static_cast<std::uint64_t>(st.st_size);
  f->mtime_ns_ = mtime_ns(st);
  if (f->size_ < kHeaderBytes)
    return fail("truncated: " + std::to_string(f->size_) + " bytes, shorter than the header");
  std::uint8_t d[kHeaderBytes];
  if (!f->read_at(0, kHeaderBytes, d))
    return fail(std::string("cannot read it: ") + std::strerror(errno));
  if (std::memcmp(d, kMagic, sizeof kMagic) != 0) return fail("not a Triad table file");
  if (get<std::uint32_t>(d, 116) != crc(d, 116)) return fail("damaged header (checksum)");
  if (const auto v = get<std::uint32_t>(d, 8); v != kFormatVersion)
    return fail("format version " + std::to_string(v) + ", this program reads version " +
                std::to_string(kFormatVersion));
  const std::string game = learn::get_name(reinterpret_cast<const char*>(d + 16), 16);
  if (game != kGame) return other("a table of the game '" + game + "', not ivesdama");
  if (get<std::uint32_t>(d, 12) != SliceIndex::kScheme)
    return fail("unknown index scheme " + std::to_string(get<std::uint32_t>(d, 12)));
  f->key_ = {
      get<std::uint64_t>(d, 32),
      get<std::uint32_t>(d, 40),
      get<std::uint32_t>(d, 44),
      {static_cast<int>(get<std::uint32_t>(d, 48)), static_cast<int>(get<std::uint32_t>(d, 52))}};
  if (f->key_.board_hash != expected.board_hash || f->key_.points != expected.points)
    return other("built for another board (geometry hash differs)");
  if (f->key_.rules != expected.rules)
    return other("built for other rules (" + rules_text(f->key_.rules) + "; these are " +
                 rules_text(expected.rules) + ")");
  if (f->key_.material != expected.material)
    return other("holds material " + std::to_string(f->key_.material.a) + "-" +
                 std::to_string(f->key_.material.b) + ", not " +
                 std::to_string(expected.material.a) + "-" + std::to_string(expected.material.b));
  if (get<std::uint64_t>(d, 104) != f->size_)
    return fail("truncated or extended: " + std::to_string(f->size_) + " bytes, the header says " +
                std::to_string(get<std::uint64_t>(d, 104)));
  {
    // The data's checksum, read in chunks; each part's block index is checked on the way
    // (offsets rising, inside the file) so that no probe reads outside it, whatever a
    // (checksummed) file says.
    uLong sum = crc32(0L, Z_NULL, 0);
    std::vector<std::uint8_t> chunk(std::size_t{1} << 20);
    for (std::uint64_t at = kHeaderBytes; at < f->size_;) {
      const auto n = std::min<std::uint64_t>(chunk.size(), f->size_ - at);
      if (!f->read_at(at, n, chunk.data()))
        return fail(std::string("cannot read it: ") + std::strerror(errno));
      sum = crc32(sum, chunk.data(), static_cast<uInt>(n));
      at += n;
    }
    if (get<std::uint32_t>(d, 112) != static_cast<std::uint32_t>(sum))
      return fail("damaged (checksum of the data differs)");
  }
  const auto points = static_cast<int>(expected.points);
  const SliceIndex slice(points, points == 32 ? ~0u : (1u << points) - 1, expected.material);
  f->entries_ = get<std::uint64_t>(d, 64);
  f->block_entries_ = get<std::uint32_t>(d, 72);
  f->blocks_ = get<std::uint64_t>(d, 80);
  const std::uint32_t unit = get<std::uint32_t>(d, 76);
  f->wdl_ = {get<std::uint64_t>(d, 88), 0};
  f->dtm_ = {get<std::uint64_t>(d, 96), unit};
  if (f->entries_ != slice.size() || f->block_entries_ == 0 || f->block_entries_ % 4 != 0 ||
      (unit != 1 && unit != 2) ||
      f->blocks_ != (f->entries_ + f->block_entries_ - 1) / f->block_entries_)
    return fail("inconsistent header (entries, blocks or distance width)");
  for (const Part* part : {&f->wdl_, &f->dtm_}) {
    if (part->index_offset > f->size_ || (f->size_ - part->index_offset) / 8 < f->blocks_ + 1)
      return fail("inconsistent block index");
    std::uint64_t previous = part->index_offset + (f->blocks_ + 1) * 8;
    std::vector<std::uint8_t> index(8 * 4096);
    for (std::uint64_t k = 0; k <= f->blocks_; k += 4096) {
      const auto n = std::min<std::uint64_t>(4096, f->blocks_ + 1 - k);
      if (!f->read_at(part->index_offset + k * 8, n * 8, index.data()))
        return fail(std::string("cannot read it: ") + std::strerror(errno));
      for (std::uint64_t i = 0; i < n; ++i) {
        const auto at = get<std::uint64_t>(index.data(), i * 8);
        if (at < previous || at > f->size_) return fail("inconsistent block index");
        previous = at;
      }
    }
  }
  f->serial_ = next_serial++;
  return f;
}

SliceFile::~SliceFile() {
  if (fd_ >= 0) ::close(fd_);
}

bool SliceFile::read_at(std::uint64_t offset, std::uint64_t size, void* out) const {
  auto* to = static_cast<char*>(out);
  while (size > 0) {
    const ssize_t n = ::pread(fd_, to, size, static_cast<off_t>(offset));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // an error, or the end of a file that was cut
    to += n;
    offset += static_cast<std::uint64_t>(n);
    size -= static_cast<std::uint64_t>(n);
  }
  return true;
}

Result<void> SliceFile::unchanged() const {
  struct stat st {};
  if (::fstat(fd_, &st) != 0) return make_error(path_ + ": " + std::strerror(errno));
  if (static_cast<std::uint64_t>(st.st_size) != size_)
    return make_error(path_ + ": changed while in use (" + std::to_string(st.st_size) +
                      " bytes now, " + std::to_string(size_) + " when it was opened)");
  if (mtime_ns(st) != mtime_ns_)
    return make_error(path_ + ": changed while in use (written to since it was opened)");
  return {};
}

std::uint64_t SliceFile::wdl_bytes() const {
  return dtm_.index_offset - wdl_.index_offset;
}

bool SliceFile::inflate_block(const Part& part, std::uint64_t block,
                              std::vector<std::uint8_t>& out) const {
  std::uint8_t bounds[16];
  if (!read_at(part.index_offset + block * 8, sizeof bounds, bounds)) return false;
  const std::uint64_t from = get<std::uint64_t>(bounds, 0);
  const std::uint64_t to = get<std::uint64_t>(bounds, 8);
  // Bounds as checked at open, unless the file changed since.
  if (to < from || to > size_) return false;
  thread_local std::vector<std::uint8_t> deflated;
  deflated.resize(static_cast<std::size_t>(to - from));
  if (!read_at(from, to - from, deflated.data())) return false;
  const std::uint64_t count =
      std::min<std::uint64_t>(block_entries_, entries_ - block * block_entries_);
  const std::uint64_t want = part.unit ? count * part.unit : (count + 3) / 4;
  out.resize(std::max<std::size_t>(out.size(), want));
  uLongf size = static_cast<uLongf>(want);
  return uncompress(out.data(), &size, deflated.data(), static_cast<uLong>(deflated.size())) ==
             Z_OK &&
         size == want;
}

std::optional<std::int16_t> SliceFile::code(std::uint64_t entry) const {
  thread_local BlockCache wdl_cache, dtm_cache;
  const std::uint64_t block = entry / block_entries_;
  const std::uint64_t offset = entry % block_entries_;
  const auto load = [&](BlockCache& cache, const Part& part) -> const CachedBlock* {
    CachedBlock& slot = cache.slot(serial_, block);
    if (slot.file == serial_ && slot.block == block) return &slot;
    slot.file = 0;
    if (!inflate_block(part, block, slot.bytes)) return nullptr;
    slot.file = serial_;
    slot.block = block;
    return &slot;
  };
  // A block that cannot be read or inflated: the file changed since it was checked.
  const CachedBlock* w = load(wdl_cache, wdl_);
  if (!w) return std::nullopt;
  const int wdl = (w->bytes[offset / 4] >> (2 * (offset % 4))) & 3;
  if (wdl == 1) return std::int16_t{0};
  const CachedBlock* d = load(dtm_cache, dtm_);
  if (!d) return std::nullopt;
  int plies = d->bytes[offset * dtm_.unit];
  if (dtm_.unit == 2) plies |= d->bytes[offset * 2 + 1] << 8;
  return wdl == 2 ? win_in(plies) : loss_in(plies);
}

Result<std::vector<std::int16_t>> SliceFile::decode_all(const SliceSet& known, int threads) const {
  std::vector<std::int16_t> values(entries_);
  std::atomic<bool> unreadable{false};
  parallel_chunks(blocks_, threads, [&](std::uint64_t begin, std::uint64_t end) {
    std::vector<std::uint8_t> wdl, dtm;
    for (std::uint64_t k = begin; k < end; ++k) {
      if (!inflate_block(wdl_, k, wdl) || !inflate_block(dtm_, k, dtm)) {
        unreadable = true;
        return;
      }
      const std::uint64_t first = k * block_entries_;
      const std::uint64_t count = std::min<std::uint64_t>(block_entries_, entries_ - first);
      for (std::uint64_t o = 0; o < count; ++o) {
        const int c = (wdl[o / 4] >> (2 * (o % 4))) & 3;
        int plies = dtm[o * dtm_.unit];
        if (dtm_.unit == 2) plies |= dtm[o * 2 + 1] << 8;
        values[first + o] = c == 1 ? 0 : c == 2 ? win_in(plies) : loss_in(plies);
      }
    }
  });
  if (unreadable)
    return make_error(path_ + ": a block cannot be read (the file changed since it was opened)");
  const iv::Game& game = known.game();
  const auto& t = game.geometry();
  const SliceIndex slice(t.num_points, t.all, key_.material);
  parallel_chunks(entries_, threads, [&](std::uint64_t begin, std::uint64_t end) {
    for (std::uint64_t i = begin; i < end; ++i) {
      const iv::Position pos = slice.position(game, i);
      if (game.terminal(pos).over())
        values[i] = kOver;
      else if (dont_care(game, pos))
        values[i] = code_from_slices(game, pos, known);
    }
  });
  return values;
}

}  // namespace triad::tables
