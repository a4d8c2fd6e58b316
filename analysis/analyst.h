// One engine process analysing tasks: started on first use (handshake, the user's options,
// MultiPV), told `ucinewgame` before every position (so that a position's analysis does not
// depend on what the engine saw before it: the same output on any slot, rank or machine),
// and restarted after a crash, a hang or a broken reply, with the position tried again up
// to `retries` more times before an error line is written for it.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/common/json_writer.h"
#include "adapters/common/variants.h"
#include "analysis/config.h"
#include "analysis/exact.h"
#include "analysis/judge.h"
#include "analysis/review.h"
#include "analysis/task.h"
#include "protocol/client/engine_client.h"
#include "runner/managed_engine.h"

namespace triad::analysis {

// Keeps one `info` line in the MultiPV line it is about (`lines` keyed by MultiPV index,
// kept sorted; the last info of each line wins); lines without a score (e.g. `info string`,
// `info currmove`) are ignored.
void keep_info(const protocol::InfoLine& info, std::vector<protocol::InfoLine>& lines);

struct Analysis {
  std::string bestmove;
  std::vector<protocol::InfoLine> lines;  // by MultiPV index
  std::chrono::milliseconds elapsed{0};
  // Why this analysis cannot be written (an illegal move, a number out of range): the
  // position gets an error line instead.
  std::string refused;
};

// Why the engine's `analysis` of `task` breaks the rules (its bestmove or a PV move is not
// legal, checked with the game core), or "" if it does not.
std::string check_moves(const Task& task, const Analysis& analysis,
                        const adapters::VariantRegistry& registry);

// The output line of a task (JSON, without the line end); `analysis` is null for tasks that
// need no engine, and `failure` is set when the engine failed on it every time.
std::string format_output(const Task& task, const Analysis* analysis, const std::string* failure);
// The start of a task's output line (an open object), and a score object: {"cp":N}, or
// {"mate":N,"mate_plies":P} with N in moves as UCI's `score mate N` and P the same distance
// in plies (both signed: positive, the side the score is for wins).
void write_prefix(adapters::JsonWriter& j, const Task& task);
void write_score(adapters::JsonWriter& j, const protocol::EngineScore& score);
// The start of a task's output line, up to and including the position: the same for every
// run over the same input, so -resume checks an old output against the input with it.
std::string output_prefix(const Task& task);

// An Analyst whose engine failed on this many positions in a row (every attempt) stops the run.
inline constexpr int kFailedInARow = 3;

class Analyst {
 public:
  // `slot` names the engine's stderr log; `cancel` ends every wait when the run stops.
  Analyst(const AnalyseConfig& config, std::string slot,
          std::shared_ptr<protocol::CancelSignal> cancel);

  // The task's output line ("" when the run was cancelled; an error line for the task when
  // the engine failed on it every time). An error when that made kFailedInARow positions in a
  // row: the run must stop (the message says where and why).
  Result<std::string> analyse(const Task& task);
  // A review's output line for `task` (a game's moves come as consecutive tasks; `moves` holds
  // the game's reviewed moves so far): the review of the move played there, added to
  // `moves`, or at the game's last position its summary (review.h). Errors as analyse().
  Result<std::string> review(const Task& task, std::vector<MoveReview>& moves);

 private:
  std::optional<protocol::Failure> attempt(const Task& task, const protocol::GoLimits& limits,
                                           Analysis& out);
  // attempt() with up to `retries` more attempts after an engine failure: the analysis
  // (its `refused` set when it breaks the rules), nothing when the run was cancelled, or an
  // error when the engine failed every time.
  Result<std::optional<Analysis>> search(const Task& task, const protocol::GoLimits& limits);
  // Counts a task the engine failed on (`failure`, "" for one it did not): the error that
  // stops the run at kFailedInARow in a row.
  Result<void> count_failure(const Task& task, const std::string& failure);

  // Fills `r`, the review of the move played at `task`: the position searched for its best
  // line, then with `go searchmoves <played>` at the same limit (unless the played move is
  // the engine's best), and solved where exact knowledge reaches; an engine that broke the
  // rules, or a review that cannot be judged, sets its error. An error when the engine
  // failed on every attempt (nothing more is filled in; nothing either when cancelled).
  Result<void> review_move(const Task& task, MoveReview& r);
  // The proven results before and after the played move where exact knowledge gives them
  // (either may be missing), and with the one before: the moves that keep it, the best move
  // among them (`r`'s best and line) and whether the played move is it.
  void exact_values(const Task& task, const adapters::AnyGame& game, const Analysis& before,
                    JudgeInput& in, MoveReview& r);

  const AnalyseConfig& config_;
  runner::ManagedEngine engine_;
  ExactKnowledge exact_;
  int failed_in_a_row_ = 0;
};

}  // namespace triad::analysis
