// Reading game records lazily, one record at a time, from a file of any size or from a text:
// Triad's records (writer.h) and other PGN-like files (CuteGames', plain and annotated PGN).
// Each move keeps its NAGs ("$2", or a suffix "?" glued to it or alone), its comments (all
// those after it, joined), and its variations "( ... )", nested up to kMaxVariationDepth;
// ';' and '%' comments and move numbers are skipped. After the main line's last move, the
// last of two or more comments is the record's closing comment. A tag line after moves starts
// the next record even without a result token. Every byte is either text or an error: form
// feeds and vertical tabs are blanks, other control bytes (a binary file) are refused. Each
// record is bounded (kMaxRecordBytes), so memory stays bounded whatever the file holds.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "adapters/common/file_io.h"
#include "adapters/records/record.h"
#include "engine/core/result.h"

namespace triad::adapters::records {

// The longest record read: 4 MiB of text (a game of the longest ply bound with engine
// comments takes well under 1 MiB).
inline constexpr std::size_t kMaxRecordBytes = std::size_t{4} << 20;

// The deepest nesting of variations read ("( ( ... ) )" is 2).
inline constexpr std::size_t kMaxVariationDepth = 64;

class RecordReader {
 public:
  // Reads the regular file `path` (named "records file 'path'" in errors).
  static Result<RecordReader> open(const std::filesystem::path& path);
  // Reads `text`, which must outlive the reader; `source` names it in errors.
  static RecordReader over(std::string_view text, std::string source);

  // The next record; nothing at the end of the input. An error names the source, the record
  // and its line, and the line of the fault; after an error, every call returns it again.
  Result<std::optional<Record>> next();
  const std::string& source() const { return source_; }
  // For a text that continues a stream already partly read (Python's read_game): its first
  // line is line `line` of the stream and `records` records came before it, as errors and
  // records number them. Call before the first next().
  void continue_from(std::int64_t line, std::int64_t records) {
    line_ = line;
    records_ = records;
  }

 private:
  RecordReader(std::string source, std::optional<ReadFile> file, std::string_view text);

  int peek();      // the next byte (0..255), -1 at the end (or after a read error)
  void advance();  // consumes the byte peek() returned
  std::string_view data() const { return file_ ? std::string_view(buffer_) : text_; }
  bool refill();
  Error fail(const std::string& what);
  void begin();
  Result<Record> close(engine::GameResult result);
  Result<void> check_byte(int c);
  Result<void> tag();
  Result<void> comment(std::string* text);
  Result<void> open_variation();
  Result<void> close_variation();
  Result<void> token();
  Result<void> annotate(std::string_view nag, std::string_view what);
  void add_comment(std::string text);

  // A line being read: the main line (lines_[0]) or an open variation.
  struct Line {
    std::vector<RecordMove>* moves;     // in current_ (a line's vector never grows while a
    std::string* start_comment;         // variation inside it is open); null: the main line
    std::vector<std::string> comments;  // of its last move, joined when the move is done
    std::int64_t opened = 0;            // the line of its '('
  };
  static void finish(Line& line);

  std::string source_;
  std::optional<ReadFile> file_;
  std::string buffer_;     // the file's last piece read
  std::string_view text_;  // the text read, when not a file
  std::size_t at_ = 0;     // in buffer_ or text_
  std::optional<Error> read_error_;
  std::optional<Error> failed_;

  std::int64_t line_ = 1;
  bool line_start_ = true;  // only blanks since the last newline
  std::int64_t records_ = 0;
  std::size_t record_bytes_ = 0;
  bool open_ = false;
  std::vector<Line> lines_;      // the main line, then the open variations
  std::string pending_comment_;  // comments before the main line's first move
  Record current_;
  std::optional<Record> done_;  // a record ended by a result token, to return
};

// Every record of `text` (for small inputs and bindings; files go through RecordReader).
Result<std::vector<Record>> read_records(std::string_view text, std::string source);

}  // namespace triad::adapters::records
