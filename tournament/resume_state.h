// The resume state (-resume FILE): the merged results of the games finished so far and a
// fingerprint of the tournament, rewritten atomically after every game. Its size depends
// on the number of engines and the games in flight, never on the schedule's size.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "engine/core/result.h"
#include "tournament/config.h"
#include "tournament/results.h"

namespace triad::tournament {

// What must match for a state to continue a run: variant, engine names, schedule size,
// seed, games, rounds, repeat, openings.
std::string tournament_fingerprint(const TournamentConfig& config, std::int64_t schedule_size);

struct ResumeState {
  Results results;
  // The size of the records file (-pgnout) when the state was saved, -1 if unknown. Records
  // are appended before the state is saved, so a run killed in between leaves games in the
  // file that the state does not count; a resumed run cuts the file back to this size
  // before it plays them again, and every game is in the records exactly once.
  std::int64_t records_bytes = -1;
};

// The state saved in `file`, or nullopt when the file does not exist yet. Errors: the file
// cannot be read, is damaged, or belongs to another tournament.
Result<std::optional<ResumeState>> load_resume_state(const std::filesystem::path& file,
                                                     const std::string& fingerprint, int engines,
                                                     std::int64_t schedule_size);

Result<void> save_resume_state(const std::filesystem::path& file, const std::string& fingerprint,
                               const ResumeState& state);

}  // namespace triad::tournament
