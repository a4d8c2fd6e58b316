// Splitting PGN-like text into records (see records.h).
#include "adapters/book/records.h"

#include <cctype>

#include "adapters/common/text.h"

namespace triad::adapters::book {

namespace {

bool is_result(std::string_view t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

// A move-number token ("12." / "12..."), or a move with one glued on ("12.c4b4"): the move
// part, possibly empty.
std::string_view strip_move_number(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == 0 || i == t.size() || t[i] != '.') return t;
  while (i < t.size() && t[i] == '.') ++i;
  return t.substr(i);
}

class Splitter {
 public:
  Splitter(std::string_view text, std::string_view file_name)
      : text_(text), where_("records file " + quote(file_name) + ":") {}

  Result<std::vector<RecordText>> run() {
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++line_;
        ++pos_;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else if (c == '[' && at_line_start()) {
        if (auto r = tag(); !r) return r.error();
      } else if (c == '{') {
        if (auto r = skip_until('}', "comment"); !r) return r.error();
      } else if (c == ';' || (c == '%' && at_line_start())) {
        while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
      } else if (c == '(') {
        if (auto r = skip_variation(); !r) return r.error();
      } else {
        token();
      }
    }
    if (open_) close("*");
    return std::move(records_);
  }

 private:
  bool at_line_start() const {
    std::size_t i = pos_;
    while (i > 0 && (text_[i - 1] == ' ' || text_[i - 1] == '\t')) --i;
    return i == 0 || text_[i - 1] == '\n';
  }
  Error error(const std::string& what) const {
    return Error{where_ + std::to_string(line_) + ": " + what};
  }
  // A tag after moves starts the next record (the previous one had no result token).
  void begin(bool for_tag) {
    if (for_tag && open_ && !current_.moves.empty()) close("*");
    if (!open_) {
      current_ = RecordText{};
      current_.line = line_;
      open_ = true;
    }
  }
  void close(std::string result) {
    current_.result = std::move(result);
    records_.push_back(std::move(current_));
    current_ = RecordText{};
    open_ = false;
  }
  Result<void> tag() {
    const std::size_t end = text_.find('\n', pos_);
    std::string_view l =
        text_.substr(pos_, end == std::string_view::npos ? text_.npos : end - pos_);
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ')) l.remove_suffix(1);
    const auto space = l.find(' ');
    if (l.size() < 5 || l.back() != ']' || space == std::string_view::npos || l[space + 1] != '"' ||
        l[l.size() - 2] != '"' || space + 2 > l.size() - 2)
      return error("malformed tag line " + quote(l) + " (expected [Name \"value\"])");
    begin(true);
    current_.tags.emplace_back(std::string(l.substr(1, space - 1)),
                               std::string(l.substr(space + 2, l.size() - 2 - (space + 2))));
    pos_ += l.size();
    return {};
  }
  Result<void> skip_until(char close_char, const char* what) {
    const int start = line_;
    for (++pos_; pos_ < text_.size() && text_[pos_] != close_char; ++pos_)
      if (text_[pos_] == '\n') ++line_;
    if (pos_ >= text_.size())
      return Error{where_ + std::to_string(start) + ": unterminated " + what};
    ++pos_;
    return {};
  }
  Result<void> skip_variation() {
    const int start = line_;
    int depth = 0;
    for (; pos_ < text_.size(); ++pos_) {
      const char c = text_[pos_];
      if (c == '\n') ++line_;
      if (c == '{') {
        if (auto r = skip_until('}', "comment"); !r) return r;
        --pos_;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')' && --depth == 0) {
        ++pos_;
        return {};
      }
    }
    return Error{where_ + std::to_string(start) + ": unterminated variation"};
  }
  void token() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[pos_])) &&
           text_[pos_] != '{' && text_[pos_] != '(' && text_[pos_] != ';')
      ++pos_;
    const std::string_view t = text_.substr(start, pos_ - start);
    if (is_result(t)) {
      if (open_) close(std::string(t));
      return;
    }
    if (t.front() == '$') return;  // a NAG
    const std::string_view move = strip_move_number(t);
    if (move.empty()) return;
    begin(false);
    current_.moves.emplace_back(move);
  }

  std::string_view text_;
  std::string where_;
  std::size_t pos_ = 0;
  int line_ = 1;
  bool open_ = false;
  RecordText current_;
  std::vector<RecordText> records_;
};

}  // namespace

const std::string* RecordText::tag(std::string_view name) const {
  for (const auto& [k, v] : tags)
    if (k == name) return &v;
  return nullptr;
}

Result<std::vector<RecordText>> split_records(std::string_view text, std::string_view file_name) {
  return Splitter(text, file_name).run();
}

}  // namespace triad::adapters::book
