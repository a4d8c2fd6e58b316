// The judgement of one reviewed move (docs/analysis.md "Game review") as a pure function:
// from the expected scores the engine's searches gave (the mover's point of view) and the
// exact knowledge of the positions before and after the move, its loss, class and whether it
// was the only move. Analyst::review gathers the inputs (replay, searches, solver, tables).
#pragma once

#include <cstddef>
#include <optional>

#include "analysis/review.h"
#include "engine/core/result.h"
#include "engine/core/types.h"

namespace triad::analysis {

// What a move is judged from. Expected scores are the mover's, 0..1.
struct JudgeInput {
  engine::Player mover = engine::Player::kOne;
  double best = 0.5;             // the engine's best line
  double played = 0.5;           // the played move, searched alone (= best if the same)
  std::optional<double> second;  // the engine's second line (MultiPV 2), if sent
  bool engine_best = false;      // the played move is the review's best move (with exact
                                 // knowledge: the best that keeps the proven result)
  std::size_t legal_moves = 0;   // in the position before the move
  // Proven results, each where exact knowledge gives it (one may be known without the other:
  // a move leaving a book's proof, or entering the endgame tables).
  std::optional<engine::GameResult> exact_before, exact_played;
  // Where only the position after the move is proven: the proven result after the engine's
  // best move, if known (the best the review knows of the position before).
  std::optional<engine::GameResult> exact_best;
  // Legal moves that keep exact_before (counted only with both): 0 when a move's result is
  // not known (a built-in book proves one winning move, not every other one).
  std::size_t keeping = 0;
};

struct Judgement {
  double loss = 0;  // expected score the mover gave away, 0..1
  // The mover's expected score before the move (best play) and after it, on the scale the
  // loss is measured on (each a proven value where it is known, else the engine's): loss is
  // max(0, before - after).
  double before = 0.5, after = 0.5;
  MoveClass cls = MoveClass::kBest;
  bool only_move = false;
  bool exact = false;  // both values proven: exact knowledge decided the loss and the class
};

// The judgement of a move; an error for inputs that describe no position (no legal move, an
// expected score outside 0..1).
Result<Judgement> judge(const JudgeInput& in);

}  // namespace triad::analysis
