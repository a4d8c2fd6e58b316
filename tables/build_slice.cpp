// The retrograde builder of one material slice (build_slice.h). (a) An init pass over every entry
// settles what needs no other entry of the slice: positions already over, positions without
// a move, positions with a capture (compulsory; every child is in a smaller slice) and a step
// onto the goal; every other position counts its steps. (b) Pass d takes the positions
// decided in exactly d plies and walks their predecessors by un-steps: the predecessor of a
// loss in d wins in d + 1, and a predecessor whose last step has just been found to lose for
// it (its counter reaches 0) loses in d + 1. (c) What stays open is a draw (the game can go
// round forever). Passes run in order of d, so every distance is exact. In pieces, (b)'s
// updates that cross into another piece go through that piece's queue (build_slice.h).
#include "tables/build_slice.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>

namespace triad::tables {

using iv::endgame_code::kOver;
using iv::endgame_code::loss_in;
using iv::endgame_code::plies_of;
using iv::endgame_code::win_in;

namespace {

// A queue record: the entry's offset in its piece, what happens to it, and the distance.
enum Kind : std::uint64_t { kWinIn = 0, kOneStepFewer = 1 };
std::uint64_t record(std::uint64_t offset, Kind kind, int plies) {
  return offset << 17 | kind << 16 | static_cast<std::uint64_t>(plies);
}

// Records kept in memory per piece before they are appended to its queue file.
constexpr std::size_t kOutbox = 1 << 15;

Result<void> io_error(const std::filesystem::path& p, const char* what) {
  return make_error(p.string() + ": cannot " + what + " it (" + std::strerror(errno) + ")");
}

}  // namespace

struct SliceBuild::State {
  const iv::Game& game;
  Material m;
  SliceIndex slice;
  int threads;
  std::uint64_t n;
  std::uint64_t piece_entries;
  std::size_t pieces;
  std::filesystem::path work;
  // Points a player's stone can step from onto each point (the un-steps).
  std::array<std::array<std::uint32_t, iv::kMaxPoints>, 2> from{};

  // The loaded piece: per entry its code and its steps not yet known to win for the opponent
  // (0 = decided, or never counted).
  std::size_t loaded = SIZE_MAX;
  std::vector<std::int16_t> values;
  std::vector<std::uint8_t> open;
  // Per piece: its entries decided in d plies, by d (kOver and draws aside).
  std::vector<std::vector<std::uint64_t>> decided;
  // Per piece: queue records not yet in its file, and the records in its file.
  std::vector<std::vector<std::uint64_t>> outbox;
  std::vector<std::uint64_t> in_file;
  std::mutex outbox_mutex;
  int longest_init = 0;

  State(const iv::Game& g, Material mat, int t, std::uint64_t piece, std::filesystem::path w)
      : game(g),
        m(mat),
        slice(g.tables().num_points, g.tables().all, mat),
        threads(t),
        n(slice.size()),
        piece_entries(piece ? piece : std::max<std::uint64_t>(n, 1)),
        pieces(static_cast<std::size_t>((n + piece_entries - 1) / piece_entries)),
        work(std::move(w)),
        decided(std::max<std::size_t>(pieces, 1)),
        outbox(decided.size()),
        in_file(decided.size(), 0) {
    const iv::Tables& tb = g.tables();
    for (int s = 0; s < 2; ++s)
      for (int p = 0; p < tb.num_points; ++p)
        for (std::uint32_t b = tb.steps[s][p]; b; b &= b - 1)
          from[s][std::countr_zero(b)] |= 1u << p;
  }

