// Reading the input of triad-analyse (see input.h).
#include "analysis/input.h"

#include "adapters/common/file_io.h"
#include "adapters/common/text.h"
#include "adapters/records/reader.h"
#include "adapters/records/replay.h"

namespace triad::analysis {

namespace {

// Error messages quoted on stderr: at most this many (every one is in the output).
constexpr std::size_t kShownErrors = 5;
// An erroneous input line is repeated in its output line cut to this many bytes.
constexpr std::size_t kShownInputBytes = 200;

std::string_view trim(std::string_view s) {
  const auto first = s.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = s.find_last_not_of(" \t\r");
  return s.substr(first, last - first + 1);
}

// Records if some line starts with a tag ('['), otherwise position lines.
bool looks_like_records(std::string_view text) {
  std::size_t at = 0;
  while (at < text.size()) {
    auto end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const auto line = trim(text.substr(at, end - at));
    if (!line.empty() && line.front() == '[') return true;
    at = end + 1;
  }
  return false;
}

}  // namespace

Result<Input> Input::read(const AnalyseConfig& config, const adapters::VariantRegistry& registry) {
  auto text = adapters::read_text_file(config.input, "input file", kMaxInputBytes);
  if (!text) return text.error();
  Input in;
  in.review_ = config.review;
  const bool records = config.format == InputFormat::kRecords ||
                       (config.format == InputFormat::kAuto && looks_like_records(*text));
  if (records) {
    if (auto r = in.add_records(*text, config, registry); !r) return r.error();
  } else {
    std::size_t at = 0;
    for (std::int64_t number = 1; at < text->size(); ++number) {
      auto end = text->find('\n', at);
      if (end == std::string::npos) end = text->size();
      const auto line = trim(std::string_view(*text).substr(at, end - at));
      if (!line.empty() && line.front() != '#')
        in.add_position_line(number, line, registry, config.variant);
      at = end + 1;
    }
  }
  if (config.review && in.errors_ > 0)
    return make_error("input file " + adapters::quote(config.input.string()) + ": " +
                      in.first_error_ + "; nothing was reviewed");
  if (in.entries_.empty())
    return make_error("input file " + adapters::quote(config.input.string()) +
                      " holds no position (" +
                      (records ? "no game records" : "only blank or '#' comment lines") + ")");
  return in;
}

void Input::add_error(Entry entry, const std::string& message) {
  ++errors_;
  if (first_error_.empty())
    first_error_ = (entry.game > 0 ? "game " + std::to_string(entry.game) + " (line " +
                                         std::to_string(entry.line) + "): "
                                   : "line " + std::to_string(entry.line) + ": ") +
                   message;
  if (first_errors_.size() < kShownErrors)
    first_errors_.push_back("line " + std::to_string(entry.line) + ": " + message);
  entry.error = message;
  entries_.push_back(std::move(entry));
}

void Input::add_position_line(std::int64_t line, std::string_view text,
                              const adapters::VariantRegistry& registry,
                              const std::string& variant) {
  auto game = std::make_shared<Game>();
  game->variant = variant;
  const auto fields = adapters::split_fields(text);
  std::size_t board_end = fields.size();
  for (std::size_t i = 0; i < fields.size(); ++i)
    if (fields[i] == "moves") {
      board_end = i;
      break;
    }
  for (std::size_t i = 0; i < board_end; ++i) {
    if (i > 0) game->start += ' ';
    game->start += fields[i];
  }
  for (std::size_t i = board_end + 1; i < fields.size(); ++i) game->moves.emplace_back(fields[i]);

  // In a review the line is a game, numbered like records.
  const std::int64_t number = review_ ? static_cast<std::int64_t>(records_.size()) + 1 : 0;
  Entry entry{line, number, nullptr, 0, adapters::sanitize(text, kShownInputBytes), {}, {}};
  auto made = registry.create(variant);
  if (!made) return add_error(std::move(entry), made.error().message);
  auto& pos = **made;
  if (auto r = pos.reset(game->start); !r) return add_error(std::move(entry), r.error().message);
  game->start = pos.position_line();
  if (review_) {
    adapters::records::Record record;
    record.line = line;
    record.tags = {{"Variant", variant}, {"FEN", game->start}};
    keep_record(std::move(record));
  }
  // (The game's notation names the move token in its errors.)
  for (std::size_t i = 0; i < game->moves.size(); ++i) {
    if (review_)
      entries_.push_back({line, number, game, static_cast<int>(i), pos.position_line(), {}, {}});
    if (auto r = pos.play(game->moves[i]); !r)
      return add_error(std::move(entry), adapters::refused_at_ply(i, r.error().message));
  }
  entry.position = pos.position_line();
  entry.ply = static_cast<int>(game->moves.size());
  if (pos.outcome().over()) entry.result = adapters::records::result_token(pos.outcome().result);
  entry.source = std::move(game);
  entries_.push_back(std::move(entry));
}

Result<void> Input::add_records(std::string_view text, const AnalyseConfig& config,
                                const adapters::VariantRegistry& registry) {
  auto reader = adapters::records::RecordReader::over(
      text, "input file '" +
                adapters::sanitize(config.input.string(), adapters::kMaxShownPathBytes) + "'");
  while (true) {
    auto record = reader.next();
    if (!record) return record.error();
    if (!*record) return {};
    add_game(**record, config.variant, registry);
  }
}

void Input::add_game(const adapters::records::Record& record, const std::string& default_variant,
                     const adapters::VariantRegistry& registry) {
  auto game = std::make_shared<Game>();
  const std::string* variant = record.tag("Variant");
  game->variant = variant ? *variant : default_variant;
  game->moves = record.tokens();
  const std::string* fen = record.tag("FEN");
  Entry entry{record.line, record.number, nullptr, 0, fen ? *fen : "", {}, {}};
  keep_record(record);
  auto made = registry.create(game->variant);
  if (!made) return add_error(std::move(entry), made.error().message);
  auto& pos = **made;
  if (auto r = adapters::records::set_up(pos, record); !r)
    return add_error(std::move(entry), r.error().message);
  game->start = pos.position_line();
  // Every position of the game from its start, each with the moves before it.
  std::vector<Entry> added;
  auto played = adapters::records::play_moves(pos, record, [&](std::size_t ply, const auto& now) {
    added.push_back(
        {record.line, record.number, game, static_cast<int>(ply), now.position_line(), {}, {}});
  });
  if (played) {
    Entry last{record.line,
               record.number,
               game,
               static_cast<int>(game->moves.size()),
               pos.position_line(),
               {},
               {}};
    if (pos.outcome().over()) last.result = adapters::records::result_token(pos.outcome().result);
    added.push_back(std::move(last));
  }
  // The position where a move is refused is the error's line, not analysed.
  Entry failed;
  if (!played) {
    failed = std::move(added.back());
    added.pop_back();
  }
  for (auto& e : added) entries_.push_back(std::move(e));
  if (!played) add_error(std::move(failed), played.error().message);
}

void Input::keep_record(adapters::records::Record record) {
  if (!review_) return;
  record.moves.clear();
  records_.push_back(std::move(record));
}

Task Input::task(std::int64_t index) const {
  const Entry& e = entries_[static_cast<std::size_t>(index)];
  Task t;
  t.index = index;
  t.line = e.line;
  t.game = e.game;
  t.position = e.position;
  t.result = e.result;
  t.error = e.error;
  if (e.source) {
    t.variant = e.source->variant;
    t.start = e.source->start;
    const auto& moves = e.source->moves;
    t.moves.assign(moves.begin(), moves.begin() + e.ply);
    if (e.game > 0 && static_cast<std::size_t>(e.ply) < moves.size())
      t.played = moves[static_cast<std::size_t>(e.ply)];
  }
  return t;
}

}  // namespace triad::analysis
