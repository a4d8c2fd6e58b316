// Game review: classes, accuracy and the review's lines (see review.h).
#include "analysis/review.h"

#include <algorithm>
#include <cmath>

#include "adapters/common/json_writer.h"
#include "adapters/records/record.h"
#include "analysis/accuracy.h"
#include "analysis/analyst.h"
#include "state/wdl.h"

namespace triad::analysis {

namespace {

// Losses and accuracies are written to 4 and 2 decimals (the same bytes on every machine).
double rounded(double x, double scale) {
  return std::round(x * scale) / scale;
}

void write_player(adapters::JsonWriter& j, engine::Player p) {
  j.key("player").value(p == engine::Player::kOne ? 1 : 2);
}

}  // namespace

std::string_view class_name(MoveClass c) {
  switch (c) {
    case MoveClass::kBest:
      return "best";
    case MoveClass::kExcellent:
      return "excellent";
    case MoveClass::kGood:
      return "good";
    case MoveClass::kInaccuracy:
      return "inaccuracy";
    case MoveClass::kMistake:
      return "mistake";
    case MoveClass::kBlunder:
      return "blunder";
  }
  return "best";
}

MoveClass classify(double loss, bool engine_best) {
  if (loss >= kBlunder) return MoveClass::kBlunder;
  if (loss >= kMistake) return MoveClass::kMistake;
  if (loss >= kInaccuracy) return MoveClass::kInaccuracy;
  if (engine_best) return MoveClass::kBest;
  return loss >= kGood ? MoveClass::kGood : MoveClass::kExcellent;
}

int class_nag(MoveClass c) {
  switch (c) {
    case MoveClass::kInaccuracy:
      return 6;
    case MoveClass::kMistake:
      return 2;
    case MoveClass::kBlunder:
      return 4;
    default:
      return 0;
  }
}

double move_accuracy(double loss) {
  return std::clamp(103.1668 * std::exp(-4.354 * loss) - 3.1669, 0.0, 100.0);
}

double expected_score(const protocol::InfoLine& line) {
  if (!line.score) return 0.5;
  if (line.score->mate) return line.score->value > 0 ? 1.0 : 0.0;
  if (line.wdl) return ((*line.wdl)[0] + (*line.wdl)[1] / 2.0) / 1000.0;
  const auto wdl = state::estimate_wdl(line.score->value, state::WdlModel::classical());
  return (wdl.win + wdl.draw / 2.0) / 1000.0;
}

void write_review_score(adapters::JsonWriter& j, const protocol::EngineScore& score,
                        const std::optional<engine::GameResult>& proven, std::string_view by) {
  std::optional<engine::GameResult> result = score.mate ? std::nullopt : proven;
  if (!score.mate && !proven && std::abs(score.value) >= kDecidedCp) {
    result = score.value > 0 ? engine::GameResult::kP1Win : engine::GameResult::kP2Win;
    by = "engine";
  }
  if (!result) return write_score(j, score);
  j.begin_object()
      .key("proven")
      .value(adapters::records::result_token(*result))
      .key("by")
      .value(by)
      .end_object();
}

std::string format_review(const Task& task, const MoveReview& r) {
  adapters::JsonWriter j;
  write_prefix(j, task);
  write_player(j, r.mover);
  j.key("move").value(task.played);
  if (!r.error.empty()) return j.key("error").value(r.error).end_object().text();
  j.key("best").value(r.best).key("pv").begin_array();
  for (const auto& m : r.pv) j.value(m);
  j.end_array().key("before");
  write_review_score(j, r.before, r.exact_before, r.exact_by);
  j.key("played");
  write_review_score(j, r.played, r.exact_played, r.exact_by);
  j.key("loss").value(rounded(r.loss, 1e4));
  j.key("p1_expected_before").value(rounded(r.p1_expected_before, 1e4));
  j.key("p1_expected").value(rounded(r.p1_expected, 1e4));
  j.key("class").value(class_name(r.cls)).key("only_move").value(r.only_move);
  if (r.exact_before && r.exact_played)
    j.key("exact")
        .begin_object()
        .key("before")
        .value(adapters::records::result_token(*r.exact_before))
        .key("played")
        .value(adapters::records::result_token(*r.exact_played))
        .end_object();
  j.key("depth").value(r.depth);
  return j.end_object().text();
}

std::optional<double> player_accuracy(const std::vector<MoveReview>& moves, engine::Player player) {
  // Player 1's expected score along the game; a move the engine failed on keeps the last one.
  std::vector<double> curve;
  for (const auto& m : moves) {
    if (curve.empty()) curve.push_back(m.error.empty() ? m.p1_expected_before : 0.5);
    curve.push_back(m.error.empty() ? m.p1_expected : curve.back());
  }
  const auto weights = volatility_weights(curve);
  std::vector<double> accuracies, kept;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const auto& m = moves[i];
    if (m.mover != player || !m.error.empty()) continue;
    const bool p1 = player == engine::Player::kOne;
    const double before = p1 ? m.p1_expected_before : 1 - m.p1_expected_before;
    const double after = p1 ? m.p1_expected : 1 - m.p1_expected;
    const bool proven_unchanged = m.exact_before && m.exact_before == m.exact_played;
    if (uninformative(m.forced, proven_unchanged, before, after)) continue;
    accuracies.push_back(move_accuracy(m.loss));
    kept.push_back(weights[i]);
  }
  return game_accuracy(accuracies, kept);
}

std::string format_summary(const Task& task, const std::vector<MoveReview>& moves) {
  adapters::JsonWriter j;
  write_prefix(j, task);
  j.key("summary").value(true).key("accuracy").begin_object();
  for (const auto player : {engine::Player::kOne, engine::Player::kTwo}) {
    j.key(player == engine::Player::kOne ? "p1" : "p2");
    if (const auto a = player_accuracy(moves, player))
      j.value(rounded(*a, 100));
    else
      j.null();
  }
  j.end_object().key("counts").begin_object();
  for (const auto c : {MoveClass::kInaccuracy, MoveClass::kMistake, MoveClass::kBlunder}) {
    j.key(class_name(c)).begin_array();
    for (const auto player : {engine::Player::kOne, engine::Player::kTwo})
      j.value(
          static_cast<std::int64_t>(std::count_if(moves.begin(), moves.end(), [&](const auto& m) {
            return m.mover == player && m.error.empty() && m.cls == c;
          })));
    j.end_array();
  }
  j.end_object();
  if (!task.result.empty()) j.key("result").value(task.result);
  return j.end_object().text();
}

}  // namespace triad::analysis
