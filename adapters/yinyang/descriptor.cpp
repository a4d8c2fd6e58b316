// Yin Yang's descriptor: name, settings, engine, its `bench` positions, the built-in
// perfect-play book and the strength calibration.
#include "adapters/yinyang/descriptor.h"

#include "adapters/yinyang/notation.h"
#include "adapters/yinyang/perfect_book.h"
#include "adapters/yinyang/settings.h"
#include "engine/games/yinyang/search_hooks.h"  // EngineFor<Game> needs the hooks

namespace triad::adapters::yinyang {

namespace {

// `bench`: the start position and middle games reached in engine self-play (triad, depth 5).
constexpr std::string_view kBenchPositions[] = {
    "startpos",
    "startpos moves c3b3 d3d1 d4d5 c4a4 b3b2 d3e3",
    "startpos moves c3b3 d3d1 d4d5 c4a4 b3b2 d3e3 b3b5 c4c6 b2b1 d5e5 a4b4 a4a3",
};

// The strength levels' calibration (docs/strength.md): the measured ratings of Skill Levels
// 0..19 (the uniform random mover = 0), from scripts/calibrate-levels.sh.
constexpr double kStrengthRatings[] = {103, 124, 293, 329, 368, 472, 494, 593, 593, 607,
                                       626, 886, 886, 891, 891, 891, 891, 891, 917, 917};

// The classical evaluation's win/draw/loss model (scale, draw rate in permille), fitted by
// `triad-train wdl` on classical self-play (docs/evaluation.md "Win, draw and loss"):
// triad-datagen -variant yinyang -games GAMES -output yinyang.bin; triad-train wdl yinyang.bin
constexpr ClassicalWdl kClassicalWdl = {202, 0};

constexpr GameDescriptor kDescriptor = describe<games::yinyang::Game, &make_game>(
    kBenchPositions, &perfect_play_move, kStrengthRatings, kClassicalWdl);

}  // namespace

const GameDescriptor& descriptor() {
  return kDescriptor;
}

}  // namespace triad::adapters::yinyang
