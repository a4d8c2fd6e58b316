// A distributed build of the tables on the run driver (runner/distributed_run.h): units are
// the slices in build order (materials_up_to), rank 0 leases only the slices of the lowest
// stone total not yet written (every slice of a total needs the smaller totals' values, and
// none needs another slice of its own total), and commits each built slice by writing its
// file; a worker rank builds on one slot of the work layer's slot pool. Under -memory each
// lease has a stamp, and the worker builds in the work folder of that stamp, taken over from
// the slice's last lease (work_folder.h): a killed worker loses only the pass it was in.
#include "tables/mpi_run.h"

#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

#include "adapters/common/progress_bar.h"
#include "adapters/tables/table_file.h"
#include "adapters/tables/table_set.h"
#include "cluster/scheduler.h"
#include "cluster/slot_pool.h"
#include "engine/games/ivesdama/build_slice.h"
#include "runner/distributed_run.h"
#include "runner/output_files.h"
#include "tables/builder.h"
#include "tables/work_folder.h"

namespace triad::tables::mpi {

namespace {

// A slice to build: its unit, its material, the variant rank 0 builds for (a worker that
// read another -variant or -variants says so instead of building) and the lease's stamp (the
// name of its work folder under -memory).
struct SliceUnit {
  cluster::UnitId id = 0;
  int a = 0;
  int b = 0;
  std::uint64_t board_hash = 0;
  std::uint32_t rules = 0;
  std::uint64_t stamp = 0;

  Material material() const { return {a, b}; }
  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& id& a& b& board_hash& rules& stamp;
  }
};

// A built slice: the bytes of its file and the seconds it took (building and encoding).
struct BuiltSlice {
  cluster::UnitId id = 0;
  std::string bytes;
  double seconds = 0;
  std::string other_variant;  // not empty: the worker's variant differs from rank 0's (how)
  std::string note;           // "ives-4-4.tbl: continued from pass 37 of a build that was stopped"

  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar& id& bytes& seconds& other_variant& note;
  }
};

// One MPI message carries at most INT_MAX bytes; a slice file comes back in one.
constexpr std::size_t kMaxSliceBytes = INT_MAX - (1 << 20);

// Rank 0's run: the folder, the slices kept from an earlier run, the scheduler and the
// report of the build.
class Run {
 public:
  // Makes the folder if missing and checks every slice file in it (as build_tables does).
  // Errors: the folder cannot be made, or holds a sound table of another variant.
  static Result<std::unique_ptr<Run>> prepare(const TablesConfig& config) {
    if (auto ok = runner::prepare_output_folder(config.dir, "-dir"); !ok) return ok.error();
    BuildReport report;
    const auto materials = materials_up_to(config.max_stones);
    std::vector<bool> kept;
    for (const Material m : materials) {
      auto file = existing_slice(config.game(), config.dir, m, report);
      if (!file) return file.error();
      kept.push_back(*file != nullptr);
    }
    return std::unique_ptr<Run>(new Run(config, std::move(report), std::move(kept)));
  }

  cluster::Scheduler<BuiltSlice>& scheduler() { return scheduler_; }
  SliceUnit unit(cluster::UnitId id) const {
    const Material m = materials_[static_cast<std::size_t>(id)];
    const SliceKey key = slice_key(config_.game(), m);
    return {id, m.a, m.b, key.board_hash, key.rules, ++last_stamp_};
  }
  std::string refusal(const BuiltSlice& slice) const {
    if (slice.other_variant.empty()) return "";
    return "read another variant than rank 0 (" + slice.other_variant +
           "); every rank must read the same -variant and -variants";
  }
  Result<void> accept(cluster::WorkerId worker, BuiltSlice slice) {
    const auto id = slice.id;
    scheduler_.complete(worker, id, std::move(slice));
    return {};
  }
  // Writes every built slice that is next in order; once a stone total is complete, the
  // next total's slices can go out.
  Result<void> commit() {
    while (auto ready = scheduler_.next_ready()) {
      const auto id = static_cast<std::size_t>(ready->first);
      const Material m = materials_[id];
      if (auto ok = write_slice(config_.game(), config_.dir, m, ready->second.bytes, report_); !ok)
        return ok;
      report_.build_seconds += ready->second.seconds;
      if (!ready->second.note.empty()) report_.notes.push_back(ready->second.note);
      done_[id] = true;
      progress_.update(static_cast<std::int64_t>(report_.entries), material_text(m) + ": written");
    }
    hold_back_later_totals();
    return {};
  }
  bool finished() const { return scheduler_.finished(); }
  // The files redone (on `out`) and the line of a build (on standard output, as a
  // one-machine build prints it, interrupted or not: the same command continues).
  void finish(std::ostream& out, bool /*interrupted*/) {
    progress_.finish();
    if (finished()) remove_work_folders(config_.dir);  // those of workers that were lost
    for (const auto& note : report_.notes) out << "triad-tables: " << note << "\n";
    std::cout << summary_line(report_) << std::endl;
  }

