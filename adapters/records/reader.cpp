// Reading game records record by record (see reader.h).
#include "adapters/records/reader.h"

#include <cstdio>
#include <string>
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
  file->skip_bom();
  return RecordReader("records file '" + sanitize(path.string(), kMaxShownPathBytes) + "'",
                      std::move(*file), {});
}

RecordReader RecordReader::over(std::string_view text, std::string source) {
  return RecordReader(std::move(source), std::nullopt, without_bom(text));
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
  lines_ = {Line{&current_.moves, nullptr, {}, line_}};
  pending_comment_.clear();
}

void RecordReader::finish(Line& line) {
  if (line.moves->empty()) return;
  std::string& comment = line.moves->back().comment;
  for (const std::string& c : line.comments)
    if (!c.empty()) comment += (comment.empty() ? "" : " ") + c;
  line.comments.clear();
}

Result<Record> RecordReader::close(engine::GameResult result) {
  if (lines_.size() > 1)
    return fail("unterminated variation (opened on line " + std::to_string(lines_.back().opened) +
                ")");
  Record out = std::move(current_);
  out.result = result;
  if (out.moves.empty()) {
    out.comment = std::move(pending_comment_);
  } else if (Line& main = lines_.front(); main.comments.size() >= 2) {
    // "e1f3 {move} {why the game ended}": the last comment is the record's.
    out.comment = std::move(main.comments.back());
    main.comments.pop_back();
  }
  if (!lines_.empty()) {
    lines_.front().moves = &out.moves;
    finish(lines_.front());
  }
  lines_.clear();
  current_ = Record{};
  pending_comment_.clear();
  open_ = false;
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

void RecordReader::add_comment(std::string text) {
  if (open_ && !lines_.back().moves->empty()) {
    lines_.back().comments.push_back(std::move(text));
    return;
  }
  std::string& before =
      open_ && lines_.back().start_comment ? *lines_.back().start_comment : pending_comment_;
  if (!text.empty()) before += (before.empty() ? "" : " ") + text;
}

Result<void> RecordReader::open_variation() {
  const std::int64_t at = line_;
  advance();  // '('
  if (!open_ || lines_.back().moves->empty())
    return fail("a variation before any move on line " + std::to_string(at) +
                " (a variation replaces the move before it)");
  if (lines_.size() > kMaxVariationDepth)
    return fail("variations nested deeper than " + std::to_string(kMaxVariationDepth) +
                " on line " + std::to_string(at));
  auto& variations = lines_.back().moves->back().variations;
  variations.emplace_back();
  lines_.push_back(Line{&variations.back().moves, &variations.back().comment, {}, at});
  return {};
}

Result<void> RecordReader::close_variation() {
  advance();  // ')'
  if (!open_ || lines_.size() < 2)
    return fail("')' on line " + std::to_string(line_) + " closes no variation");
  finish(lines_.back());
  lines_.pop_back();
  return {};
}

Result<void> RecordReader::annotate(std::string_view nag, std::string_view what) {
  int value = 0;
  if (nag.front() == '$') {
    const std::string_view digits = nag.substr(1);
    bool ok = !digits.empty() && digits.size() <= 3;
    for (char c : digits) ok = ok && c >= '0' && c <= '9';
    if (ok) value = std::stoi(std::string(digits));
    if (!ok || value < 1 || value > kMaxNag)
      return fail("bad NAG " + quote(nag) + " on line " + std::to_string(line_) +
                  " (expected $1 to $" + std::to_string(kMaxNag) + ")");
  } else if (auto v = suffix_nag(nag)) {
    value = *v;
  } else {
    return fail("bad move suffix " + quote(nag) + " of " + quote(what) + " on line " +
                std::to_string(line_) + " (expected !, ?, !!, ??, !? or ?!)");
  }
  if (!open_ || lines_.back().moves->empty())
    return fail("NAG " + quote(what) + " on line " + std::to_string(line_) + " before any move");
  lines_.back().moves->back().nags.push_back(value);
  return {};
}

Result<void> RecordReader::token() {
  std::string t(1, static_cast<char>(peek()));
  advance();  // always at least one byte: the reader moves on whatever it meets
  for (int c = peek();
       c >= 0 && c != '\n' && !is_blank(c) && c != '{' && c != '(' && c != ')' && c != ';';
       c = peek()) {
    if (auto r = check_byte(c); !r) return r;
    t += static_cast<char>(c);
    advance();
  }
  // A move number may be glued to a NAG or the result too ("19.1-0"): never a move.
  const std::string_view move = strip_move_number(t);
  if (!move.empty() && move.front() == '$') return annotate(move, t);
  if (auto result = parse_result_token(move)) {
    if (lines_.size() > 1)
      return fail("result " + quote(move) + " on line " + std::to_string(line_) +
                  " inside a variation (opened on line " + std::to_string(lines_.back().opened) +
                  ")");
    if (open_) {
      auto record = close(*result);
      if (!record) return record.error();
      done_ = std::move(*record);
    }
    return {};
  }
  // A suffix ("e1f3?!") is the move's NAG; alone ("e1f3 ?!") the last move's. A result
  // token never takes one ("1-0!" stays one token, so it is never written back as "1-0").
  std::size_t cut = move.size();
  while (cut > 0 && (move[cut - 1] == '!' || move[cut - 1] == '?')) --cut;
  if (cut > 0 && parse_result_token(move.substr(0, cut))) cut = move.size();
  const std::string_view suffix = move.substr(cut);
  if (cut == 0 && !suffix.empty()) return annotate(suffix, t);
  if (move.empty()) return {};
  if (!suffix.empty() && !suffix_nag(suffix)) return annotate(suffix, t);  // the error
  begin();
  Line& line = lines_.back();
  finish(line);
  line.moves->push_back({std::string(move.substr(0, cut)), {}});
  if (!suffix.empty()) line.moves->back().nags.push_back(*suffix_nag(suffix));
  return {};
}

Result<std::optional<Record>> RecordReader::next() {
  if (failed_) return *failed_;
  while (true) {
    const int c = peek();
    if (c < 0) {
      if (read_error_) return failed_.emplace(*read_error_);
      if (!open_) return std::optional<Record>();
      auto record = close(engine::GameResult::kNone);
      if (!record) return record.error();
      return std::optional<Record>(std::move(*record));
    }
    if (auto r = check_byte(c); !r) return r.error();
    Result<void> r;
    if (c == '\n' || is_blank(c)) {
      advance();
    } else if (c == '[' && line_start_) {
      // A tag after moves starts the next record (the previous one had no result token).
      if (open_ && !current_.moves.empty()) {
        auto record = close(engine::GameResult::kNone);
        if (!record) return record.error();
        return std::optional<Record>(std::move(*record));
      }
      r = tag();
    } else if (c == '{') {
      std::string text;
      r = comment(&text);
      if (r) add_comment(std::move(text));
    } else if (c == ';' || (c == '%' && line_start_)) {
      while (peek() >= 0 && peek() != '\n') {
        if (r = check_byte(peek()); !r) break;
        advance();
      }
    } else if (c == '(') {
      r = open_variation();
    } else if (c == ')') {
      r = close_variation();
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
