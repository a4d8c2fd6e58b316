// The game record writer.
#include "tournament/record.h"

#include <cstdio>

namespace triad::tournament {

namespace {

std::string tag(const std::string& name, const std::string& value) {
  std::string escaped;
  for (char c : value) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return "[" + name + " \"" + escaped + "\"]\n";
}

std::string seconds(std::int64_t ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3fs", static_cast<double>(ms) / 1000.0);
  return buf;
}

// The side to move (0/1) of a position line: the field after the board.
int side_of(const std::string& fen) {
  const auto space = fen.find(' ');
  return space != std::string::npos && fen.compare(space + 1, 1, "2") == 0 ? 1 : 0;
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

std::string format_score(const protocol::EngineScore& score) {
  if (score.mate) return (score.value > 0 ? "+M" : "-M") + std::to_string(std::abs(score.value));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", score.value / 100.0);
  return buf;
}

std::string format_record(const GameRecord& r) {
  const GameSetup& s = r.setup;
  std::string out;
  out += tag("Event", s.event);
  out += tag("Site", "?");
  out += tag("Date", r.date);
  out += tag("Round", std::to_string(s.round));
  out += tag("Game", std::to_string(s.number));
  out += tag("Variant", s.variant);
  out += tag("FEN", s.start_fen);
  out += tag("Player1", s.name[0]);
  out += tag("Player2", s.name[1]);
  for (int p = 0; p < 2; ++p)
    if (!r.engine_id[p].empty())
      out += tag("Player" + std::to_string(p + 1) + "Engine", r.engine_id[p]);
  out += tag("Result", result_text(r.result));
  out += tag("Termination", r.termination);
  if (!r.score_text.empty() && r.score_text != "none") out += tag("Score", r.score_text);
  const std::string tc0 = format_tc(s.tc[0]), tc1 = format_tc(s.tc[1]);
  out += tag("TimeControl", tc0 == tc1 ? tc0 : tc0 + " / " + tc1);
  out += tag("PlyCount", std::to_string(r.moves.size()));
  out += "\n";

  Wrapper text;
  int side = side_of(s.start_fen);
  int number = 1;
  for (std::size_t i = 0; i < r.moves.size(); ++i) {
    const MoveRecord& m = r.moves[i];
    if (side == 0) {
      text.add(std::to_string(number) + ".");
    } else if (i == 0) {
      text.add(std::to_string(number) + "...");
    }
    text.add(m.move);
    if (m.book) {
      text.add("{book}");
    } else {
      std::string comment =
          m.score ? format_score(*m.score) + "/" + std::to_string(m.depth) + " " : std::string();
      text.add("{" + comment + seconds(m.time_ms) + "}");
    }
    if (side == 1) ++number;
    side = 1 - side;
  }
  if (!r.comment.empty()) {
    // The comment may quote an engine's output: braces would end it early.
    std::string comment = r.comment;
    for (char& c : comment)
      if (c == '{' || c == '}') c = '|';
    text.add("{" + comment + "}");
  }
  text.add(result_text(r.result));
  return out + text.finish() + "\n";
}

}  // namespace triad::tournament