 private:
  Run(const TablesConfig& config, BuildReport report, std::vector<bool> kept)
      : config_(config),
        materials_(materials_up_to(config.max_stones)),
        done_(std::move(kept)),  // the scheduler never leases these
        report_(std::move(report)),
        last_stamp_(highest_work_stamp(config.dir)),
        progress_("tables",
                  static_cast<std::int64_t>(entries_up_to(config.game(), config.max_stones)),
                  config.progress),
        scheduler_(static_cast<cluster::UnitId>(materials_.size()),
                   {std::chrono::seconds(config.mpi_lease_seconds)},
                   [this](cluster::UnitId id) { return done_[static_cast<std::size_t>(id)]; }) {
    progress_.update(static_cast<std::int64_t>(report_.entries));
    hold_back_later_totals();
  }

  // Only the slices of the lowest stone total with a slice not written yet can be built.
  void hold_back_later_totals() {
    std::size_t first = 0;
    while (first < done_.size() && done_[first]) ++first;
    std::size_t end = first;
    while (end < materials_.size() && materials_[end].stones() == materials_[first].stones()) ++end;
    scheduler_.hold_from(static_cast<cluster::UnitId>(end));
  }

  const TablesConfig& config_;
  const std::vector<Material> materials_;  // unit i is slice materials_[i]
  std::vector<bool> done_;                 // written by this run or kept from an earlier one
  BuildReport report_;
  // The stamp of the last lease (unit() is called once per lease), above every work folder
  // an earlier job left, so that a later lease's folder always has the higher stamp.
  mutable std::uint64_t last_stamp_;
  adapters::ProgressBar progress_;
  cluster::Scheduler<BuiltSlice> scheduler_;
};

// A worker rank's builder, on its pool's one slot: the values of every smaller slice (read
// from -dir as the stone totals grow, and those it built itself), as build_tables keeps them.
class SliceBuilder {
 public:
  SliceBuilder(const TablesConfig& config, const std::atomic<bool>& stopping)
      : config_(config), known_(config.game()), stopping_(stopping) {}

  Result<std::optional<BuiltSlice>> build(const SliceUnit& unit) {
    using Built = std::optional<BuiltSlice>;
    const Material m = unit.material();
    BuiltSlice built;
    built.id = unit.id;
    const SliceKey mine = slice_key(config_.game(), m);
    if (mine.rules != unit.rules || mine.board_hash != unit.board_hash) {
      built.other_variant = mine.rules != unit.rules ? "its -variant has other rules"
                                                     : "its -variant has another board";
      return Built(std::move(built));
    }
    const auto start = std::chrono::steady_clock::now();
    if (config_.memory) {
      auto bytes = build_within_limit(m, unit.stamp, built.note);
      if (!bytes) return bytes.error();
      if (!*bytes) return Built();  // stopped, or taken over by a later lease
      built.bytes = std::move(**bytes);
      return finish(std::move(built), m, start);
    }
    if (auto ok = read_smaller_slices(m.stones()); !ok) return ok.error();
    if (stopping_) return Built();
    auto values = build_slice(
        config_.game(), [this](const iv::Position& c) { return known_.code(c); }, m,
        config_.threads, {}, [this] { return stopping_.load(); });
    if (values.empty()) return Built();  // stopped
    built.bytes = encode_slice(known_, m, values, config_.threads);
    if (m.stones() < config_.max_stones) known_.add(m, std::move(values));
    return finish(std::move(built), m, start);
  }

 private:
  static Result<std::optional<BuiltSlice>> finish(BuiltSlice built, Material m,
                                                  std::chrono::steady_clock::time_point start) {
    if (built.bytes.size() > kMaxSliceBytes)
      return make_error("slice " + material_text(m) + ": its file of " +
                        std::to_string(built.bytes.size()) +
                        " bytes does not fit in one MPI message (2 GiB)");
    built.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::optional<BuiltSlice>(std::move(built));
  }

