// Playing a record on a game (see replay.h).
#include "adapters/records/replay.h"

#include "adapters/common/text.h"

namespace triad::adapters::records {

Result<void> set_up(AnyGame& game, const Record& record) {
  const std::string* fen = record.tag("FEN");
  const std::string start = fen && *fen != "startpos" ? *fen : game.start_position_line();
  if (auto r = game.reset(start); !r) return make_error("FEN tag: " + r.error().message);
  return {};
}

Result<void> play_moves(AnyGame& game, const Record& record,
                        const std::function<void(std::size_t, const AnyGame&)>& before_move) {
  for (std::size_t ply = 0; ply < record.moves.size(); ++ply) {
    const std::string& token = record.moves[ply].token;
    if (before_move) before_move(ply, game);
    if (auto r = game.play(token); !r)
      // The game's notation names the token in its errors: the ply is all we add.
      return make_error(refused_at_ply(ply, r.error().message));
  }
  return {};
}

namespace {

// Plays `moves` from `start` (at 0-based ply `first`), each move's variations from the
// position before it.
Result<void> check_line(const AnyGame& start, const std::vector<RecordMove>& moves,
                        std::size_t first) {
  auto game = start.clone();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    for (std::size_t v = 0; v < moves[i].variations.size(); ++v)
      if (auto r = check_line(*game, moves[i].variations[v].moves, first + i); !r)
        return make_error(refused_at_ply(
            first + i, "variation " + std::to_string(v + 1) + ": " + r.error().message));
    if (auto r = game->play(moves[i].token); !r)
      return make_error(refused_at_ply(first + i, r.error().message));
  }
  return {};
}

}  // namespace

Result<void> check_variations(const AnyGame& game, const Record& record) {
  return check_line(game, record.moves, 0);
}

}  // namespace triad::adapters::records
