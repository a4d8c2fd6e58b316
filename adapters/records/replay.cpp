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

}  // namespace triad::adapters::records
