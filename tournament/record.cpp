// The game record of a refereed game, written by the record module (adapters/records/).
#include "tournament/record.h"

#include <cstdio>

#include "adapters/records/writer.h"

namespace triad::tournament {

namespace {

std::string seconds(std::int64_t ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3fs", static_cast<double>(ms) / 1000.0);
  return buf;
}

}  // namespace

std::string format_score(const protocol::EngineScore& score) {
  // A mate in moves, as cutechess writes it (UCI's `score mate N`).
  if (score.mate)
    return (score.value > 0 ? "+M" : "-M") +
           std::to_string(std::abs(protocol::mate_moves(score.value)));
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", score.value / 100.0);
  return buf;
}

std::string format_record(const GameRecord& r) {
  namespace rec = adapters::records;
  const GameSetup& s = r.setup;
  rec::Record out;
  auto tag = [&](std::string name, std::string value) {
    out.tags.push_back({std::move(name), std::move(value)});
  };
  tag("Event", s.event);
  tag("Site", "?");
  tag("Date", r.date);
  tag("Round", std::to_string(s.round));
  tag("Game", std::to_string(s.number));
  tag("Variant", s.variant);
  tag("FEN", s.start_fen);
  tag("Player1", s.name[0]);
  tag("Player2", s.name[1]);
  for (int p = 0; p < 2; ++p)
    if (!r.engine_id[p].empty()) tag("Player" + std::to_string(p + 1) + "Engine", r.engine_id[p]);
  tag("Result", std::string(rec::result_token(r.result)));
  tag("Termination", r.termination);
  if (!r.score_text.empty() && r.score_text != "none") tag("Score", r.score_text);
  const std::string tc0 = format_tc(s.tc[0]), tc1 = format_tc(s.tc[1]);
  tag("TimeControl", tc0 == tc1 ? tc0 : tc0 + " / " + tc1);
  tag("PlyCount", std::to_string(r.moves.size()));
  for (const MoveRecord& m : r.moves) {
    const std::string score =
        m.score ? format_score(*m.score) + "/" + std::to_string(m.depth) + " " : std::string();
    out.moves.push_back({m.move, m.book ? "book" : score + seconds(m.time_ms)});
  }
  out.comment = r.comment;
  out.result = r.result;
  return rec::write_record(out);
}

}  // namespace triad::tournament
