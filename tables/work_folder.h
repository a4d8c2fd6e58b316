// The work folder of a slice built in pieces (triad-tables -memory, docs/tables.md "Building
// under a memory limit"): DIR/ives-a-b.tbl.work for a one-process build, and
// DIR/ives-a-b.tbl.work-STAMP for the lease STAMP of a -mpi worker (rank 0 numbers the leases
// upwards, across jobs too). A build takes over the folder of the slice's latest earlier
// build by renaming it to its own name, so it continues from that build's last checkpoint,
// and a worker that was presumed lost but still runs finds its folder gone: its next file
// operation fails, and it gives the slice up instead of writing into its successor's folder.
#pragma once

#include <cstdint>
#include <filesystem>

#include "adapters/tables/table_file.h"
#include "engine/core/result.h"

namespace triad::tables {

// The stamp of a one-process build's folder (DIR/ives-a-b.tbl.work).
inline constexpr std::uint64_t kOneProcess = 0;

std::filesystem::path work_folder(const std::filesystem::path& dir, Material m,
                                  std::uint64_t stamp);

// Renames the work folder of slice m with the highest stamp to work_folder(dir, m, stamp) and
// removes the slice's other work folders. False, with nothing touched, when a worker's
// folder has a higher stamp than `stamp` (a later lease of the slice: this one was
// superseded); a one-process build (kOneProcess) takes over any. Error: the rename failed.
Result<bool> take_over_work_folder(const std::filesystem::path& dir, Material m,
                                   std::uint64_t stamp);

// The highest stamp of any worker's work folder in `dir`, of any slice (0: none), so that a
// new job's leases are numbered above an earlier job's.
std::uint64_t highest_work_stamp(const std::filesystem::path& dir);

// Removes every work folder in `dir`, and the files workers write beside theirs (a build
// whose every slice is written leaves none behind: those of workers presumed lost).
void remove_work_folders(const std::filesystem::path& dir);

}  // namespace triad::tables
