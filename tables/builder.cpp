// Building and verifying a folder of table files (builder.h).
#include "tables/builder.h"

#include <atomic>
#include <chrono>
#include <iomanip>
#include <mutex>
#include <optional>
#include <sstream>
#include <system_error>

#include "adapters/tables/table_file.h"
#include "adapters/tables/table_set.h"
#include "engine/games/ivesdama/build_slice.h"
#include "runner/output_files.h"
#include "tables/kept_slices.h"
#include "tables/slice_writer.h"
#include "tables/work_folder.h"

namespace triad::tables {

namespace {

std::string code_text(std::int16_t code) {
  if (code == iv::endgame_code::kOver) return "over";
  if (code == 0) return "draw";
  return (code > 0 ? "win in " : "loss in ") + std::to_string(iv::endgame_code::plies_of(code));
}

}  // namespace

std::uint64_t entries_up_to(const iv::Game& game, int max_stones) {
  std::uint64_t total = 0;
  for (const Material m : materials_up_to(max_stones))
    total += SliceIndex(game.geometry().num_points, game.geometry().all, m).size();
  return total;
}

std::string material_text(Material m) {
  return std::to_string(m.a) + "-" + std::to_string(m.b);
}

Result<std::unique_ptr<SliceFile>> existing_slice(const iv::Game& game,
                                                  const std::filesystem::path& dir, Material m,
                                                  BuildReport& report) {
  const auto path = dir / slice_file_name(m);
  runner::remove_stale_temporaries(path);  // a write killed before its rename
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return std::unique_ptr<SliceFile>();
  bool foreign = false;
  auto file = SliceFile::open(path, slice_key(game, m), &foreign);
  if (!file) {
    if (foreign) return make_error(file.error().message + "; use one folder per variant");
    report.notes.push_back(file.error().message + ": built again");
    return std::unique_ptr<SliceFile>();
  }
  ++report.reused;
  report.entries += (*file)->entries();
  report.file_bytes += (*file)->file_bytes();
  report.wdl_bytes += (*file)->wdl_bytes();
  return std::move(*file);
}

Result<void> count_written(const iv::Game& game, const std::filesystem::path& dir, Material m,
                           BuildReport& report) {
  auto written = SliceFile::open(dir / slice_file_name(m), slice_key(game, m));
  if (!written) return written.error();
  ++report.built;
  report.entries += (*written)->entries();
  report.file_bytes += (*written)->file_bytes();
  report.wdl_bytes += (*written)->wdl_bytes();
  return {};
}

Result<void> write_slice(const iv::Game& game, const std::filesystem::path& dir, Material m,
                         const std::string& bytes, BuildReport& report) {
  if (auto ok = runner::write_file_atomically(dir / slice_file_name(m), bytes); !ok)
    return ok.error();
  return count_written(game, dir, m, report);
}

std::string summary_line(const BuildReport& report) {
  std::ostringstream line;
  line << "slices: " << report.built << " built, " << report.reused << " kept; " << report.entries
       << " entries, " << report.file_bytes << " bytes (" << report.wdl_bytes
       << " win/draw/loss); built in " << std::fixed << std::setprecision(1) << report.build_seconds
       << " s";
  return line.str();
}

std::uint64_t piece_entries(std::uint64_t memory) {
  return std::max<std::uint64_t>(1, memory / 4 / kBlockEntries) * kBlockEntries;
}

Result<bool> build_within_memory(const iv::Game& game, const BuildSettings& settings, Material m,
                                 const TableSet* children, const std::filesystem::path& work,
                                 const std::filesystem::path& target,
                                 const std::function<void(const std::string&)>& note,
                                 std::vector<std::string>& notes, KeptSlices* kept) {
  KeptSlices none(game, 0, 0);
  if (kept) kept->make_room(m);
  SliceBuild build(game, m, settings.threads, piece_entries(settings.memory), work);
  std::atomic<bool> unreadable{false};
  const ChildCode child = (kept ? *kept : none).child(children, unreadable);
  // In pieces, Ctrl-C stops at the end of a pass (a checkpoint); in one piece, between slices.
  auto done = build.run(child, note, build.pieces() > 1 ? settings.stop : std::function<bool()>());
  if (!done) return done.error();
  if (build.resumed_at() >= 0)
    notes.push_back(slice_file_name(m) + ": continued from pass " +
                    std::to_string(build.resumed_at()) + " of a build that was stopped");
  if (unreadable) {
    if (auto changed = children->check(); !changed) return changed.error();
    return make_error("a smaller slice's file could not be read during the build");
  }
  if (!*done) return false;
  note("writing");
  if (build.pieces() == 1) {
    auto values = build.take_values(0);
    if (!values) return values.error();
    const std::string bytes = encode_slice(SliceSet(game), m, *values, settings.threads);
    if (auto ok = runner::write_file_atomically(target, bytes); !ok) return ok.error();
    std::error_code ec;  // a work folder taken over from a build in other pieces
    std::filesystem::remove_all(work, ec);
    if (kept) kept->offer(m, *values);
    return true;
  }
  SliceWriter writer(game, m, build.longest(), settings.threads, work);
  for (std::size_t k = 0; k < build.pieces(); ++k) {
    auto values = build.take_values(k);
    if (!values) return values.error();
    if (auto ok = writer.add(*values); !ok) return ok.error();
  }
  if (auto ok = writer.finish(target); !ok) return ok.error();
  std::error_code ec;
  std::filesystem::remove_all(work, ec);
  return true;
}

Result<BuildReport> build_tables(const iv::Game& game, const BuildSettings& settings) {
  if (auto ok = runner::prepare_output_folder(settings.dir, "-dir"); !ok) return ok.error();
  BuildReport report;
  SliceSet known(game);              // without -memory: the values of the finished smaller slices
  std::optional<TableSet> children;  // with -memory: their files
  KeptSlices kept_values(game, settings.memory, settings.max_stones);  // and values that fit
  const std::uint64_t total = entries_up_to(game, settings.max_stones);
  std::uint64_t done = 0;
  for (const Material m : materials_up_to(settings.max_stones)) {
    if (settings.stop && settings.stop()) {
      report.stopped = true;
      break;
    }
    const auto note = [&](const std::string& what) {
      if (settings.progress) settings.progress(done, total, material_text(m) + ": " + what);
    };
    const std::uint64_t entries =
        SliceIndex(game.geometry().num_points, game.geometry().all, m).size();
    auto kept = existing_slice(game, settings.dir, m, report);
    if (!kept) return kept.error();
    const auto start = std::chrono::steady_clock::now();
    if (settings.memory) {
      if (m.a == 0 && m.stones() > 0) {  // the smaller totals are all written
        children.reset();
        auto opened = TableSet::open(settings.dir, game, m.stones() - 1);
        if (!opened) return opened.error();
        children = std::move(*opened);
      }
      if (!*kept) {
        // A -mpi job's work folder of this slice is continued too (work_folder.h).
        if (auto taken = take_over_work_folder(settings.dir, m, kOneProcess); !taken)
          return taken.error();
        auto built = build_within_memory(game, settings, m, children ? &*children : nullptr,
                                         work_folder(settings.dir, m, kOneProcess),
                                         settings.dir / slice_file_name(m), note, report.notes,
                                         &kept_values);
        if (!built) return built.error();
        if (!*built) {
          report.stopped = true;
          break;
        }
        if (auto ok = count_written(game, settings.dir, m, report); !ok) return ok.error();
      } else if (auto ok = kept_values.offer_file(**kept, settings.threads); !ok) {
        return ok.error();
      }
    } else {
      std::vector<std::int16_t> values;
      if (*kept) {
        note("reading");
        auto decoded = (*kept)->decode_all(known, settings.threads);
        if (!decoded) return decoded.error();
        values = std::move(*decoded);
      } else {
        values = build_slice(
            game, [&](const iv::Position& c) { return known.code(c); }, m, settings.threads, note);
        note("writing");
        const std::string bytes = encode_slice(known, m, values, settings.threads);
        if (auto ok = write_slice(game, settings.dir, m, bytes, report); !ok) return ok.error();
      }
      // Captures remove stones, so only slices of fewer stones than the limit are ever a
      // child's: the top ones are not kept (at 10 stones, the 9-stone and smaller ones hold
      // 5.2 GiB; keeping the 10-stone ones too would need 17.7 GiB).
      if (m.stones() < settings.max_stones) known.add(m, std::move(values));
    }
    if (!*kept)
      report.build_seconds +=
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    done += entries;
  }
  return report;
}

Result<VerifyReport> verify_tables(const iv::Game& game, const BuildSettings& settings) {
  VerifyReport report;
  SliceSet known(game);
  const std::uint64_t total = entries_up_to(game, settings.max_stones);
  std::uint64_t done = 0;
  std::mutex mutex;
  for (const Material m : materials_up_to(settings.max_stones)) {
    if (settings.stop && settings.stop()) return make_error("interrupted");
    auto file = SliceFile::open(settings.dir / slice_file_name(m), slice_key(game, m));
    if (!file) return file.error();
    ++report.files;
    if (settings.progress) settings.progress(done, total, material_text(m) + ": checking");
    auto decoded = (*file)->decode_all(known, settings.threads);
    if (!decoded) return decoded.error();
    known.add(m, std::move(*decoded));
    const std::vector<std::int16_t>& values = known.values(m);
    const SliceIndex& slice = known.index(m);
    std::atomic<std::uint64_t> checked{0};
    parallel_chunks(values.size(), settings.threads, [&](std::uint64_t begin, std::uint64_t end) {
      std::uint64_t local = 0;
      for (std::uint64_t i = begin; i < end; ++i) {
        if (values[i] == iv::endgame_code::kOver) continue;
        const iv::Position pos = slice.position(game, i);
        ++local;
        const std::int16_t want = code_from_slices(game, pos, known);
        if (want == values[i]) continue;
        const std::lock_guard lock(mutex);
        ++report.disagreements;
        if (report.failures.size() < 20)
          report.failures.push_back(material_text(m) + " entry " + std::to_string(i) + ": stored " +
                                    code_text(values[i]) + ", its children give " +
                                    code_text(want));
      }
      checked += local;
    });
    report.entries += checked;
    done += values.size();
    if (m.stones() == settings.max_stones) known.remove(m);  // no later slice's child
  }
  return report;
}

}  // namespace triad::tables
