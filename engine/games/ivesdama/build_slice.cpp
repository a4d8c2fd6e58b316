// The retrograde builder of one material slice (build_slice.h). (a) An init pass over every entry
// settles what needs no other entry of the slice: positions already over, positions without
// a move, positions with a capture (compulsory; every child is in a smaller slice) and a step
// onto the goal; every other position counts its steps. (b) Pass d takes the positions
// decided in exactly d plies and walks their predecessors by un-steps: the predecessor of a
// loss in d wins in d + 1, and a predecessor whose last step has just been found to lose for
// it (its counter reaches 0) loses in d + 1. (c) What stays open is a draw (the game can go
// round forever). Passes run in order of d, so every distance is exact. In pieces, (b)'s
// updates that cross into another piece go through that piece's queue (build_slice.h).
#include "engine/games/ivesdama/build_slice.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <mutex>

namespace triad::games::ivesdama {

using endgame_code::kOver;
using endgame_code::loss_in;
using endgame_code::plies_of;
using endgame_code::win_in;

namespace {

// A queue record: the entry's offset in its piece, what happens to it, and the distance.
enum Kind : std::uint64_t { kWinIn = 0, kOneStepFewer = 1 };
std::uint64_t record(std::uint64_t offset, Kind kind, int plies) {
  return offset << 17 | kind << 16 | static_cast<std::uint64_t>(plies);
}

// The first word of a slice build's state file (build_slice.h), "TRIADWK1".
constexpr std::uint64_t kStateMagic = 0x314B574441495254;

Result<void> io_error(const std::filesystem::path& p, const char* what) {
  return make_error(p.string() + ": cannot " + what + " it (" + std::strerror(errno) + ")");
}

}  // namespace

struct SliceBuild::State {
  const Game& game;
  Material m;
  SliceIndex slice;
  int threads;
  std::uint64_t n;
  std::uint64_t piece_entries;
  std::size_t pieces;
  std::filesystem::path work;
  // Points a player's stone can step from onto each point (the un-steps).
  std::array<std::array<std::uint32_t, kMaxPoints>, 2> from{};

  // The loaded piece: per entry its code and its steps not yet known to win for the opponent
  // (0 = decided, or never counted); `dirty` when it differs from its file.
  std::size_t loaded = SIZE_MAX;
  bool dirty = false;
  std::vector<std::int16_t> values;
  std::vector<std::uint8_t> open;
  // Pass p: 0 is the init pass, p = d + 1 walks back from the entries decided in d plies.
  // Queue records written in pass p are applied in pass p + 1 (build_slice.h).
  std::int64_t pass = 0;
  // Per piece: its entries decided in d plies, by d (kOver and draws aside); the pass whose
  // state its file holds (-1: none yet); the records for it written in the last pass and in
  // this one (the outbox: those not yet in its queue file), and whether this pass applied
  // the last pass's.
  std::vector<std::vector<std::uint64_t>> decided;
  std::vector<std::int64_t> saved_in;
  std::vector<std::uint64_t> incoming, outgoing;
  std::vector<std::vector<std::uint64_t>> outbox;
  std::vector<std::int64_t> applied_in;
  std::vector<std::filesystem::path> stale;  // superseded piece files, removed at a checkpoint
  std::mutex outbox_mutex;
  std::size_t outbox_limit;
  int longest_init = 0;
  std::int64_t resumed_at = -1;  // the first pass of this run, when it continued a build