  bool on_disk() const { return pieces > 1; }
  std::uint64_t begin(std::size_t k) const { return k * piece_entries; }
  std::uint64_t size(std::size_t k) const {
    return std::min(n, begin(k) + piece_entries) - begin(k);
  }
  std::filesystem::path piece_file(std::size_t k) const {
    return work / ("piece-" + std::to_string(k));
  }
  std::filesystem::path queue_file(std::size_t k) const {
    return work / ("queue-" + std::to_string(k));
  }
  std::uint64_t decided_in(std::size_t k, int d) const {
    const auto& c = decided[k];
    return static_cast<std::size_t>(d) < c.size() ? c[static_cast<std::size_t>(d)] : 0;
  }
  void count_decided(std::size_t k, int d, std::uint64_t count) {
    auto& c = decided[k];
    if (c.size() <= static_cast<std::size_t>(d)) c.resize(static_cast<std::size_t>(d) + 1, 0);
    c[static_cast<std::size_t>(d)] += count;
  }

  // Writes the loaded piece to its file (pieces on disk only).
  Result<void> save() {
    if (!on_disk() || loaded == SIZE_MAX) return {};
    const auto path = piece_file(loaded);
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return io_error(path, "write");
    const bool ok = std::fwrite(values.data(), 2, values.size(), f) == values.size() &&
                    std::fwrite(open.data(), 1, open.size(), f) == open.size();
    if (std::fclose(f) != 0 || !ok) return io_error(path, "write");
    return {};
  }

  // Makes piece k the loaded one (from its file unless it is new), its queue applied.
  Result<void> load(std::size_t k, bool fresh = false) {
    if (loaded == k) return apply_queue();
    if (auto ok = save(); !ok) return ok;
    loaded = k;
    values.assign(size(k), 0);
    open.assign(size(k), 0);
    if (!fresh) {
      const auto path = piece_file(k);
      std::FILE* f = std::fopen(path.c_str(), "rb");
      if (!f) return io_error(path, "read");
      const bool ok = std::fread(values.data(), 2, values.size(), f) == values.size() &&
                      std::fread(open.data(), 1, open.size(), f) == open.size();
      std::fclose(f);
      if (!ok) return io_error(path, "read");
    }
    return apply_queue();
  }

  void apply(std::uint64_t r) {
    const std::uint64_t o = r >> 17;
    const int plies = static_cast<int>(r & 0xFFFF);
    if (open[o] == 0) return;
    if ((r >> 16 & 1) == kWinIn) {
      if (values[o] != 0) return;
      values[o] = win_in(plies);
    } else {
      if (--open[o] != 0) return;
      values[o] = loss_in(plies);
    }
    count_decided(loaded, plies, 1);
  }

  // The loaded piece's queue, in the order written: its file, then its outbox.
  Result<void> apply_queue() {
    const std::size_t k = loaded;
    if (in_file[k]) {
      const auto path = queue_file(k);
      std::FILE* f = std::fopen(path.c_str(), "rb");
      if (!f) return io_error(path, "read");
      std::vector<std::uint64_t> chunk(kOutbox);
      std::uint64_t read = 0;
      for (std::size_t got; (got = std::fread(chunk.data(), 8, chunk.size(), f)) > 0;) {
        for (std::size_t i = 0; i < got; ++i) apply(chunk[i]);
        read += got;
      }
      std::fclose(f);
      if (read != in_file[k]) return io_error(path, "read");
      std::filesystem::remove(path);
      in_file[k] = 0;
    }
    for (const std::uint64_t r : outbox[k]) apply(r);
    outbox[k].clear();
    return {};
  }

  // Appends records to piece k's queue (from the scanning threads).
  Result<void> post(std::size_t k, const std::vector<std::uint64_t>& records) {
    const std::lock_guard lock(outbox_mutex);
    auto& box = outbox[k];
    box.insert(box.end(), records.begin(), records.end());
    if (box.size() < kOutbox) return {};
    const auto path = queue_file(k);
    std::FILE* f = std::fopen(path.c_str(), "ab");
    if (!f) return io_error(path, "write");
    const bool ok = std::fwrite(box.data(), 8, box.size(), f) == box.size();
    if (std::fclose(f) != 0 || !ok) return io_error(path, "write");
    in_file[k] += box.size();
    box.clear();
    return {};
  }

