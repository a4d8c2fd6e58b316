// One position to analyse, as rank 0 (or the local run) hands it to an engine slot: where
// it came from, what the engine is sent (`position fen START moves ...`) and what the output
// line repeats. Positions that need no engine (an input error, a finished game) carry the
// reason instead. Serialisable, so that a distributed run sends tasks to the workers and no
// worker needs the input file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>

namespace triad::analysis {

struct Task {
  std::int64_t index = 0;  // 0-based, in input order
  std::int64_t line = 0;   // 1-based line of the input (of the record's first line)
  std::int64_t game = 0;   // 1-based record number; 0 for a position line
  std::string variant;
  std::string start;               // the position line the engine is given
  std::vector<std::string> moves;  // then played from `start`
  std::string position;            // the position analysed (shown cut for an error)
  std::string played;              // records: the move the game went on with
  std::string result;              // the game is over here ("1-0", ...): not analysed
  std::string error;               // the input could not be read here: not analysed

  bool needs_engine() const { return result.empty() && error.empty(); }
};

// A chunk of consecutive tasks (the work unit), and its finished output lines.
struct Unit {
  std::int64_t id = 0;
  std::vector<Task> tasks;
};

struct UnitOutput {
  std::int64_t id = 0;
  std::vector<std::string> lines;  // one JSON line per task, without the line end
  std::string fatal;               // the engine keeps failing: the run must stop
};

template <class Archive>
void serialize(Archive& ar, Task& t, unsigned) {
  ar& t.index& t.line& t.game& t.variant& t.start& t.moves& t.position& t.played& t.result& t.error;
}

template <class Archive>
void serialize(Archive& ar, Unit& u, unsigned) {
  ar& u.id& u.tasks;
}

template <class Archive>
void serialize(Archive& ar, UnitOutput& u, unsigned) {
  ar& u.id& u.lines& u.fatal;
}

}  // namespace triad::analysis
