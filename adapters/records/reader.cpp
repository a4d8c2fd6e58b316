// Reading game records record by record (see reader.h).
#include "adapters/records/reader.h"

#include <cstdio>
#include <utility>

#include "adapters/common/text.h"

namespace triad::adapters::records {

namespace {

constexpr std::size_t kPieceBytes = 1 << 16;

// Blanks between tokens; '\n' is counted apart.
bool is_blank(int c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

bool is_control(int c) {
  return (c < 0x20 && c != '\n' && !is_blank(c)) || c == 0x7f;
}

// A move-number token ("12." / "12..."), or a move with one glued on ("12.c4b4"): the move
// part, possibly empty.
std::string_view strip_move_number(std::string_view t) {
  std::size_t i = 0;
  while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
  if (i == 0 || i == t.size() || t[i] != '.') return t;
  while (i < t.size() && t[i] == '.') ++i;
  return t.substr(i);
}

// `[Name "value"]` (blanks around the parts allowed, '\\' escapes in the value); nothing if
// the line is not a tag pair.
std::optional<Tag> parse_tag(std::string_view l) {
  while (!l.empty() && is_blank(static_cast<unsigned char>(l.back()))) l.remove_suffix(1);
  std::size_t i = 1;
  auto skip_blanks = [&] {
    while (i < l.size() && is_blank(static_cast<unsigned char>(l[i]))) ++i;
  };
  Tag tag;
  while (i < l.size() && !is_blank(static_cast<unsigned char>(l[i])) && l[i] != '"' && l[i] != ']')
    tag.name += l[i++];
  skip_blanks();
  if (tag.name.empty() || i >= l.size() || l[i] != '"') return std::nullopt;
  for (++i; i < l.size() && l[i] != '"'; ++i) {
    if (l[i] == '\\' && i + 1 < l.size()) ++i;
    tag.value += l[i];
  }
  if (i >= l.size()) return std::nullopt;
  ++i;
  skip_blanks();
  if (i + 1 != l.size() || l[i] != ']') return std::nullopt;
  return tag;
}

}  // namespace

RecordReader::RecordReader(std::string source, std::optional<ReadFile> file, std::string_view text)
    : source_(std::move(source)), file_(std::move(file)), text_(text) {}

Result<RecordReader> RecordReader::open(const std::filesystem::path& path) {
  auto file = ReadFile::open(path, "records file");
  if (!file) return file.error();
  return RecordReader("records file '" + sanitize(path.string(), kMaxShownPathBytes) + "'",
                      std::move(*file), {});
}

RecordReader RecordReader::over(std::string_view text, std::string source) {
  return RecordReader(std::move(source), std::nullopt, text);
}

bool RecordReader::refill() {
  buffer_.resize(kPieceBytes);
  auto n = file_->read(buffer_.data(), buffer_.size());
  if (!n) read_error_ = n.error();
  buffer_.resize(n ? *n : 0);
  at_ = 0;
  return !buffer_.empty();
}

int RecordReader::peek() {
  if (at_ < data().size()) return static_cast<unsigned char>(data()[at_]);
  if (!file_ || read_error_ || !refill()) return -1;
  return static_cast<unsigned char>(buffer_[0]);
}

void RecordReader::advance() {
  const char c = data()[at_++];
  if (c == '\n') {
    ++line_;
    line_start_ = true;
  } else if (c != ' ' && c != '\t') {
    line_start_ = false;
  }
  ++record_bytes_;
}

Error RecordReader::fail(const std::string& what) {
  Record here;
  here.number = open_ ? current_.number : records_ + 1;
  here.line = open_ ? current_.line : line_;
  failed_ = Error{place(source_, here) + ": " + what};
  return *failed_;
}

Result<void> RecordReader::check_byte(int c) {
  if (is_control(c)) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", c);
    return fail("byte " + std::string(hex) + " on line " + std::to_string(line_) +
                " is not text (is this a records file?)");
  }
  if (record_bytes_ >= kMaxRecordBytes)
    return fail("the record is longer than " + std::to_string(kMaxRecordBytes) +
                " bytes (is this a records file?)");
  return {};
}

void RecordReader::begin() {
  if (open_) return;
  current_ = Record{};
  current_.number = ++records_;
  current_.line = line_;
  open_ = true;
  pending_comment_.clear();
}

Record RecordReader::close(engine::GameResult result) {
  Record out = std::move(current_);
  out.result = result;
  out.comment = std::move(pending_comment_);
  current_ = Record{};
  pending_comment_.clear();
  open_ = false;
  after_move_ = false;
  record_bytes_ = 0;
  return out;
}

Result<void> RecordReader::tag() {
  std::string text;
  for (int c = peek(); c >= 0 && c != '\n'; c = peek()) {
    if (auto r = check_byte(c); !r) return r;
    text += static_cast<char>(c);
    advance();
  }
  auto tag = parse_tag(text);
  if (!tag)
    return fail("malformed tag line " + std::to_string(line_) + " " + quote(text) +
                " (expected [Name \"value\"])");
  begin();
  current_.tags.push_back(std::move(*tag));
  after_move_ = false;
  return {};
}

Result<void> RecordReader::comment(std::string* text) {
  const std::int64_t start = line_;
  advance();  // '{'
  for (int c = peek();; c = peek()) {
    if (c < 0) return fail("unterminated comment (opened on line " + std::to_string(start) + ")");
    if (auto r = check_byte(c); !r) return r;
    advance();
    if (c == '}') return {};
    if (text) *text += static_cast<char>(c);
  }
}

Result<void> RecordReader::variation() {
  const std::int64_t start = line_;
  int depth = 0;
  for (int c = peek();; c = peek()) {
    if (c < 0) return fail("unterminated variation (opened on line " + std::to_string(start) + ")");
    if (auto r = check_byte(c); !r) return r;
    if (c == '{') {
      if (auto r = comment(nullptr); !r) return r;
      continue;
    }
    advance();
    if (c == '(') ++depth;
    if (c == ')' && --depth == 0) return {};
  }
}

Result<void> RecordReader::token() {
  std::string t(1, static_cast<char>(peek()));
  advance();  // always at least one byte: the reader moves on whatever it meets
  for (int c = peek(); c >= 0 && c != '\n' && !is_blank(c) && c != '{' && c != '(' && c != ';';
       c = peek()) {
    if (auto r = check_byte(c); !r) return r;
    t += static_cast<char>(c);
    advance();
  }
  after_move_ = false;
  if (t.front() == '$') return {};  // a NAG
  // A move number may be glued to the result too ("19.1-0"): the result, never a move.
  const std::string_view move = strip_move_number(t);
  if (auto result = parse_result_token(move)) {
    if (open_) done_ = close(*result);
    return {};
  }
  if (move.empty()) return {};
  begin();
  current_.moves.push_back({std::string(move), {}});
  pending_comment_.clear();
  after_move_ = true;
  return {};
}

Result<std::optional<Record>> RecordReader::next() {
  if (failed_) return *failed_;
  while (true) {
    const int c = peek();
    if (c < 0) {
      if (read_error_) return failed_.emplace(*read_error_);
      if (open_) return std::optional<Record>(close(engine::GameResult::kNone));
      return std::optional<Record>();
    }
    if (auto r = check_byte(c); !r) return r.error();
    Result<void> r;
    if (c == '\n' || is_blank(c)) {
      advance();
    } else if (c == '[' && line_start_) {
      // A tag after moves starts the next record (the previous one had no result token).
      if (open_ && !current_.moves.empty())
        return std::optional<Record>(close(engine::GameResult::kNone));
      r = tag();
    } else if (c == '{') {
      std::string text;
      r = comment(&text);
      if (r && after_move_) {
        current_.moves.back().comment = std::move(text);
      } else if (r && !text.empty()) {
        pending_comment_ += (pending_comment_.empty() ? "" : " ") + text;
      }
      after_move_ = false;
    } else if (c == ';' || (c == '%' && line_start_)) {
      while (peek() >= 0 && peek() != '\n') {
        if (r = check_byte(peek()); !r) break;
        advance();
      }
    } else if (c == '(') {
      r = variation();
      after_move_ = false;
    } else {
      r = token();
    }
    if (!r) return r.error();
    if (done_) {
      Record out = std::move(*done_);
      done_.reset();
      return std::optional<Record>(std::move(out));
    }
  }
}

Result<std::vector<Record>> read_records(std::string_view text, std::string source) {
  auto reader = RecordReader::over(text, std::move(source));
  std::vector<Record> out;
  while (true) {
    auto r = reader.next();
    if (!r) return r.error();
    if (!*r) return out;
    out.push_back(std::move(**r));
  }
}

}  // namespace triad::adapters::records
