// Íves dáma's descriptor: name, settings, engine, its `bench` positions and the strength
// calibration.
#include "adapters/ivesdama/descriptor.h"

#include "adapters/ivesdama/notation.h"
#include "adapters/ivesdama/settings.h"
#include "engine/games/ivesdama/search_hooks.h"  // EngineFor<Game> needs the hooks

namespace triad::adapters::ivesdama {

namespace {

// `bench`: the start position and middle games reached in engine self-play (triad, depth 5).
constexpr std::string_view kBenchPositions[] = {
    "startpos",
    "startpos moves c4c5 c6c4 c3c5 b6c6 c5b6 a7c5 d4b6 b7a7",
    "startpos moves c4c5 c6c4 c3c5 b6c6 c5b6 a7c5 d4b6 b7a7 d3d4 a7c5 d4b6 c7b7 b6a7 c6c5 a7c7 "
    "d7b7 b3c3 d6c7",
};

// The strength levels' calibration (docs/strength.md): the measured ratings of Skill Levels
// 0..19 (the uniform random mover = 0), from scripts/calibrate-levels.sh.
constexpr double kStrengthRatings[] = {137,  137,  271,  554,  724,  912,  963,  1061, 1061, 1147,
                                       1224, 1241, 1241, 1292, 1338, 1338, 1338, 1352, 1359, 1377};

// The classical evaluation's win/draw/loss model (scale, draw rate in permille), fitted by
// `triad-train wdl` on classical self-play (docs/evaluation.md "Win, draw and loss"):
// triad-datagen -variant ivesdama -games GAMES -output ivesdama.bin; triad-train wdl ivesdama.bin
constexpr ClassicalWdl kClassicalWdl = {75, 910};

constexpr GameDescriptor kDescriptor = describe<games::ivesdama::Game, &make_game>(
    kBenchPositions, nullptr, kStrengthRatings, kClassicalWdl);

}  // namespace

const GameDescriptor& descriptor() {
  return kDescriptor;
}

}  // namespace triad::adapters::ivesdama
