// The retrograde builder of one material slice of the Íves dáma endgame tables
// (docs/tables.md, "How a slice is built"); the slices themselves are slice.h. The one builder:
// the game's in-memory table (endgame.h) is its output for the smallest slices, and triad-tables
// (tables/) writes its output to files.
// The slice's state (a code and a count of open steps per entry, 3 bytes) is either in memory
// whole, or, under triad-tables -memory, in pieces of consecutive entries that live in files
// and are loaded one at a time ("Building under a memory limit").
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/games/ivesdama/slice.h"

namespace triad::games::ivesdama {

// The code of a capture's child, a position of a smaller slice (kOver for one already over).
using ChildCode = std::function<std::int16_t(const Position&)>;

// One slice being built. Pass d walks back from the entries decided in d plies; a predecessor
// in the piece being worked on is settled at once, one in another piece gets a record (win
// in d + 1, or one open step fewer) in that piece's queue of pass d, applied, in the order
// written, when the piece is loaded in pass d + 1, before its scan: the entries it decides
// are the ones decided in d + 1 plies, so every distance is the one-piece build's. A piece
// with no entry decided in d plies and no record is not loaded in pass d.
class SliceBuild {
 public:
  // `piece_entries`: 0 = one piece in memory; otherwise a multiple of kBlockEntries, and the
  // pieces' files are kept in the folder `work` (made by run(); the caller removes it once the
  // slice's file is written). After each pass its state is written there whole (a
  // checkpoint), and run() continues from the last one of an earlier run that was stopped or
  // killed in the same pieces.
  SliceBuild(const Game& game, Material m, int threads, std::uint64_t piece_entries = 0,
             std::filesystem::path work = {});
  ~SliceBuild();
  SliceBuild(const SliceBuild&) = delete;
  SliceBuild& operator=(const SliceBuild&) = delete;

  // The init pass and the retrograde passes. `progress(note)` is called after each pass
  // ("pass 12"); when `stop()` is true after a pass, the build is given up (false).
  // Error: a piece's file cannot be written or read back.
  Result<bool> run(const ChildCode& child,
                   const std::function<void(const std::string&)>& progress = {},
                   const std::function<bool()>& stop = {});

  std::size_t pieces() const;
  // The pass run() continued from (its number, 1 for the first pass after the init pass), or
  // -1 when it started afresh.
  std::int64_t resumed_at() const;
  // The largest distance of a decided entry (the width of the file's distances).
  int longest() const;
  // The codes of piece k, moved out (after run; a piece is taken once).
  Result<std::vector<std::int16_t>> take_values(std::size_t k);

 private:
  struct State;
  std::unique_ptr<State> s_;
};

// The whole slice in memory: every smaller slice a capture reaches answers `child`. Returns
// the codes, or nothing when `stop()` was true after a pass (triad-tables -mpi's workers).
std::vector<std::int16_t> build_slice(const Game& game, const ChildCode& child, Material m,
                                      int threads,
                                      const std::function<void(const std::string&)>& progress = {},
                                      const std::function<bool()>& stop = {});

}  // namespace triad::games::ivesdama
