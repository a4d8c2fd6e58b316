// Building a folder of table files slice by slice, resumably, and verifying one
// (docs/tables.md). Each slice is written whole (a temporary file renamed over the target),
// so a run that is killed leaves complete slices only, and the next run reuses them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "adapters/tables/table_file.h"
#include "adapters/tables/table_set.h"
#include "engine/core/result.h"
#include "engine/games/ivesdama/build_slice.h"

namespace triad::tables {

// The one retrograde builder is the game core's (engine/games/ivesdama/build_slice.h).
using iv::build_slice;
using iv::ChildCode;
using iv::SliceBuild;

struct BuildSettings {
  std::filesystem::path dir;
  int max_stones = 0;
  int threads = 1;
  // Called before each slice is built or read back; true stops the run there (Ctrl-C).
  std::function<bool()> stop;
  // Called with a note now and then ("4-3: pass 17"), with the entries of the finished slices.
  std::function<void(std::uint64_t done, std::uint64_t total, const std::string& note)> progress;
  // -memory: 0 = every finished slice's values in memory; otherwise the bytes a build may hold
  // (about): the smaller slices are read from their files, and a slice whose state does not
  // fit is built in pieces on disk (piece_entries).
  std::uint64_t memory = 0;
};

// The entries of one piece of a slice built under `memory` bytes: a quarter of them (3 bytes
// of state per entry, and room for the queues and the writer), whole blocks, at least one.
std::uint64_t piece_entries(std::uint64_t memory);

struct BuildReport {
  int built = 0;   // slices computed
  int reused = 0;  // complete slice files kept from an earlier run
  bool stopped = false;
  std::uint64_t entries = 0;  // entries of every slice (both sides to move)
  std::uint64_t file_bytes = 0;
  std::uint64_t wdl_bytes = 0;     // the win/draw/loss parts with their block indices
  double build_seconds = 0;        // computing and writing the built slices
  std::vector<std::string> notes;  // files redone, one line each
};

// The entries of every slice up to `max_stones` on `game`'s board.
std::uint64_t entries_up_to(const iv::Game& game, int max_stones);

// "3-2": a material in messages.
std::string material_text(Material m);

// The slice file of `m` an earlier run left in `dir`, opened and checked whole, counted in
// `report` as kept; nothing when there is none, or when it is damaged or truncated (a note in
// `report`: it is built again). A temporary of an interrupted write of that file is removed.
// Error: a sound table of another game, rules or board.
Result<std::unique_ptr<SliceFile>> existing_slice(const iv::Game& game,
                                                  const std::filesystem::path& dir, Material m,
                                                  BuildReport& report);

// Reads back the file of slice m just written, checked whole, and counts it in `report` as
// built. Error: it reads back damaged.
Result<void> count_written(const iv::Game& game, const std::filesystem::path& dir, Material m,
                           BuildReport& report);

// Writes the file of a built slice (encode_slice's bytes) whole, reads it back checked and
// counts it in `report` as built. Errors: the file cannot be written, or reads back damaged.
Result<void> write_slice(const iv::Game& game, const std::filesystem::path& dir, Material m,
                         const std::string& bytes, BuildReport& report);

class KeptSlices;

// Builds slice m within settings.memory bytes (-memory), every smaller slice a capture reaches
// read from `kept` (kept_slices.h: room is made there first, and m's values are offered to it
// once written; nullptr: none kept) or probed in `children` (nullptr: there is none), its pieces,
// if it needs more than one, in the folder `work` (continued from the last checkpoint a stopped
// build left there; removed once done), and writes its file to `target` whole (a temporary file
// renamed). False when settings.stop stopped it; a note for `notes` when it continued a stopped
// build. Errors: a work, spill or target file cannot be written or read, a smaller slice's file
// changed.
Result<bool> build_within_memory(const iv::Game& game, const BuildSettings& settings, Material m,
                                 const TableSet* children, const std::filesystem::path& work,
                                 const std::filesystem::path& target,
                                 const std::function<void(const std::string&)>& note,
                                 std::vector<std::string>& notes, KeptSlices* kept = nullptr);

// The last line of a build: "slices: 28 built, 0 kept; 26513222 entries, ...".
std::string summary_line(const BuildReport& report);

// Builds the missing slices. Errors: the folder cannot be made or written, or a file in it is
// a table of another game, rules or board (a damaged or truncated slice file is redone).
Result<BuildReport> build_tables(const iv::Game& game, const BuildSettings& settings);

struct VerifyReport {
  std::uint64_t entries = 0;  // entries checked against their children
  std::uint64_t files = 0;
  std::vector<std::string> failures;  // at most 20 are listed
  std::uint64_t disagreements = 0;
};

// Checks every slice file up to `max_stones` (each file whole: header and checksums) and every
// entry against its children (its value and distance must be the best child's, by the
// rules). Errors: a file is missing, truncated, damaged or of other rules or board.
Result<VerifyReport> verify_tables(const iv::Game& game, const BuildSettings& settings);

}  // namespace triad::tables
