// The runner's output files: whole files replaced safely (a unique temporary in the
// target's folder, created with O_EXCL so a planted file or symlink is never followed,
// written, fsync'ed and renamed over the target), and checks that every output can be
// written, made before the first game so that no result is lost to a bad path.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <string_view>

#include "engine/core/result.h"

namespace triad::runner {

// Replaces `target` with `text` atomically: readers see the old or the new file, never a
// part. Refuses a target that exists and is not a regular file (a folder, a device, a FIFO).
Result<void> write_file_atomically(const std::filesystem::path& target, std::string_view text);

// Removes what a write_file_atomically(target) that was killed before its rename left: the
// regular files named like its temporaries in the target's folder. Only for a target that one
// process at a time replaces (a later writer's temporary would go too). Errors are ignored:
// a leftover that stays is harmless.
void remove_stale_temporaries(const std::filesystem::path& target);

// Whether write_file_atomically(target) would succeed: the folder exists and lets us
// create files, and the target is a regular file or does not exist yet. Leaves nothing behind.
// `what` names the output in the error ("-jsonout").
Result<void> check_replaceable_file(const std::filesystem::path& target, std::string_view what);

// Refuses an output that exists and is not a regular file (a folder, a device, a FIFO or a
// socket; links are followed). `what` names the output in the error.
Result<void> refuse_non_regular(const std::filesystem::path& target, std::string_view what);

// Whether records can be appended to `target` (a missing one is created and removed again:
// the first record creates it). Refuses a target that exists and is not a regular file.
Result<void> check_appendable_file(const std::filesystem::path& target, std::string_view what);

// Whether `a` and `b` name the same file: the same device and inode when both exist (so a
// different spelling, a symlink or a hard link is caught), else the same absolute path with
// `.`, `..` and existing symlinks resolved. Empty paths (an unused output) are never the same.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

// Refuses an output that is the same file as an input or as another output (same_file), so
// that a run never empties what it reads or what it has just written. `files` are the
// program's files by their flag ("-output", "input"); outputs are those with `output` set.
struct NamedFile {
  std::string_view what;
  std::filesystem::path path;
  bool output = false;
};
Result<void> refuse_shared_outputs(std::initializer_list<NamedFile> files);

// Creates the folder `dir` (and its parents) if needed and checks that files can be
// created in it.
Result<void> prepare_output_folder(const std::filesystem::path& dir, std::string_view what);

}  // namespace triad::runner
