// The record module: triad-match's records read and written back byte for byte, plain and
// CuteGames PGN, annotated records (NAGs, suffixes, comments, nested variations) read, written
// and read back equal, bad annotations refused, tag escapes, odd bytes (blanks or one error,
// never a hang), files read record by record across pieces, the per-record bound, the result
// tokens, and replaying (the main line, the variations when asked).
#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "adapters/common/file_io.h"
#include "adapters/common/variants.h"
#include "adapters/records/reader.h"
#include "adapters/records/replay.h"
#include "adapters/records/writer.h"

namespace triad::adapters::records {
namespace {

namespace fs = std::filesystem;
using engine::GameResult;

std::string read(const std::string& relative) {
  std::ifstream in(std::string(TRIAD_SOURCE_DIR) + "/" + relative, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A file in a fresh folder, removed with it.
class TempFile {
 public:
  explicit TempFile(const std::string& text) {
    path_ = fs::temp_directory_path() /
            ("triad-records-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TempFile() { fs::remove(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// The one record of `text` (a failure if it does not read as one record).
Record read_one(const std::string& text) {
  auto records = read_records(text, "w");
  EXPECT_TRUE(records) << records.error().message;
  if (!records || records->size() != 1) {
    ADD_FAILURE() << "not one record: " << text;
    return {};
  }
  return (*records)[0];
}

TEST(Records, TriadMatchRecordsReadWithTagsMovesCommentsAndResult) {
  const auto records = read_records(read("tests/data/book/razzle-8games.pgn"), "r.pgn");
  ASSERT_TRUE(records) << records.error().message;
  ASSERT_EQ(records->size(), 8u);
  const Record& first = (*records)[0];
  EXPECT_EQ(first.number, 1);
  EXPECT_EQ(first.line, 1);
  EXPECT_EQ(*first.tag("Variant"), "razzledazzle");
  EXPECT_EQ(first.tag("Score"), nullptr);
  EXPECT_EQ(first.result, GameResult::kP2Win);
  ASSERT_EQ(first.moves.size(), 38u);  // its PlyCount
  EXPECT_EQ(first.moves[0], (RecordMove{"d1c1b1", "0.000s"}));
  EXPECT_EQ(first.moves[1], (RecordMove{"b8c6", "+0.49/1 0.000s"}));
  EXPECT_EQ(first.moves.back().token, "e3d4d1");
  EXPECT_EQ(first.comment, "greedy (Player 2) wins by goal");
  EXPECT_EQ((*records)[1].number, 2);
  EXPECT_GT((*records)[1].line, 20);
}

// What triad-match wrote reads back and writes again to the same bytes.
TEST(Records, TriadMatchRecordsWriteBackByteForByte) {
  const std::string text = read("tests/data/book/razzle-8games.pgn");
  const auto records = read_records(text, "r.pgn");
  ASSERT_TRUE(records) << records.error().message;
  std::string written;
  for (const auto& r : *records) written += write_record(r);
  EXPECT_EQ(written, text);
}

TEST(Records, WriterNumbersFromTheFenSideAndKeepsTheClosingComment) {
  Record r;
  r.tags = {{"Event", "a \"cup\" \\ final"}, {"FEN", "p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 2 0"}};
  r.moves = {{"a1b2", "0.010s"}, {"c3d4", ""}, {"e5f6", ""}};
  r.comment = "a {braced} reason\nover two lines";
  r.result = GameResult::kDraw;
  const std::string text = write_record(r);
  EXPECT_EQ(text,
            "[Event \"a \\\"cup\\\" \\\\ final\"]\n"
            "[FEN \"p/ppp/ppppp/ppp/1/PPP/PPPPP/PPP/P 2 0\"]\n"
            "\n"
            "1... a1b2 {0.010s} 2. c3d4 e5f6 {} {a |braced| reason over two lines} 1/2-1/2\n"
            "\n");
  const Record back = read_one(text);
  EXPECT_EQ(back.tags, r.tags);  // escapes undone
  EXPECT_EQ(back.moves, r.moves);
  EXPECT_EQ(back.comment, "a |braced| reason over two lines");
  EXPECT_EQ(back.result, GameResult::kDraw);
  EXPECT_EQ(write_record(back), text);
}

// A control byte in the FEN tag is written as a space: the move numbers follow the value
// as written, so the text reads back to the same text (found by fuzz_records).
TEST(Records, WrittenTextReadsBackToItselfWithControlBytesInTags) {
  Record r;
  r.tags = {{"FEN", "1ppbp\v1/7 2 - - 0"}};
  r.moves = {{"c8d6", ""}, {"f1e3", ""}};
  const std::string once = write_record(r);
  EXPECT_EQ(write_record(read_one(once)), once);
  EXPECT_NE(once.find("\n1. c8d6 f1e3 *\n"), std::string::npos) << once;
}

TEST(Records, PlainPgnWithVariationsNagsGluedNumbersAndMissingResults) {
  const auto records = read_records(
      "[Event \"x\"]\n\n1.e1f3 $1 (1. d1f2 {alt} (1. a1a2)) b8c6 ; a comment\n2... x 1/2-1/2\n"
      "1. d1f2 b8c6 *\n"
      "[Event \"no result\"]\n1. a1a2\n%escaped line\n[Event \"next\"]\n1. b1b2\n",
      "p.pgn");
  ASSERT_TRUE(records) << records.error().message;
  ASSERT_EQ(records->size(), 4u);
  EXPECT_EQ((*records)[0].tokens(), (std::vector<std::string>{"e1f3", "b8c6", "x"}));
  EXPECT_EQ((*records)[0].result, GameResult::kDraw);
  EXPECT_EQ((*records)[1].tokens().size(), 2u);
  EXPECT_EQ((*records)[1].result, GameResult::kNone);
  // A tag after moves starts the next record, without a result token.
  EXPECT_EQ((*records)[2].tokens(), (std::vector<std::string>{"a1a2"}));
  EXPECT_EQ((*records)[3].tokens(), (std::vector<std::string>{"b1b2"}));
  EXPECT_EQ((*records)[3].number, 4);
  EXPECT_EQ((*records)[3].line, 9);
}

// Every construct of an annotated record (a review's: NAGs, suffixes, comments after NAGs,
// several comments, nested variations with their own comments and NAGs, the closing comment).
constexpr const char* kAnnotated =
    "[Variant \"yinyang\"]\n"
    "\n"
    "1. c4b4! {book} $14 {+0.20} 1... c3a3?! {-0.40} {best was c3c1} (1... c3c1 $1 {+0.10}\n"
    "(1... c4c6 ?? {loses}) 2. d4e4) ({another} 1... c4c6 $2) 2. c3c1 $146 {} {why it ended} 0-1\n";

TEST(Records, AnnotatedRecordsKeepNagsCommentsAndVariations) {
  auto records = read_records(kAnnotated, "a.pgn");
  ASSERT_TRUE(records) << records.error().message;
  ASSERT_EQ(records->size(), 1u);
  const Record& r = (*records)[0];
  EXPECT_EQ(r.tokens(), (std::vector<std::string>{"c4b4", "c3a3", "c3c1"}));
  EXPECT_EQ(r.moves[0].nags, (std::vector<int>{1, 14}));
  EXPECT_EQ(r.moves[0].comment, "book +0.20");  // the comment after a NAG is kept
  EXPECT_EQ(r.moves[1].nags, (std::vector<int>{6}));
  EXPECT_EQ(r.moves[1].comment, "-0.40 best was c3c1");
  ASSERT_EQ(r.moves[1].variations.size(), 2u);
  const Variation& best = r.moves[1].variations[0];
  EXPECT_EQ(best.comment, "");
  ASSERT_EQ(best.moves.size(), 2u);
  EXPECT_EQ(
      best.moves[0],
      (RecordMove{"c3c1", "+0.10", {1}, {Variation{"", {RecordMove{"c4c6", "loses", {4}}}}}}));
  EXPECT_EQ(best.moves[1], (RecordMove{"d4e4", ""}));
  EXPECT_EQ(r.moves[1].variations[1], (Variation{"another", {RecordMove{"c4c6", "", {2}}}}));
  EXPECT_EQ(r.moves[2].nags, (std::vector<int>{146}));
  EXPECT_EQ(r.moves[2].comment, "");
  EXPECT_EQ(r.comment, "why it ended");
  EXPECT_EQ(r.result, GameResult::kP2Win);

  // Written with NAGs as $n, read back equal, written again to the same text.
  const std::string once = write_record(r);
  EXPECT_EQ(once,
            "[Variant \"yinyang\"]\n\n"
            "1. c4b4 $1 $14 {book +0.20} c3a3 $6 {-0.40 best was c3c1} ( 1... c3c1 $1 {+0.10}\n"
            "( 1... c4c6 $4 {loses} ) 2. d4e4 ) ( {another} 1... c4c6 $2 ) 2. c3c1 $146 {}\n"
            "{why it ended} 0-1\n\n");
  Record again = read_one(once);
  again.number = r.number;
  again.line = r.line;
  EXPECT_EQ(again, r);
  EXPECT_EQ(write_record(again), once);

  // A NAG with a move number glued on is a NAG; a result token with a suffix is no result.
  const Record glued = read_one("1. a 1.$2 b 1-0! *\n");
  EXPECT_EQ(glued.moves, (std::vector<RecordMove>{{"a", "", {2}}, {"b", ""}, {"1-0!", ""}}));
  EXPECT_EQ(read_one(write_record(glued)).moves, glued.moves);
}

// Bad annotations: one error naming the record and the line, never a crash; nesting is bounded.
TEST(Records, BadAnnotationsAreRefused) {
  const std::pair<const char*, const char*> cases[] = {
      {"1. a (b c\n", "v.pgn, record 1 (line 1): unterminated variation (opened on line 1)"},
      {"1. a (b\n(c\n", "v.pgn, record 1 (line 1): unterminated variation (opened on line 2)"},
      {"1. a (b\n[Event \"next\"]\n", "unterminated variation (opened on line 1)"},
      {"1. a b) c\n", "v.pgn, record 1 (line 1): ')' on line 1 closes no variation"},
      {"(a) 1. b\n", "record 1 (line 1): a variation before any move on line 1"},
      {"[Event \"x\"]\n(a) 1. b\n", "record 1 (line 1): a variation before any move on line 2"},
      {"1. a ( (b) c)\n", "a variation before any move on line 1"},
      {"1. a $0\n", "bad NAG '$0' on line 1 (expected $1 to $255)"},
      {"1. a $256\n", "bad NAG '$256' on line 1"},
      {"1. a $1x\n", "bad NAG '$1x' on line 1"},
      {"1. a $\n", "bad NAG '$' on line 1"},
      {"1. a!!!\n", "bad move suffix '!!!' of 'a!!!' on line 1 (expected !, ?, !!, ??, !? or ?!)"},
      {"1. a ?!? b\n", "bad move suffix '?!?'"},
      {"$1 1. a\n", "NAG '$1' on line 1 before any move"},
      {"1. a (?? b)\n", "NAG '?\?' on line 1 before any move"},
      {"1. a (b 1-0) c\n", "result '1-0' on line 1 inside a variation (opened on line 1)"},
  };
  for (const auto& [text, message] : cases) {
    auto r = read_records(text, "v.pgn");
    ASSERT_FALSE(r) << text;
    EXPECT_NE(r.error().message.find(message), std::string::npos) << r.error().message;
  }
  // kMaxVariationDepth nested variations read; one more is refused, whatever follows.
  auto nested = [](std::size_t depth) {
    std::string text = "1. a";
    for (std::size_t i = 0; i < depth; ++i) text += " (b";
    return text + std::string(depth, ')') + " 1-0\n";
  };
  const Record deepest = read_one(nested(kMaxVariationDepth));
  EXPECT_EQ(read_one(write_record(deepest)).moves, deepest.moves);
  auto deeper = read_records(nested(kMaxVariationDepth + 1) + std::string(1 << 20, '('), "d");
  ASSERT_FALSE(deeper);
  EXPECT_EQ(deeper.error().message,
            "d, record 1 (line 1): variations nested deeper than 64 on line 1");
}

TEST(Records, AResultWithAMoveNumberGluedOnEndsTheRecord) {
  // Found by fuzz_records: "19.1-0" was read as a move "1-0", which the writer then wrote
  // as the result.
  const auto records = read_records("1. b1c3 c8d6 19.1-0\n2. a1a2 3...0-1\n", "g.pgn");
  ASSERT_TRUE(records) << records.error().message;
  ASSERT_EQ(records->size(), 2u);
  EXPECT_EQ((*records)[0].tokens(), (std::vector<std::string>{"b1c3", "c8d6"}));
  EXPECT_EQ((*records)[0].result, GameResult::kP1Win);
  EXPECT_EQ((*records)[1].tokens(), (std::vector<std::string>{"a1a2"}));
  EXPECT_EQ((*records)[1].result, GameResult::kP2Win);
}

TEST(Records, MalformedRecordsNameTheRecordAndTheLine) {
  auto comment =
      read_records("[Event \"a\"]\n1. a 1-0\n\n[Event \"x\"]\n1. e1f3\n{never closed\n", "c.pgn");
  ASSERT_FALSE(comment);
  EXPECT_EQ(comment.error().message,
            "c.pgn, record 2 (line 4): unterminated comment (opened on line 6)");
  auto variation = read_records("1. a (b c\n", "v.pgn");
  ASSERT_FALSE(variation);
  EXPECT_EQ(variation.error().message,
            "v.pgn, record 1 (line 1): unterminated variation (opened on line 1)");
  for (const char* bad : {"[Event x]", "[Event \"x\"", "[ \"x\"]", "[Event \"x\"] y"}) {
    auto tag = read_records(std::string(bad) + "\n", "t.pgn");
    ASSERT_FALSE(tag) << bad;
    EXPECT_NE(tag.error().message.find("t.pgn, record 1 (line 1): malformed tag line 1"),
              std::string::npos)
        << tag.error().message;
  }
}

// Form feeds and vertical tabs are blanks; any other control byte is refused, naming the
// record and the line; the reader always ends.
TEST(Records, FormFeedsAreBlanksAndBinaryBytesOneError) {
  auto blanks = read_records("[Variant \"v\"]\f\n\n1. b1c3 \f c8d6\v\v1-0\n", "f.pgn");
  ASSERT_TRUE(blanks) << blanks.error().message;
  ASSERT_EQ(blanks->size(), 1u);
  EXPECT_EQ((*blanks)[0].tokens(), (std::vector<std::string>{"b1c3", "c8d6"}));
  EXPECT_EQ((*blanks)[0].result, GameResult::kP1Win);
  for (char byte : {'\0', '\x01', '\x1b', '\x7f'}) {
    std::string text = "[Event \"a\"]\n1. a 1-0\n\n[Event \"b\"]\n\n1. b1c3 ";
    text += byte;
    text += " c8d6 1-0\n";
    auto bad = read_records(text, "b.pgn");
    ASSERT_FALSE(bad) << int(byte);
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", static_cast<unsigned char>(byte));
    EXPECT_EQ(bad.error().message, std::string("b.pgn, record 2 (line 4): byte ") + hex +
                                       " on line 6 is not text (is this a records file?)");
  }
  // In a comment or a tag too.
  EXPECT_FALSE(read_records("1. a {x\x02y} 1-0\n", "c"));
  EXPECT_FALSE(read_records("[Event \"\x02\"]\n", "t"));
  // After an error the reader keeps giving it.
  auto reader = RecordReader::over("1. a\x01", "r");
  auto first = reader.next();
  ASSERT_FALSE(first);
  auto again = reader.next();
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().message, first.error().message);
}

// A file is read in pieces: records across piece boundaries come out whole, in order.
TEST(Records, FilesAreReadRecordByRecord) {
  std::string text;
  std::vector<Record> written;
  for (int i = 0; i < 5000; ++i) {
    Record r;
    r.tags = {{"Game", std::to_string(i + 1)}};
    for (int k = 0; k <= i % 6; ++k) r.moves.push_back({"m" + std::to_string(k), "c"});
    r.result = i % 3 == 0 ? GameResult::kP1Win : GameResult::kNone;
    text += write_record(r);
    written.push_back(std::move(r));
  }
  ASSERT_GT(text.size(), 3u << 16);
  TempFile file(text);
  auto reader = RecordReader::open(file.path());
  ASSERT_TRUE(reader) << reader.error().message;
  std::int64_t line = 1;
  for (std::size_t i = 0; i < written.size(); ++i) {
    auto r = reader->next();
    ASSERT_TRUE(r) << r.error().message;
    ASSERT_TRUE(*r) << "record " << i + 1;
    EXPECT_EQ((*r)->number, static_cast<std::int64_t>(i + 1));
    EXPECT_EQ((*r)->line, line);
    EXPECT_EQ((*r)->tags, written[i].tags);
    EXPECT_EQ((*r)->moves, written[i].moves);
    EXPECT_EQ((*r)->result, written[i].result);
    line += 4;  // tag, blank, moves, blank
  }
  auto end = reader->next();
  ASSERT_TRUE(end);
  EXPECT_FALSE(*end);
}

TEST(Records, FilesThatAreNotRecordsAreRefused) {
  auto device = RecordReader::open("/dev/null");
  ASSERT_FALSE(device);
  EXPECT_NE(device.error().message.find("records file '/dev/null' is a device"), std::string::npos)
      << device.error().message;
  // An endless comment stops at the record bound instead of filling memory.
  TempFile file("[Event \"x\"]\n1. a {" + std::string(kMaxRecordBytes, 'z') + "} 1-0\n");
  auto reader = RecordReader::open(file.path());
  ASSERT_TRUE(reader);
  auto r = reader->next();
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("record 1 (line 1): the record is longer than 4194304 bytes"),
            std::string::npos)
      << r.error().message;
}

TEST(Records, ResultTokens) {
  for (auto r : {GameResult::kP1Win, GameResult::kP2Win, GameResult::kDraw, GameResult::kNone})
    EXPECT_EQ(parse_result_token(result_token(r)), r);
  EXPECT_EQ(result_token(GameResult::kP1Win), "1-0");
  EXPECT_EQ(result_token(GameResult::kP2Win), "0-1");
  EXPECT_EQ(result_token(GameResult::kDraw), "1/2-1/2");
  EXPECT_EQ(result_token(GameResult::kNone), "*");
  EXPECT_EQ(parse_result_token("2-0"), std::nullopt);
  EXPECT_EQ(parse_result_token("1-0 "), std::nullopt);
}

// Replaying: the start from the FEN tag ("startpos" or none: the start position), each move
// in turn, the first refused move named with its ply.
TEST(Records, ReplayNamesTheBadMove) {
  auto game = VariantRegistry::builtin().create("yinyang");
  ASSERT_TRUE(game);
  auto records = read_records("[FEN \"startpos\"]\n1. c4b4 zz9 c4b4 *\n", "y");
  ASSERT_TRUE(records);
  ASSERT_TRUE(set_up(**game, (*records)[0]));
  std::vector<std::size_t> plies;
  auto r = play_moves(**game, (*records)[0],
                      [&](std::size_t ply, const AnyGame&) { plies.push_back(ply); });
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message.rfind("ply 2: move 'zz9': ", 0), 0u) << r.error().message;
  EXPECT_EQ(r.error().message.find("'zz9': move 'zz9'"), std::string::npos) << "named once";
  EXPECT_EQ(plies, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ((*game)->ply(), 1);
  // Variations are played when asked: from the position before the move they replace.
  auto annotated = read_records(kAnnotated, "a.pgn");
  ASSERT_TRUE(annotated);
  ASSERT_TRUE(set_up(**game, (*annotated)[0]));
  ASSERT_TRUE(check_variations(**game, (*annotated)[0]));
  EXPECT_EQ((*game)->ply(), 0) << "the game is left as it was";
  auto bad = read_records("1. c4b4 c3a3 (c3c1 (c4c6 d4e4 zz9)) *\n", "b");
  ASSERT_TRUE(bad);
  ASSERT_TRUE(play_moves(**game, (*bad)[0])) << "the main line alone is legal";
  ASSERT_TRUE(set_up(**game, (*bad)[0]));
  auto v = check_variations(**game, (*bad)[0]);
  ASSERT_FALSE(v);
  EXPECT_EQ(
      v.error().message.rfind("ply 2: variation 1: ply 2: variation 1: ply 4: move 'zz9': ", 0), 0u)
      << v.error().message;
  auto bad_fen = read_records("[FEN \"nonsense\"]\n*\n", "f");
  ASSERT_TRUE(bad_fen);
  auto s = set_up(**game, (*bad_fen)[0]);
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().message.rfind("FEN tag: ", 0), 0u);
}

// A UTF-8 byte-order mark (Notepad and many GUIs write one) at the start of a text file is
// skipped by every text reader: record files and texts, position and openings files
// (read_text_file), variant files. It once read as part of the first tag or position.
TEST(Records, AByteOrderMarkAtTheStartIsSkippedByEveryTextReader) {
  const std::string bom = "\xEF\xBB\xBF";
  const std::string record = "[Variant \"yinyang\"]\n\n1. c4b4 c3d3 *\n";
  TempFile file(bom + record);
  auto reader = RecordReader::open(file.path());
  ASSERT_TRUE(reader) << reader.error().message;
  auto from_file = reader->next();
  ASSERT_TRUE(from_file && *from_file) << (from_file ? "no record" : from_file.error().message);
  EXPECT_EQ((*from_file)->tags.front().name, "Variant");
  EXPECT_EQ(read_one(bom + record).moves.size(), 2u);
  auto text = read_text_file(file.path(), "input file");
  ASSERT_TRUE(text) << text.error().message;
  EXPECT_EQ(*text, record);
  EXPECT_EQ(without_bom(bom), "");
  TempFile variants(bom + "variants:\n  - name: yy2\n    game: yinyang\n");
  auto registry = VariantRegistry::builtin();
  auto loaded = registry.load_file(variants.path());
  EXPECT_TRUE(loaded) << loaded.error().message;
  EXPECT_TRUE(registry.create("yy2").ok());
}

}  // namespace
}  // namespace triad::adapters::records