  // The init pass over piece k (made the loaded one).
  Result<void> init(std::size_t k, const ChildCode& child) {
    if (auto ok = load(k, true); !ok) return ok;
    const std::uint64_t first = begin(k);
    std::mutex mutex;
    parallel_chunks(size(k), threads, [&](std::uint64_t b, std::uint64_t e) {
      iv::Game::MoveList moves;
      std::vector<std::uint64_t> local;
      for (std::uint64_t o = b; o < e; ++o) {
        const iv::Position pos = slice.position(game, first + o);
        if (game.terminal(pos).over()) {
          values[o] = kOver;
          continue;
        }
        game.generate(pos, {}, moves);
        if (moves.empty()) {
          values[o] = loss_in(0);
        } else if (moves.begin()->is_capture()) {  // every child is in a smaller slice
          values[o] = code_from_children(game, pos, child);
        } else if (std::any_of(moves.begin(), moves.end(), [&](const iv::Move& mv) {
                     return game.terminal(game.make(pos, mv)).over();
                   })) {
          values[o] = win_in(1);  // a step onto the goal
        } else {
          open[o] = static_cast<std::uint8_t>(moves.size());
          continue;
        }
        if (values[o] == 0) continue;  // a draw
        const auto d = static_cast<std::size_t>(plies_of(values[o]));
        if (local.size() <= d) local.resize(d + 1, 0);
        ++local[d];
      }
      const std::lock_guard lock(mutex);
      for (std::size_t d = 0; d < local.size(); ++d)
        if (local[d]) count_decided(k, static_cast<int>(d), local[d]);
    });
    longest_init = std::max(longest_init, static_cast<int>(decided[k].size()) - 1);
    return {};
  }

