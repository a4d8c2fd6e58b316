// Game review (docs/analysis.md "Game review"): how a move is judged from the engine's two
// searches of the position before it (the best line, and the played move alone with
// `go searchmoves`), with exact knowledge deciding where it exists (exact.h); the JSON line
// of each move and the summary line of each game. Scores are from Player 1's point of view,
// mates in plies; the loss is in expected score (win 1, draw 1/2) of the player who moved.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/common/json_writer.h"
#include "analysis/task.h"
#include "engine/core/types.h"
#include "protocol/client/info_line.h"

namespace triad::analysis {

// The classes, best first, and the least loss of each (expected score of the mover): a
// move that is not the engine's best is excellent below kGood, good below kInaccuracy.
enum class MoveClass { kBest, kExcellent, kGood, kInaccuracy, kMistake, kBlunder };
inline constexpr double kGood = 0.02;
inline constexpr double kInaccuracy = 0.05;
inline constexpr double kMistake = 0.10;
inline constexpr double kBlunder = 0.20;

std::string_view class_name(MoveClass c);
// The class of a move from its loss (`engine_best`: it is the engine's best move).
MoveClass classify(double loss, bool engine_best);
// The NAG the annotated record gives the class: $6 (?!), $2 (?), $4 (??), or 0 for none.
int class_nag(MoveClass c);
// A move's accuracy in percent from its loss: 103.1668 exp(-4.354 loss) - 3.1669, within
// 0..100 (100 for no loss, about 80 for 0.05, 62 for 0.10, 39 for 0.20, 0 from 0.80).
double move_accuracy(double loss);

// The expected score of the side to move after a search's line: a mate is 1 or 0; else the
// engine's `wdl` (win + draw / 2) when it sends one, or state/wdl.h's fixed model of the
// score.
double expected_score(const protocol::InfoLine& line);

// One move judged.
struct MoveReview {
  engine::Player mover = engine::Player::kOne;
  std::string best;              // the engine's best move
  std::vector<std::string> pv;   // its line
  protocol::EngineScore before;  // the best line's score, Player 1's point of view
  protocol::EngineScore played;  // the played move's score, Player 1's point of view
  double loss = 0;               // expected score of the mover, 0..1
  // Player 1's expected score before the move (best play) and after it: the curve the
  // classes are measured on (judge.h's before and after).
  double p1_expected_before = 0.5, p1_expected = 0.5;
  MoveClass cls = MoveClass::kBest;
  bool only_move = false;  // one legal move, or one that keeps the position's value
  bool forced = false;     // one legal move (it does not count in the accuracy)
  std::optional<engine::GameResult> exact_before, exact_played;  // with perfect play
  // What proved them: "table" (endgame tables) or "solver" (a solver, or its stored proof:
  // the built-in book).
  std::string exact_by;
  int depth = 0;      // of the best line (no times: a review's output is the same on every run)
  std::string error;  // the engine failed here: not judged
};

// A reviewed score as JSON: {"mate":N,"mate_plies":P} for the engine's mate (analyst.h's
// write_score); else, with `proven` (the result with perfect play, proven by `by`),
// {"proven":"1-0","by":"table"} (or "solver"); else for the engine's decided values (at least
// kDecidedCp, beyond any evaluation: a win its solver found, not proven against repetitions)
// {"proven":"1-0","by":"engine"}; else {"cp":N}. Player 1's point of view.
inline constexpr int kDecidedCp = 29952;
void write_review_score(adapters::JsonWriter& j, const protocol::EngineScore& score,
                        const std::optional<engine::GameResult>& proven, std::string_view by);

// The JSON line of a judged move (or of its error), without the line end.
std::string format_review(const Task& task, const MoveReview& review);
// A player's accuracy over a game's moves (accuracy.h): the moves that say something about
// skill, weighted by the game's volatility around them; nothing without such a move.
std::optional<double> player_accuracy(const std::vector<MoveReview>& moves, engine::Player player);
// The summary line of a game that ends at `task` (its last position), from its moves.
std::string format_summary(const Task& task, const std::vector<MoveReview>& moves);

}  // namespace triad::analysis
