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

// Writes a line's moves from `ply` (counted from Player 1's first move, so odd is Player 2's):
// "N." before Player 1's moves, "N..." before a Player 2 move that opens a line or follows a
// variation; then each move's NAGs, comment and variations.
void write_line(Wrapper& text, const std::vector<RecordMove>& moves, int ply,
                const std::string* closing) {
  bool numbered = false;
  for (std::size_t i = 0; i < moves.size(); ++i, ++ply) {
    const RecordMove& m = moves[i];
    if (ply % 2 == 0) {
      text.add(std::to_string(ply / 2 + 1) + ".");
    } else if (!numbered) {
      text.add(std::to_string(ply / 2 + 1) + "...");
    }
    numbered = true;
    text.add(m.token);
    for (int nag : m.nags) text.add("$" + std::to_string(nag));
    // An empty comment keeps a closing comment from reading back as the last move's.
    const bool last = closing && i + 1 == moves.size();
    if (!m.comment.empty() || (last && !closing->empty())) text.add(comment_word(m.comment));
    for (const Variation& v : m.variations) {
      text.add("(");
      if (!v.comment.empty()) text.add(comment_word(v.comment));
      write_line(text, v.moves, ply, nullptr);
      text.add(")");
      numbered = false;
    }
  }
}

}  // namespace

std::string write_record(const Record& record) {
  std::string out;
  for (const auto& tag : record.tags) out += tag_line(tag);
  out += "\n";
  Wrapper text;
  write_line(text, record.moves, player_two_first(record) ? 1 : 0, &record.comment);
  if (!record.comment.empty()) text.add(comment_word(record.comment));
  text.add(std::string(result_token(record.result)));
  return out + text.finish() + "\n";
}

}  // namespace triad::adapters::records
