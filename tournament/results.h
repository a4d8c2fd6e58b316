// The results of a run, merged one finished game at a time in any order: games finish out
// of order with -concurrency (and, later, from many workers of a distributed run). Memory
// stays bounded whatever the schedule's size: counts per pair of engines, the first halves
// of game pairs whose other game is not finished yet, and which games are done (every game
// up to a watermark, plus the few finished beyond it).
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/types.h"
#include "tournament/stats.h"

namespace YAML {
class Node;
}

namespace triad::adapters {
class JsonWriter;
}

namespace triad::tournament {

// What the statistics and the resume state keep of a game.
struct FinishedGame {
  std::int64_t number = 0;
  int engine[2] = {0, 1};  // [0] played Player 1
  engine::GameResult result = engine::GameResult::kNone;
  std::string termination;
  std::int64_t pair = -1;  // the schedule's pair id, -1 if the game is not in a pair
};

// The games of engines a < b, from a's point of view.
struct EncounterResults {
  int a = 0;
  int b = 1;
  Tally all;     // every game; its pentanomial counts the complete pairs
  Tally paired;  // the games of complete pairs only (the SPRT's sample when games are paired)
  bool pairs_scheduled = false;  // some game of this encounter belongs to a pair
};

class Results {
 public:
  explicit Results(int engines);

  // Counts a finished game; false (nothing counted) if that game was counted already.
  bool add(const FinishedGame& game);
  bool done(std::int64_t number) const;
  std::int64_t played() const { return played_; }
  // Every encounter that has at least one game, in engine order.
  std::vector<EncounterResults> encounters() const;
  // One engine's games against the whole field, from its point of view (no pentanomial).
  Tally engine_tally(int engine) const;
  const std::map<std::string, std::int64_t>& terminations() const { return terminations_; }

  // The resume state's part: written as one JSON object, read back from it (JSON is YAML).
  void write(adapters::JsonWriter& json) const;
  // `schedule_size` bounds the game numbers; the error says what is wrong.
  static Result<Results> read(const YAML::Node& node, int engines, std::int64_t schedule_size);

 private:
  // A pair whose first game is finished: the lower-numbered engine's half points in it.
  struct OpenPair {
    int a = 0;
    int b = 1;
    int points = 0;
  };

  EncounterResults& encounter(int x, int y);
  void mark_done(std::int64_t number);

  int engines_;
  std::vector<EncounterResults> encounters_;  // every a < b, row by row
  std::int64_t played_ = 0;
  std::int64_t done_through_ = 0;       // every game up to this number is done
  std::set<std::int64_t> done_beyond_;  // games done above the watermark
  std::map<std::int64_t, OpenPair> open_pairs_;
  std::map<std::string, std::int64_t> terminations_;
};

}  // namespace triad::tournament