  // Pass d over the loaded piece: the predecessors of its entries decided in d plies.
  // Returns whether it settled or queued anything.
  Result<bool> walk_back(int d) {
    const std::size_t k = loaded;
    const std::uint64_t first = begin(k);
    const iv::Tables& t = game.tables();
    std::atomic<bool> found{false};
    std::atomic<std::uint64_t> settled{0};
    std::mutex error_mutex;
    Result<void> error;
    parallel_chunks(size(k), threads, [&](std::uint64_t b, std::uint64_t e) {
      bool any = false;
      std::uint64_t local_settled = 0;
      std::vector<std::vector<std::uint64_t>> away(on_disk() ? pieces : 0);
      for (std::uint64_t o = b; o < e; ++o) {
        const std::int16_t v = std::atomic_ref(values[o]).load(std::memory_order_relaxed);
        if (v == 0 || v == kOver || plies_of(v) != d) continue;
        const iv::Position pos = slice.position(game, first + o);
        const auto s = static_cast<std::size_t>(engine::index(pos.side_to_move));
        if (pos.pieces[s] & t.goal[s]) continue;  // a predecessor would be over already
        const std::size_t mover = 1 - s;
        const std::uint32_t empty = t.all & ~(pos.pieces[0] | pos.pieces[1]);
        for (std::uint32_t st = pos.pieces[mover]; st; st &= st - 1) {
          const int to = std::countr_zero(st);
          for (std::uint32_t fr = from[mover][to] & empty; fr; fr &= fr - 1) {
            auto pieces_after = pos.pieces;
            pieces_after[mover] ^= (1u << to) | (fr & -fr);
            const std::uint64_t j =
                slice.index(pieces_after[0], pieces_after[1], engine::other(pos.side_to_move));
            if (j - first >= size(k)) {  // in another piece: through its queue
              away[j / piece_entries].push_back(
                  record(j % piece_entries, v < 0 ? kWinIn : kOneStepFewer, d + 1));
              any = true;
              continue;
            }
            const std::uint64_t i = j - first;
            std::atomic_ref<std::uint8_t> count(open[i]);
            if (count.load(std::memory_order_relaxed) == 0) continue;
            std::atomic_ref<std::int16_t> value(values[i]);
            if (v < 0) {
              std::int16_t expected = 0;
              if (value.compare_exchange_strong(expected, win_in(d + 1),
                                                std::memory_order_relaxed)) {
                any = true;
                ++local_settled;
              }
            } else if (count.fetch_sub(1, std::memory_order_relaxed) == 1) {
              value.store(loss_in(d + 1), std::memory_order_relaxed);
              any = true;
              ++local_settled;
            }
          }
        }
      }
      for (std::size_t p = 0; p < away.size(); ++p)
        if (!away[p].empty())
          if (auto ok = post(p, away[p]); !ok) {
            const std::lock_guard lock(error_mutex);
            error = ok;
          }
      settled += local_settled;
      if (any) found.store(true, std::memory_order_relaxed);
    });
    if (!error) return error.error();
    count_decided(k, d + 1, settled);
    return found.load();
  }
};

SliceBuild::SliceBuild(const iv::Game& game, Material m, int threads, std::uint64_t piece_entries,
                       std::filesystem::path work)
    : s_(std::make_unique<State>(game, m, threads, piece_entries, std::move(work))) {}

SliceBuild::~SliceBuild() {
  std::error_code ec;
  if (s_->on_disk()) std::filesystem::remove_all(s_->work, ec);
}

std::size_t SliceBuild::pieces() const {
  return s_->pieces;
}

int SliceBuild::longest() const {
  int longest = 0;
  for (const auto& c : s_->decided)
    for (std::size_t d = 0; d < c.size(); ++d)
      if (c[d]) longest = std::max(longest, static_cast<int>(d));
  return longest;
}

Result<bool> SliceBuild::run(const ChildCode& child,
                             const std::function<void(const std::string&)>& progress,
                             const std::function<bool()>& stop) {
  State& s = *s_;
  if (s.on_disk()) {
    std::error_code ec;
    std::filesystem::remove_all(s.work, ec);  // what a build that was killed left
    if (!std::filesystem::create_directories(s.work, ec))
      return make_error(s.work.string() + ": cannot make the folder (" + ec.message() + ")");
  }
  for (std::size_t k = 0; k < s.pieces; ++k)
    if (auto ok = s.init(k, child); !ok) return ok.error();
  for (int d = 0;; ++d) {
    bool found = false;
    for (std::size_t k = 0; k < s.pieces; ++k) {
      if (s.loaded != k && s.in_file[k] == 0 && s.outbox[k].empty() && s.decided_in(k, d) == 0)
        continue;
      if (auto ok = s.load(k); !ok) return ok.error();
      if (s.decided_in(k, d) == 0) continue;
      auto walked = s.walk_back(d);
      if (!walked) return walked.error();
      found |= *walked;
    }
    if (progress) progress("pass " + std::to_string(d + 1));
    if (stop && stop()) return false;
    if (!found && d >= s.longest_init) break;
  }
  return true;
}

Result<std::vector<std::int16_t>> SliceBuild::take_values(std::size_t k) {
  State& s = *s_;
  if (auto ok = s.load(k); !ok) return ok.error();
  s.loaded = SIZE_MAX;  // taken: not saved again
  s.open = {};
  return std::move(s.values);
}

std::vector<std::int16_t> build_slice(const iv::Game& game, const ChildCode& child, Material m,
                                      int threads,
                                      const std::function<void(const std::string&)>& progress,
                                      const std::function<bool()>& stop) {
  SliceBuild build(game, m, threads);
  const auto done = build.run(child, progress, stop);  // in memory: no file to fail
  if (!done || !*done) return {};
  auto values = build.take_values(0);
  return values ? std::move(*values) : std::vector<std::int16_t>();
}

}  // namespace triad::tables
