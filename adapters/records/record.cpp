// The record as data and the result tokens (see record.h).
#include "adapters/records/record.h"

namespace triad::adapters::records {

std::string_view result_token(engine::GameResult result) {
  switch (result) {
    case engine::GameResult::kP1Win:
      return "1-0";
    case engine::GameResult::kP2Win:
      return "0-1";
    case engine::GameResult::kDraw:
      return "1/2-1/2";
    case engine::GameResult::kNone:
      break;
  }
  return "*";
}

std::optional<engine::GameResult> parse_result_token(std::string_view token) {
  for (auto r : {engine::GameResult::kP1Win, engine::GameResult::kP2Win, engine::GameResult::kDraw,
                 engine::GameResult::kNone})
    if (token == result_token(r)) return r;
  return std::nullopt;
}

std::optional<int> suffix_nag(std::string_view suffix) {
  constexpr std::string_view kSuffixes[] = {"!", "?", "!!", "??", "!?", "?!"};
  for (int i = 0; i < 6; ++i)
    if (suffix == kSuffixes[i]) return i + 1;
  return std::nullopt;
}

bool Variation::operator==(const Variation& other) const {
  return comment == other.comment && moves == other.moves;
}

bool RecordMove::operator==(const RecordMove& other) const {
  return token == other.token && comment == other.comment && nags == other.nags &&
         variations == other.variations;
}

const std::string* Record::tag(std::string_view name) const {
  for (const auto& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

std::vector<std::string> Record::tokens() const {
  std::vector<std::string> out;
  out.reserve(moves.size());
  for (const auto& m : moves) out.push_back(m.token);
  return out;
}

std::string place(std::string_view source, const Record& record) {
  return std::string(source) + ", record " + std::to_string(record.number) + " (line " +
         std::to_string(record.line) + ")";
}

}  // namespace triad::adapters::records
