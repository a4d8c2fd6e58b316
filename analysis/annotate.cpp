// The annotated records of a game review (see annotate.h).
#include "analysis/annotate.h"

#include <yaml-cpp/yaml.h>

#include <cstdio>

#include "adapters/records/writer.h"
#include "analysis/review.h"
#include "runner/output_files.h"

namespace triad::analysis {

namespace {

using adapters::records::RecordMove;

// "+1.25 (62 %)" (a score of 125 and Player 1's expected score `expected`, when the review
// gives one), "#+7" / "#-4" (a mate in moves), or a proven result as "table win", "solved
// draw", "decided loss" (by the engine's own solver), Player 1's point of view.
std::string evaluation(const YAML::Node& score, const YAML::Node& expected) {
  if (score["proven"]) {
    const auto by = score["by"].as<std::string>();
    const auto result = score["proven"].as<std::string>();
    return std::string(by == "table"    ? "table "
                       : by == "solver" ? "solved "
                                        : "decided ") +
           (result == "1-0"   ? "win"
            : result == "0-1" ? "loss"
                              : "draw");
  }
  char text[48];
  if (score["mate"])
    std::snprintf(text, sizeof text, "#%+d", score["mate"].as<int>());
  else if (expected && expected.IsScalar())
    std::snprintf(text, sizeof text, "%+.2f (%.0f %%)", score["cp"].as<int>() / 100.0,
                  expected.as<double>() * 100.0);
  else
    std::snprintf(text, sizeof text, "%+.2f", score["cp"].as<int>() / 100.0);
  return text;
}

RecordMove annotated_move(const YAML::Node& line) {
  RecordMove move{line["move"].as<std::string>(), {}};
  if (line["error"]) {
    move.comment = "not reviewed: " + line["error"].as<std::string>();
    return move;
  }
  const std::string cls = line["class"].as<std::string>();
  move.comment = evaluation(line["played"], line["p1_expected"]);
  // `only_move` describes the position: a good move was the only one; a bad move missed it.
  const bool only = line["only_move"].as<bool>();
  const bool judged_bad = cls == class_name(MoveClass::kInaccuracy) ||
                          cls == class_name(MoveClass::kMistake) ||
                          cls == class_name(MoveClass::kBlunder);
  if (only && !judged_bad) move.comment += " only move";
  for (const auto c : {MoveClass::kInaccuracy, MoveClass::kMistake, MoveClass::kBlunder}) {
    if (cls != class_name(c)) continue;
    char loss[32];
    std::snprintf(loss, sizeof loss, "%.2f", line["loss"].as<double>());
    move.comment += ", " + cls + " (loss " + loss + "); " +
                    (only ? "the only move was " : "best ") + line["best"].as<std::string>() + " " +
                    evaluation(line["before"], line["p1_expected_before"]);
    move.nags = {class_nag(c)};
    adapters::records::Variation best;
    for (const auto& m : line["pv"]) best.moves.push_back({m.as<std::string>(), {}});
    if (!best.moves.empty()) move.variations.push_back(std::move(best));
  }
  return move;
}

// "87.3 %", or "-" for a player without a judged move.
std::string accuracy(const YAML::Node& value) {
  if (value.IsNull()) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %%", value.as<double>());
  return text;
}

}  // namespace

Result<void> write_annotated(const std::filesystem::path& file, const Input& input,
                             const std::vector<std::string>& lines) {
  std::string text;
  adapters::records::Record record;
  try {
    for (const auto& line : lines) {
      const YAML::Node node = YAML::Load(line);
      const auto game = node["game"].as<std::int64_t>();
      if (record.number != game) {  // the game's first line
        record = input.record(game);
        record.number = game;
        record.tags.push_back({"Annotator", "triad-analyse -review"});
      }
      if (!node["summary"]) {
        record.moves.push_back(annotated_move(node));
        continue;
      }
      const auto& a = node["accuracy"];
      const std::string closing =
          "accuracy Player 1 " + accuracy(a["p1"]) + ", Player 2 " + accuracy(a["p2"]);
      record.comment = record.comment.empty() ? closing : record.comment + "; " + closing;
      text += adapters::records::write_record(record);
      record = {};
    }
  } catch (const YAML::Exception& e) {
    return make_error("-annotate: a review line cannot be read back: " + std::string(e.what()));
  }
  return runner::write_file_atomically(file, text);
}

}  // namespace triad::analysis