  State(const Game& g, Material mat, int t, std::uint64_t piece, std::filesystem::path w)
      : game(g),
        m(mat),
        slice(g.geometry().num_points, g.geometry().all, mat),
        threads(t),
        n(slice.size()),
        piece_entries(piece ? piece : std::max<std::uint64_t>(n, 1)),
        pieces(static_cast<std::size_t>((n + piece_entries - 1) / piece_entries)),
        work(std::move(w)),
        decided(pieces),
        saved_in(pieces, -1),
        incoming(pieces, 0),
        outgoing(pieces, 0),
        outbox(pieces),
        applied_in(pieces, -1),
        // The outboxes together hold about as many bytes as a piece has entries.
        outbox_limit(std::max<std::size_t>(1024, piece_entries / 8 / pieces)) {
    const Geometry& tb = g.geometry();
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
  std::filesystem::path piece_file(std::size_t k, std::int64_t p) const {
    return work / ("piece-" + std::to_string(k) + "-" + std::to_string(p));
  }
  std::filesystem::path queue_file(std::size_t k, std::int64_t p) const {
    return work / ("queue-" + std::to_string(k) + "-" + std::to_string(p));
  }
  std::filesystem::path state_file() const { return work / "state"; }
  std::uint64_t decided_in(std::size_t k, int d) const {
    const auto& c = decided[k];
    return static_cast<std::size_t>(d) < c.size() ? c[static_cast<std::size_t>(d)] : 0;
  }
  void count_decided(std::size_t k, int d, std::uint64_t count) {
    auto& c = decided[k];
    if (c.size() <= static_cast<std::size_t>(d)) c.resize(static_cast<std::size_t>(d) + 1, 0);
    c[static_cast<std::size_t>(d)] += count;
  }

  // Writes the loaded piece, if changed, to a new file of this pass (pieces on disk only):
  // the file of the last checkpoint stays until the next one.
  Result<void> save() {
    if (!on_disk() || loaded == SIZE_MAX || !dirty) return {};
    const auto path = piece_file(loaded, pass);
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return io_error(path, "write");
    const bool ok = std::fwrite(values.data(), 2, values.size(), f) == values.size() &&
                    std::fwrite(open.data(), 1, open.size(), f) == open.size();
    if (std::fclose(f) != 0 || !ok) return io_error(path, "write");
    if (saved_in[loaded] >= 0 && saved_in[loaded] != pass)
      stale.push_back(piece_file(loaded, saved_in[loaded]));
    saved_in[loaded] = pass;
    dirty = false;
    return {};
  }

  // Makes piece k the loaded one, with the last pass's records for it applied.
  Result<void> load(std::size_t k) {
    if (loaded != k) {
      if (auto ok = save(); !ok) return ok;
      loaded = k;
      values.assign(size(k), 0);
      open.assign(size(k), 0);
      dirty = saved_in[k] < 0;
      if (saved_in[k] >= 0) {
        const auto path = piece_file(k, saved_in[k]);
        std::FILE* f = std::fopen(path.c_str(), "rb");
        if (!f) return io_error(path, "read");
        const bool ok = std::fread(values.data(), 2, values.size(), f) == values.size() &&
                        std::fread(open.data(), 1, open.size(), f) == open.size();
        std::fclose(f);
        if (!ok) return io_error(path, "read");
      }
    }
    if (incoming[k] == 0 || applied_in[k] == pass) return {};
    applied_in[k] = pass;
    dirty = true;
    const auto path = queue_file(k, pass - 1);
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) return io_error(path, "read");
    std::vector<std::uint64_t> chunk(1 << 15);
    std::uint64_t read = 0;
    for (std::size_t got; (got = std::fread(chunk.data(), 8, chunk.size(), f)) > 0;) {
      for (std::size_t i = 0; i < got; ++i) apply(chunk[i]);
      read += got;
    }
    std::fclose(f);
    if (read != incoming[k]) return io_error(path, "read");
    return {};
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

  // Appends piece k's outbox to its queue file of this pass (outbox_mutex held).
  Result<void> flush(std::size_t k) {
    auto& box = outbox[k];
    if (box.empty()) return {};
    const auto path = queue_file(k, pass);
    std::FILE* f = std::fopen(path.c_str(), "ab");
    if (!f) return io_error(path, "write");
    const bool ok = std::fwrite(box.data(), 8, box.size(), f) == box.size();
    if (std::fclose(f) != 0 || !ok) return io_error(path, "write");
    outgoing[k] += box.size();
    box.clear();
    return {};
  }

  // Records for piece k, from the scanning threads.
  Result<void> post(std::size_t k, const std::vector<std::uint64_t>& records) {
    const std::lock_guard lock(outbox_mutex);
    auto& box = outbox[k];
    box.insert(box.end(), records.begin(), records.end());
    return box.size() < outbox_limit ? Result<void>() : flush(k);
  }

  // The end of pass `pass` (pieces on disk): every piece's state and this pass's records are
  // in files, and the state file (written whole, then renamed) says so; what the pass
  // superseded goes. A build killed later resumes from here (resume()).
  Result<void> checkpoint() {
    if (auto ok = save(); !ok) return ok;
    for (std::size_t k = 0; k < pieces; ++k)
      if (auto ok = flush(k); !ok) return ok;
    std::vector<std::uint64_t> words = {kStateMagic, n, piece_entries,
                                        static_cast<std::uint64_t>(pass),
                                        static_cast<std::uint64_t>(longest_init)};
    for (std::size_t k = 0; k < pieces; ++k) {
      words.push_back(static_cast<std::uint64_t>(saved_in[k]));
      words.push_back(outgoing[k]);
      words.push_back(decided[k].size());
      words.insert(words.end(), decided[k].begin(), decided[k].end());
    }
    const auto temporary = work / "state.part";
    std::FILE* f = std::fopen(temporary.c_str(), "wb");
    if (!f) return io_error(temporary, "write");
    const bool ok = std::fwrite(words.data(), 8, words.size(), f) == words.size();
    if (std::fclose(f) != 0 || !ok) return io_error(temporary, "write");
    std::error_code ec;
    std::filesystem::rename(temporary, state_file(), ec);
    if (ec) return io_error(state_file(), "write");
    for (const auto& p : stale) std::filesystem::remove(p, ec);
    stale.clear();
    for (std::size_t k = 0; k < pieces; ++k) std::filesystem::remove(queue_file(k, pass - 1), ec);
    incoming = outgoing;
    std::fill(outgoing.begin(), outgoing.end(), 0);
    ++pass;
    return {};
  }

  // The last checkpoint of a build of this slice in these pieces that was stopped or killed:
  // true when there is one (the files it names are kept, the rest of the folder goes).
  bool resume() {
    std::FILE* f = std::fopen(state_file().c_str(), "rb");
    if (!f) return false;
    std::vector<std::uint64_t> words;
    for (std::uint64_t w; std::fread(&w, 8, 1, f) == 1;) words.push_back(w);
    std::fclose(f);
    std::size_t at = 5;
    if (words.size() < at || words[0] != kStateMagic || words[1] != n || words[2] != piece_entries)
      return false;
    const auto done = static_cast<std::int64_t>(words[3]);
    for (std::size_t k = 0; k < pieces; ++k) {
      if (words.size() < at + 3 || words[at + 2] > words.size() - at - 3) return false;
      saved_in[k] = static_cast<std::int64_t>(words[at]);
      incoming[k] = words[at + 1];
      decided[k].assign(words.begin() + static_cast<std::ptrdiff_t>(at + 3),
                        words.begin() + static_cast<std::ptrdiff_t>(at + 3 + words[at + 2]));
      at += 3 + words[at + 2];
    }
    longest_init = static_cast<int>(words[4]);
    pass = done + 1;
    std::error_code ec;
    std::vector<std::filesystem::path> keep = {state_file()};
    for (std::size_t k = 0; k < pieces; ++k) {
      if (saved_in[k] >= 0) keep.push_back(piece_file(k, saved_in[k]));
      if (incoming[k]) keep.push_back(queue_file(k, done));
    }
    for (const auto& entry : std::filesystem::directory_iterator(work, ec))
      if (std::find(keep.begin(), keep.end(), entry.path()) == keep.end())
        std::filesystem::remove(entry.path(), ec);
    return true;
  }

  // The init pass over piece k (made the loaded one).
  Result<void> init(std::size_t k, const ChildCode& child) {
    if (auto ok = load(k); !ok) return ok;
    const std::uint64_t first = begin(k);
    std::mutex mutex;
    parallel_chunks(size(k), threads, [&](std::uint64_t b, std::uint64_t e) {
      Game::MoveList moves;
      std::vector<std::uint64_t> local;
      for (std::uint64_t o = b; o < e; ++o) {
        const Position pos = slice.position(game, first + o);
        if (game.terminal(pos).over()) {
          values[o] = kOver;
          continue;
        }
        game.generate(pos, {}, moves);
        if (moves.empty()) {
          values[o] = loss_in(0);
        } else if (moves.begin()->is_capture()) {  // every child is in a smaller slice
          values[o] = code_from_children(game, pos, child);
        } else if (std::any_of(moves.begin(), moves.end(), [&](const Move& mv) {
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
    const Geometry& t = game.geometry();
    std::atomic<bool> found{false};
    std::atomic<std::uint64_t> settled{0};
    std::mutex error_mutex;
    Result<void> error;
    dirty = true;
    parallel_chunks(size(k), threads, [&](std::uint64_t b, std::uint64_t e) {
      bool any = false;
      std::uint64_t local_settled = 0;
      std::vector<std::vector<std::uint64_t>> away(on_disk() ? pieces : 0);
      for (std::uint64_t o = b; o < e; ++o) {
        const std::int16_t v = std::atomic_ref(values[o]).load(std::memory_order_relaxed);
        if (v == 0 || v == kOver || plies_of(v) != d) continue;
        const Position pos = slice.position(game, first + o);
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

SliceBuild::SliceBuild(const Game& game, Material m, int threads, std::uint64_t piece_entries,
                       std::filesystem::path work)
    : s_(std::make_unique<State>(game, m, threads, piece_entries, std::move(work))) {}

SliceBuild::~SliceBuild() = default;

std::int64_t SliceBuild::resumed_at() const {
  return s_->resumed_at;
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
  const bool resumed = s.on_disk() && s.resume();
  if (resumed) s.resumed_at = s.pass;
  if (s.on_disk() && !resumed) {
    std::error_code ec;
    std::filesystem::remove_all(s.work, ec);  // a build in other pieces, or a damaged state
    if (!std::filesystem::create_directories(s.work, ec))
      return make_error(s.work.string() + ": cannot make the folder (" + ec.message() + ")");
  }
  if (!resumed) {
    for (std::size_t k = 0; k < s.pieces; ++k)
      if (auto ok = s.init(k, child); !ok) return ok.error();
    if (s.on_disk())
      if (auto ok = s.checkpoint(); !ok) return ok.error();
  }
  for (int d = static_cast<int>(s.pass) - 1;; ++d) {
    if (!s.on_disk()) s.pass = d + 1;
    bool found = false;
    for (std::size_t k = 0; k < s.pieces; ++k) {
      if (s.incoming[k] == 0 && s.decided_in(k, d) == 0) continue;
      if (auto ok = s.load(k); !ok) return ok.error();
      if (s.decided_in(k, d) == 0) continue;
      auto walked = s.walk_back(d);
      if (!walked) return walked.error();
      found |= *walked;
    }
    if (s.on_disk())
      if (auto ok = s.checkpoint(); !ok) return ok.error();
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

std::vector<std::int16_t> build_slice(const Game& game, const ChildCode& child, Material m,
                                      int threads,
                                      const std::function<void(const std::string&)>& progress,
                                      const std::function<bool()>& stop) {
  SliceBuild build(game, m, threads);
  const auto done = build.run(child, progress, stop);  // in memory: no file to fail
  if (!done || !*done) return {};
  auto values = build.take_values(0);
  return values ? std::move(*values) : std::vector<std::int16_t>();
}

}  // namespace triad::games::ivesdama
