// The game record writer (see writer.h).
#include "adapters/records/writer.h"

#include "adapters/common/text.h"

namespace triad::adapters::records {

namespace {

bool is_control(char c) {
  return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
}

std::string tag_line(const Tag& tag) {
  std::string out = "[" + tag.name + " \"";
  for (char c : tag.value) {
    if (c == '"' || c == '\\') out += '\\';
    out += is_control(c) ? ' ' : c;
  }
  return out + "\"]\n";
}

std::string comment_word(const std::string& text) {
  std::string out = "{";
  for (char c : text) out += c == '{' || c == '}' ? '|' : is_control(c) ? ' ' : c;
  return out + "}";
}

// Player 2 moves first when the FEN tag's side-to-move field says so (read from the value
// as written, control bytes made spaces, so the text reads back with the same numbers).
bool player_two_first(const Record& record) {
  const std::string* fen = record.tag("FEN");
  if (!fen) return false;
  std::string written = *fen;
  for (char& c : written)
    if (is_control(c)) c = ' ';
  const auto fields = split_fields(written);
  return fields.size() > 1 && fields[1] == "2";
}

// Appends words, wrapping lines at 80 columns.
class Wrapper {
 public:
  void add(const std::string& word) {
    if (!line_.empty() && line_.size() + 1 + word.size() > 80) {
      out_ += line_ + "\n";
      line_.clear();
    }
    line_ += (line_.empty() ? "" : " ") + word;
  }
  std::string finish() { return out_ + line_ + "\n"; }

 private:
  std::string out_;
  std::string line_;
};

}  // namespace

std::string write_record(const Record& record) {
  std::string out;
  for (const auto& tag : record.tags) out += tag_line(tag);
  out += "\n";
  Wrapper text;
  bool second = player_two_first(record);
  int number = 1;
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const RecordMove& m = record.moves[i];
    if (!second) {
      text.add(std::to_string(number) + ".");
    } else if (i == 0) {
      text.add(std::to_string(number) + "...");
    }
    text.add(m.token);
    // An empty comment keeps a closing comment from reading back as the last move's.
    const bool last = i + 1 == record.moves.size();
    if (!m.comment.empty() || (last && !record.comment.empty())) text.add(comment_word(m.comment));
    if (second) ++number;
    second = !second;
  }
  if (!record.comment.empty()) text.add(comment_word(record.comment));
  text.add(std::string(result_token(record.result)));
  return out + text.finish() + "\n";
}

}  // namespace triad::adapters::records
