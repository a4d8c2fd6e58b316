// Razzle Dazzle's descriptor: name, settings, engine, its `bench` positions and the strength
// calibration.
#include "adapters/razzle/descriptor.h"

#include "adapters/razzle/notation.h"
#include "adapters/razzle/settings.h"
#include "engine/games/razzle/search_hooks.h"  // EngineFor<Game> needs the hooks

namespace triad::adapters::razzle {

namespace {

// `bench`: the start position and middle games reached in engine self-play (triad, depth 5).
constexpr std::string_view kBenchPositions[] = {
    "startpos",
    "startpos moves c1b3 f8e6 b3c5 c8b6 b1c3 b6c4 c5d7 d8e8e6c4 e1f3 e8d6",
    "startpos moves c1b3 f8e6 b3c5 c8b6 b1c3 b6c4 c5d7 d8e8e6c4 e1f3 e8d6 d7f6 d6e4 c3b5 c4e4 "
    "f3e5 c4d2 d1f1f6 d2b1 e5d3 d8f7 d1c3 b8a6 c3d5 a6b4",
};

// The strength levels' calibration (docs/strength.md): the measured ratings of Skill Levels
// 0..19 (the uniform random mover = 0), from scripts/calibrate-levels.sh.
constexpr double kStrengthRatings[] = {395,  793,  837,  1177, 1477, 1485, 1747, 1890, 1904, 2017,
                                       2066, 2161, 2185, 2355, 2390, 2450, 2458, 2529, 2649, 2659};

// The classical evaluation's win/draw/loss model (scale, draw rate in permille), fitted by
// `triad-train wdl` on classical self-play (docs/evaluation.md "Win, draw and loss"):
// triad-datagen -variant razzledazzle -games GAMES -output razzledazzle.bin; triad-train wdl
// razzledazzle.bin
constexpr ClassicalWdl kClassicalWdl = {65, 0};

// How its levels search: a ply costs three to four times the last here (the start position
// with 8 lines: 2 plies 773 nodes, 4 plies 10 776, 6 plies 89 731, 8 plies 385 579), so a
// level's depth rises a ply every 3.3 levels and its budget (200 to 400 000 nodes) carries
// the ladder between, instead of a ply every second level (docs/strength.md).
constexpr LevelSearch kLevelSearch = {6, 200, 2000};

constexpr GameDescriptor kDescriptor = describe<games::razzle::Game, &make_game>(
    kBenchPositions, nullptr, kStrengthRatings, kClassicalWdl, kLevelSearch);

}  // namespace

const GameDescriptor& descriptor() {
  return kDescriptor;
}

}  // namespace triad::adapters::razzle