  // Under -memory: the smaller slices probed in rank 0's files, the slice built within the
  // limit in the work folder of its lease (DIR/ives-a-b.tbl.work-STAMP), taken over from the
  // slice's last lease, so that the build continues from its last checkpoint, its file
  // written beside it and read back to be sent; `note` says when it continued. Nothing when
  // stopped (the folder stays for the next job) or when a later lease took the slice over
  // (this worker was presumed lost: its folder is gone, or one of a later lease is there).
  Result<std::optional<std::string>> build_within_limit(Material m, std::uint64_t stamp,
                                                        std::string& note) {
    using Bytes = std::optional<std::string>;
    if (children_stones_ != m.stones() - 1) {
      for (const Material smaller : materials_up_to(m.stones() - 1))
        if (auto file = open_written_slice(smaller); !file) return file.error();
      children_.reset();
      if (m.stones() > 0) {
        auto set = TableSet::open(config_.dir, config_.game(), m.stones() - 1);
        if (!set) return set.error();
        children_ = std::move(*set);
      }
      children_stones_ = m.stones() - 1;
    }
    auto mine = take_over_work_folder(config_.dir, m, stamp);
    if (!mine) return mine.error();
    if (!*mine) return Bytes();
    const auto work = work_folder(config_.dir, m, stamp);
    const auto target = work.string() + ".tbl";
    const BuildSettings settings{
        config_.dir, config_.max_stones, config_.threads, [this] { return stopping_.load(); },
        {},          config_.memory};
    std::vector<std::string> notes;
    auto done = build_within_memory(
        config_.game(), settings, m, children_ ? &*children_ : nullptr, work, target,
        [](const std::string&) {}, notes);
    std::error_code ec;
    const bool in_pieces =
        SliceIndex(config_.game().geometry().num_points, config_.game().geometry().all, m).size() >
        piece_entries(config_.memory);
    if (!done && in_pieces && !std::filesystem::exists(work, ec)) return Bytes();  // taken over
    if (!done) return done.error();
    if (!*done) return Bytes();
    for (const auto& n : notes) note += (note.empty() ? "" : "; ") + n;
    std::ifstream in(target, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    std::filesystem::remove(target, ec);
    if (!in) return make_error(target + ": cannot read it back");
    return Bytes(bytes.str());
  }

  // Reads every slice of fewer than `stones` stones not read yet, smallest first: rank 0
  // has written them all before it hands out a slice of `stones`.
  Result<void> read_smaller_slices(int stones) {
    for (const Material m : materials_up_to(stones - 1)) {
      if (known_.has(m)) continue;
      auto file = open_written_slice(m);
      if (!file) return file.error();
      auto decoded = (*file)->decode_all(known_, config_.threads);
      if (!decoded) return decoded.error();
      known_.add(m, std::move(*decoded));
    }
    return {};
  }

  // A file rank 0 wrote. On a network filesystem a file renamed into place on one host may
  // show on another a little later, so a missing file is looked for again for a few seconds.
  Result<std::unique_ptr<SliceFile>> open_written_slice(Material m) {
    const auto path = config_.dir / slice_file_name(m);
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    std::error_code ec;
    while (!std::filesystem::exists(path, ec) && std::chrono::steady_clock::now() < give_up &&
           !stopping_)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    auto file = SliceFile::open(path, slice_key(config_.game(), m));
    if (!file && !std::filesystem::exists(path, ec))
      return make_error(file.error().message +
                        " (rank 0 wrote it: with -mpi, -dir must be one folder shared by every "
                        "rank, at the same path)");
    return file;
  }

  const TablesConfig& config_;
  SliceSet known_;                    // without -memory
  std::optional<TableSet> children_;  // with -memory: the smaller slices' files
  int children_stones_ = -2;          // the stones children_ was opened for
  const std::atomic<bool>& stopping_;
};

using Pool = cluster::SlotPool<SliceUnit, BuiltSlice>;

// A worker rank's pool: one slot (a slice is built by -threads threads), holding one slice
// at a time, so that no slice waits behind another on a busy rank.
Result<std::unique_ptr<Pool>> make_pool(const TablesConfig& config) {
  auto pool = std::make_unique<Pool>(cluster::Prefetch{0, 1, 1});
  pool->add_slot([&config, p = pool.get()](int) -> Pool::Work {
    auto builder = std::make_shared<SliceBuilder>(config, p->stopping());
    return [builder](SliceUnit& unit) { return builder->build(unit); };
  });
  return pool;
}

}  // namespace

int run_distributed(int argc, char** argv, const Result<TablesConfig>& config) {
  const runner::DistributedNames names{"triad-tables", "build", "slices", "build"};
  const auto worker = [&config](const boost::mpi::communicator& world,
                                const cluster::mpi::Settings& settings) {
    return runner::serve_worker(world, settings, [&]() -> Result<std::unique_ptr<Pool>> {
      if (!config) return config.error();
      return make_pool(*config);
    });
  };
  return runner::run_distributed(argc, argv, names, config, worker, &Run::prepare);
}

}  // namespace triad::tables::mpi
