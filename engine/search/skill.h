// Skill: how a limited strength level (UCI_LimitStrength / UCI_Elo / Skill Level,
// docs/strength.md) weakens the search. A level searches `lines` root lines (MultiPV) to at
// least `depth` plies and then until its node budget is spent, and plays a move drawn among
// those lines: a line `d` score units below the best with weight exp(-d / temperature). Its
// weakness is the small search (deep ideas and long plans are not seen) and the draw (a
// plausible but worse move now and then); it never plays a move outside the searched lines,
// and a forced result the search found weighs beyond every evaluation, so a level takes a
// win it sees and avoids a loss it sees whenever another line does not lose.
// The draw is a function of the seed and the position only, so a fixed seed plays the same
// move in the same position. The weakest levels' search also uses no exact knowledge (endgame
// solvers, endgame tables): they do not play perfect endgames by lookup; from a middle level
// on (`exact`) the search meets solved positions inside its tree, and the strongest levels
// (`solve_root`) also solve a small enough root outright, as full strength does.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

namespace triad::engine {

struct Skill {
  bool active = false;  // false: full strength (everything below is ignored)
  int lines = 1;        // root lines searched to choose among
  // The depth the level always completes: its node budget counts only from there, so the
  // level sees at least this far however small the budget (1 = its own move's results,
  // 2 = also the opponent's immediate answer).
  int depth = 1;
  // The level's node budget (main thread), checked once `depth` is complete.
  std::uint64_t nodes = 0;
  double temperature = 1.0;  // score units (> 0)
  bool exact = false;        // the search uses the game's exact knowledge inside the tree
  bool solve_root = false;   // ... and solves a small enough root outright, as full strength
  std::uint64_t seed = 0;
};

// The line a limited level plays: an index into `scores` (the searched lines' scores from the
// side to move, best first; not empty). `position_hash` picks the draw.
std::size_t choose_skill_move(const Skill& skill, std::span<const int> scores,
                              std::uint64_t position_hash);

}  // namespace triad::engine
